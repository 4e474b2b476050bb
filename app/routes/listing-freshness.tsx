import { data, Form, Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import {
  answerFreshnessLink,
  checkFreshnessLink,
  type FreshnessLink,
} from "#app/modules/listing/listing.freshness.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/listing-freshness.ts";

// The links of "Is your home still available?" (decision 040): no sign-in, the signed token is the
// permission. Opening a link changes nothing (mail scanners open links too); the one button on the page does.

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Is your home still available?"), matches),
  { name: "robots", content: "noindex" },
];

/** What the page says of a link that can do nothing, and why nothing changed. */
const REFUSED = {
  invalid: { message: msg("This link is not valid"), status: 400 },
  expired: { message: msg("This link has expired"), status: 410 },
  used: { message: msg("This link has already been used"), status: 409 },
} as const;

type Shown =
  | { state: keyof typeof REFUSED }
  | { state: "ready"; answer: "confirm" | "let" | "sold"; name: string; path: string; token: string }
  | { state: "done"; answer: "confirm" | "let" | "sold"; name: string; path: string };

function shown(link: FreshnessLink, token: string | null): Shown {
  if (link.state !== "ready") return { state: link.state };
  const facts = { answer: link.claims.answer, name: link.listing.name, path: listingPath(link.listing) };
  // The page's form posts the token back; after the answer it is spent and not shown again.
  return token === null ? { state: "done", ...facts } : { state: "ready", ...facts, token };
}

function answer(link: Shown) {
  return data(link, {
    status: link.state in REFUSED ? REFUSED[link.state as keyof typeof REFUSED].status : 200,
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const token = url.searchParams.get("token");
  const link = await checkFreshnessLink(db, config.auth.secret, token, Date.now());
  return answer(shown(link, token));
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext);
  const form = await readForm(request);
  const token = form.get("token");
  const link = await answerFreshnessLink(
    db,
    config.auth.secret,
    typeof token === "string" ? token : null,
    Date.now(),
  );
  return answer(shown(link, null));
}

const BUTTON = {
  confirm: msg("Confirm it is available"),
  let: msg("Mark as let"),
  sold: msg("Mark as sold"),
} as const;

export default function ListingFreshness({ loaderData, actionData }: Route.ComponentProps) {
  const link = actionData ?? loaderData;
  const { t } = useI18n();
  return (
    <main className="page max-w-xl">
      <h1 className="page-heading">{t("Is your home still available?")}</h1>
      {link.state === "ready" ? (
        <div className="card flex flex-col gap-4 p-6">
          <p className="text-lg">
            <Link to={link.path} className="link">
              {link.name}
            </Link>
          </p>
          <p className="text-muted">
            {link.answer === "confirm"
              ? t("Confirm that it is still available: it stays in the lists for another period.")
              : link.answer === "let"
                ? t("Mark it as let: it leaves the lists, and its page says it is no longer available.")
                : t("Mark it as sold: it leaves the lists, and its page says it is no longer available.")}
          </p>
          <Form method="post">
            <input type="hidden" name="token" value={link.token} />
            <button type="submit" className="btn-primary w-full">
              {t(BUTTON[link.answer])}
            </button>
          </Form>
        </div>
      ) : link.state === "done" ? (
        <EmptyState
          illustration="house"
          message={
            link.answer === "confirm"
              ? t("Thank you: {name} stays listed", { name: link.name })
              : link.answer === "let"
                ? t("{name} is marked as let", { name: link.name })
                : t("{name} is marked as sold", { name: link.name })
          }
          detail={
            link.answer === "confirm"
              ? t("We will ask again when it has not been confirmed for a while.")
              : t("It has left the lists. You can mark it as available again from your profile.")
          }
        >
          <Link to={link.path} className="btn-secondary">
            {t("See your listing")}
          </Link>
        </EmptyState>
      ) : (
        <EmptyState
          illustration="search"
          alert
          message={t(REFUSED[link.state].message)}
          detail={t("Nothing was changed. Sign in to renew or mark your listing from your profile.")}
        >
          <Link to="/profile" className="btn-secondary">
            {t("Go to your profile")}
          </Link>
        </EmptyState>
      )}
    </main>
  );
}
