import { type MouseEvent, useEffect, useState } from "react";
import { Link, redirect, useFetcher } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { CARD_GRID_SIZES, ListingCard, SaveButton } from "#app/components/listing/listing-card.tsx";
import { LoadMoreLink } from "#app/components/listing/load-more-link.tsx";
import { SavedHomeAlerts } from "#app/components/saved/saved-home-alerts.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { AppError, refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { getUser, requireUser, safeRedirectPath } from "#app/modules/auth/auth.session.server.ts";
import { SAVED_MESSAGES, savedHomeStatusLabel } from "#app/modules/saved/saved.rules.ts";
import {
  findSavedHomeAlertFrequency,
  findSavedHomesPage,
  type SavedHome,
} from "#app/modules/saved/saved-home.repo.server.ts";
import { setHomeSaved, setSavedHomeAlerts } from "#app/modules/saved/saved-home.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/saved.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Saved homes"), matches),
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const add = url.searchParams.get("add");
  if (add !== null) return saveAfterSignIn(context, request, url, user.id, add);
  const [page, alertFrequency] = await Promise.all([
    findSavedHomesPage(db, user.id, url.searchParams.get("cursor")),
    findSavedHomeAlertFrequency(db, user.id),
  ]);
  return { ...page, alertFrequency };
}

/**
 * `/saved?add=<listing>&redirectTo=<page>`: where a visitor who pressed a heart lands after signing in. Saves
 * that home, then goes back to the page they pressed it on. A link from another site (Sec-Fetch-Site:
 * cross-site) saves nothing, so no one can fill someone's list by sending them a link.
 */
async function saveAfterSignIn(
  context: Route.LoaderArgs["context"],
  request: Request,
  url: URL,
  userId: string,
  listingId: string,
): Promise<never> {
  const back = safeRedirectPath(url.searchParams.get("redirectTo"), "/saved");
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") throw redirect(back);
  try {
    await setHomeSaved(context.get(servicesContext).db, userId, listingId, true);
  } catch (error) {
    if (error instanceof AppError) throw redirectWithToast(context, back, "error", error.message);
    throw error;
  }
  throw redirectWithToast(context, back, "success", SAVED_MESSAGES.homeSaved);
}

/**
 * The heart's form: saves (`saved=true`) or unsaves a home. A visitor goes to sign in, then /saved?add= saves
 * the home and brings them back to the page they pressed it on. Without JavaScript the page reloads; a
 * fetcher (its request is for `/saved.data`) gets the new state instead.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "alerts") return setAlerts(context, url, String(form.get("frequency") ?? ""));
  const listingId = String(form.get("listingId") ?? "");
  const saved = form.get("saved") === "true";
  const back = safeRedirectPath(form.get("redirectTo"), "/saved");
  const user = await getUser(context);
  if (!user) {
    const resume = saved ? `/saved?${new URLSearchParams({ add: listingId, redirectTo: back })}` : back;
    return redirect(`/sign-in?${new URLSearchParams({ redirectTo: resume })}`);
  }
  const inPlace = new URL(request.url).pathname.endsWith(".data");
  try {
    await setHomeSaved(context.get(servicesContext).db, user.id, listingId, saved);
  } catch (error) {
    // A heart pressed on another page: back to it, where the toast says why.
    if (inPlace && error instanceof AppError) return redirectWithToast(context, back, "error", error.message);
    return refusalResponse(error);
  }
  if (inPlace) return { saved };
  // Without JavaScript the page reloads: a toast says what happened, and brings the page rendered for the
  // user (a shared page would show a visitor's hearts to a browser that cannot ask /me, decision 070).
  return redirectWithToast(
    context,
    back,
    "success",
    saved ? SAVED_MESSAGES.homeSaved : SAVED_MESSAGES.homeUnsaved,
  );
}

/** The "E-mail me" form: how often the user hears of their saved homes' price drops, lets and sales. */
async function setAlerts(context: Route.ActionArgs["context"], url: URL, frequency: string) {
  const user = await requireUser(context, url);
  try {
    await setSavedHomeAlerts(context.get(servicesContext).db, user.id, frequency);
  } catch (error) {
    return refusalResponse(error);
  }
  return redirectWithToast(context, "/saved", "success", SAVED_MESSAGES.homeAlertsSet);
}

export default function Saved({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof loader>();
  const [appended, setAppended] = useState<{ more: SavedHome[]; cursor: string | null }>({
    more: [],
    cursor: loaderData.nextCursor,
  });
  useEffect(() => {
    const next = fetcher.data;
    if (next) setAppended((shown) => ({ more: [...shown.more, ...next.homes], cursor: next.nextCursor }));
  }, [fetcher.data]);
  const homes = [...loaderData.homes, ...appended.more];
  const loading = fetcher.state !== "idle";
  const { t } = useI18n();

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!loading && appended.cursor)
      fetcher.load(`/saved?${new URLSearchParams({ cursor: appended.cursor })}`);
  }

  return (
    <main className="page">
      <h1 className="page-heading mb-2">{t("Saved homes")}</h1>
      <p className="mb-8 text-muted">
        {t("The homes you saved, the most recent first. Only you can see them.")}
      </p>
      <FormMessage data={actionData && "error" in actionData ? actionData : undefined} />
      <SavedHomeAlerts frequency={loaderData.alertFrequency} />
      {homes.length === 0 ? (
        <EmptyState
          illustration="house"
          message={t("No saved homes yet")}
          detail={t("Press the heart on any home to keep it here.")}
        >
          <Link to="/" className="btn-primary">
            {t("Browse homes")}
          </Link>
        </EmptyState>
      ) : (
        <ul className="listing-grid">
          {homes.map((home) =>
            home.listing ? (
              <ListingCard
                key={home.listingId}
                listing={home.listing}
                saved
                listLabel={t("Saved homes")}
                sizes={CARD_GRID_SIZES}
              />
            ) : (
              <GoneHome key={home.listingId} home={home} />
            ),
          )}
        </ul>
      )}
      {loading ? <Spinner label={t("Loading more saved homes")} /> : null}
      {appended.cursor ? (
        <LoadMoreLink
          href={`?${new URLSearchParams({ cursor: appended.cursor })}`}
          loading={loading}
          onClick={loadMore}
        />
      ) : null}
    </main>
  );
}

/** A saved home that is no longer on the site: its name, its status and a way to take it off the list. */
function GoneHome({ home }: { home: SavedHome }) {
  const { t, translate } = useI18n();
  const status = savedHomeStatusLabel(home.status);
  return (
    <li className="listing-card card gap-3 p-4">
      <span className="badge self-start">{status ? translate(status) : null}</span>
      <h2 className="font-bold">{home.name}</h2>
      <p className="text-sm text-muted">{t("This home is no longer available.")}</p>
      <div className="listing-card-actions">
        <SaveButton listingId={home.listingId} name={home.name} saved />
      </div>
    </li>
  );
}
