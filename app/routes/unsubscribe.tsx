import { data, Form, Link } from "react-router";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { readForm } from "#app/http/request-body.server.ts";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { describeFilter, parseSearchFilter } from "#app/modules/saved/saved-search.filter.ts";
import { findSavedSearchById, turnOffSavedSearch } from "#app/modules/saved/saved-search.repo.server.ts";
import { verifyUnsubscribeToken } from "#app/modules/saved/saved-search.token.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/unsubscribe.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Unsubscribe"), matches),
  { name: "robots", content: "noindex" },
];

type State = { state: "ask" | "done" | "already" | "invalid"; search: string | null; token: string };

async function lookUp(context: Route.LoaderArgs["context"], token: string | null) {
  const { db, config, i18n } = context.get(servicesContext);
  const id = verifyUnsubscribeToken(config.auth.secret, token);
  const search = id ? await findSavedSearchById(db, id) : undefined;
  return { db, search, i18n, areaUnit: config.areaUnit };
}

function words(query: string, i18n: I18n, areaUnit: AreaUnit) {
  return describeFilter(parseSearchFilter(new URLSearchParams(query), areaUnit), i18n);
}

/** The link in an alert e-mail: asks to confirm (mail scanners open links; only a press turns alerts off). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const { search, i18n, areaUnit } = await lookUp(context, token);
  if (!search) return data<State>({ state: "invalid", search: null, token: "" }, { status: 400 });
  const state = search.frequency === "off" ? "already" : "ask";
  return { state, search: words(search.query, i18n, areaUnit), token } satisfies State;
}

/**
 * Turns off the one search the signed token names, with no sign-in: the page's button, and RFC 8058's
 * one-click POST from the mail client (body `List-Unsubscribe=One-Click`, the token in the URL).
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const { db, search, i18n, areaUnit } = await lookUp(context, token);
  if (!search) return data<State>({ state: "invalid", search: null, token: "" }, { status: 400 });
  const changed = await turnOffSavedSearch(db, search.id);
  return {
    state: changed ? "done" : "already",
    search: words(search.query, i18n, areaUnit),
    token,
  } satisfies State;
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, search, token } = actionData ?? loaderData;
  const { t } = useI18n();
  // Sentences around the search's words, which are set in bold: split at the placeholder.
  const around = (text: string) => text.split("{words}");
  const [askBefore, askAfter] = around(t("Stop e-mails about new homes for your saved search {words}?"));
  const [doneBefore, doneAfter] = around(t("You are unsubscribed: no more alerts for {words}."));
  const [offBefore, offAfter] = around(t("Alerts for {words} are already off."));
  return (
    <main className="form-page">
      <div className="flex flex-col gap-4">
        <h1 className="page-heading">{t("Search alerts")}</h1>
        {state === "invalid" ? (
          <p role="alert">{t("This unsubscribe link is not valid. Nothing was changed.")}</p>
        ) : null}
        {state === "ask" ? (
          <>
            <p>
              {askBefore}
              <strong>{search}</strong>
              {askAfter}
            </p>
            <Form method="post">
              <input type="hidden" name="token" value={token} />
              <button type="submit" className="btn-primary w-full">
                {t("Unsubscribe")}
              </button>
            </Form>
          </>
        ) : null}
        {state === "done" ? (
          <p role="status">
            {doneBefore}
            <strong>{search}</strong>
            {doneAfter}
          </p>
        ) : null}
        {state === "already" ? (
          <p role="status">
            {offBefore}
            <strong>{search}</strong>
            {offAfter}
          </p>
        ) : null}
        <p className="text-muted">
          {t("You can turn alerts on again from")}{" "}
          <Link to="/profile#saved-searches" className="link">
            {t("your profile")}
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
