import { data, Form, Link } from "react-router";
import { ApiKeysSection } from "#app/components/api-keys/api-keys-section.tsx";
import { FeedLinks } from "#app/components/exchange/feed-links.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon, HomeIcon } from "#app/components/icons.tsx";
import { MessagesAndPrivacy } from "#app/components/profile/messages-and-privacy.tsx";
import { PersonalDetails } from "#app/components/profile/personal-details.tsx";
import { SavedSearches } from "#app/components/profile/saved-searches.tsx";
import { YourData } from "#app/components/profile/your-data.tsx";
import { YourListings } from "#app/components/profile/your-listings.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { findAgenciesOfUser } from "#app/modules/agency/agency.repo.server.ts";
import { API_KEY_INTENTS, apiKeyAction } from "#app/modules/api-key/api-key.action.server.ts";
import { findApiKeys } from "#app/modules/api-key/api-key.repo.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { findFeedLinks, regenerateFeedLinks } from "#app/modules/exchange/exchange.service.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { incompleteFields } from "#app/modules/listing/listing.country-rules.ts";
import { toListingSummary } from "#app/modules/listing/listing.model.ts";
import { findListingsByOwner, findUnlistedListingIds } from "#app/modules/listing/listing.repo.server.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import {
  changeListingStatus,
  deleteListing,
  renewOwnListing,
} from "#app/modules/listing/listing.service.server.ts";
import {
  countUnreadMessages,
  findKeepEmailPrivate,
  updateKeepEmailPrivate,
} from "#app/modules/message/message.repo.server.ts";
import { findCurrentDecisions } from "#app/modules/moderation/moderation.repo.server.ts";
import { findSavedIds } from "#app/modules/saved/saved-home.repo.server.ts";
import { findSavedSearches } from "#app/modules/saved/saved-search.repo.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { findRecentStats } from "#app/modules/stats/stats.repo.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { deleteAccount } from "#app/modules/user/user.data.server.ts";
import { changeOwnName } from "#app/modules/user/user.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/profile.ts";

const ACCOUNT_DELETED = msg("Your account was deleted");
const EMAIL_PRIVATE = msg("Your e-mail is private: enquiries come through Messages");
const EMAIL_SHOWN = msg("Your e-mail may be shown to people who contact you");

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("My Profile"), matches),
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db, config } = context.get(servicesContext);
  const [listings, unlistedIds, unreadMessages, keepEmailPrivate, agencies, apiKeys, feedLinks] =
    await Promise.all([
      findListingsByOwner(db, user.id),
      findUnlistedListingIds(db, user.id),
      countUnreadMessages(db, user.id),
      findKeepEmailPrivate(db, user.id),
      findAgenciesOfUser(db, user.id),
      findApiKeys(db, { userId: user.id, agencyId: null }),
      findFeedLinks(db, config.publicUrl, { userId: user.id }),
    ]);
  const savedIds = await findSavedIds(
    db,
    user.id,
    listings.map((listing) => listing.id),
  );
  const [savedSearches, decisions, stats] = await Promise.all([
    findSavedSearches(db, user.id),
    findCurrentDecisions(db, unlistedIds),
    findRecentStats(
      db,
      listings.map((listing) => listing.id),
      Date.now(),
    ),
  ]);
  return {
    user,
    listings: listings.map(toListingSummary),
    // What the site's rules require that each listing lacks ("Complete this listing"); none for a complete one.
    missing: Object.fromEntries(
      listings.flatMap((listing) => {
        const labels = incompleteFields(config.listingRules, listing).map((field) => field.label);
        return labels.length > 0 ? [[listing.id, labels]] : [];
      }),
    ),
    unlistedIds,
    // Why a moderator hid each hidden listing (by id): the cards say it.
    hiddenReasons: Object.fromEntries([...decisions].map(([id, decision]) => [id, decision.reason])),
    savedIds,
    savedSearches,
    unreadMessages,
    keepEmailPrivate,
    inAgency: agencies.length > 0,
    // The last 30 days' views, saves and enquiries: of all the user's listings per day, and of each.
    stats,
    apiKeys,
    // A private lister's feeds: shown once they publish a home as themselves (or already have links).
    feedLinks,
    privateLister: feedLinks !== null || listings.some((listing) => listing.agencyId === null),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (API_KEY_INTENTS.includes(intent as (typeof API_KEY_INTENTS)[number])) {
    return apiKeyAction(
      services.db,
      context,
      user,
      { userId: user.id, agencyId: null },
      formData,
      "/profile",
    );
  }
  try {
    if (intent === "update-name") {
      await changeOwnName(services.db, user, { name: formData.get("name") });
      return { error: null };
    }
    if (intent === "delete-account") {
      if (formData.get("confirm") !== "yes") {
        return data({ error: msg("Please confirm that you want to delete your account") }, { status: 400 });
      }
      await deleteAccount(services, user.id);
      return redirectWithToast(context, "/", "success", ACCOUNT_DELETED);
    }
    if (intent === "email-privacy") {
      const keep = formData.get("keepEmailPrivate") === "true";
      await updateKeepEmailPrivate(services.db, user.id, keep);
      return redirectWithToast(context, "/profile", "success", keep ? EMAIL_PRIVATE : EMAIL_SHOWN);
    }
    if (intent === "regenerate-feeds") {
      const message = await regenerateFeedLinks(services.db, user, { userId: user.id });
      return redirectWithToast(context, "/profile", "success", message);
    }
    if (intent === "delete-listing") {
      await deleteListing(services, user, String(formData.get("listingId") ?? ""));
      return redirectWithToast(context, "/profile", "success", LISTING_MESSAGES.deleted);
    }
    const listingId = String(formData.get("listingId") ?? "");
    if (intent === "set-status") {
      const message = await changeListingStatus(services.db, user, listingId, formData.get("status"));
      return redirectWithToast(context, "/profile", "success", message);
    }
    if (intent === "renew") {
      const message = await renewOwnListing(services.db, user, listingId);
      return redirectWithToast(context, "/profile", "success", message);
    }
  } catch (error) {
    return refusalResponse(error);
  }
  return data({ error: msg("Unknown action") }, { status: 400 });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const {
    user,
    listings,
    missing,
    unlistedIds,
    hiddenReasons,
    savedIds,
    savedSearches,
    unreadMessages,
    keepEmailPrivate,
    inAgency,
    stats,
    apiKeys,
    feedLinks,
    privateLister,
  } = loaderData;
  const keyAnswer = actionData && "apiKeys" in actionData ? actionData : null;
  const { t } = useI18n();
  return (
    <main className="page max-w-5xl">
      <header className="mb-8 flex items-center justify-between gap-4">
        <h1 className="page-heading mb-0">{t("My Profile")}</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-secondary btn-small">
            {t("Logout")}
          </button>
        </Form>
      </header>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-start">
        <PersonalDetails user={user} />
        <Link
          to="/create-listing"
          className="card flex items-center gap-4 p-5 font-semibold transition-colors hover:bg-brand-soft md:mt-10"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
            <HomeIcon />
          </span>
          <span className="grow">
            {t("Sell or rent your home")}
            <span className="block text-sm font-normal text-muted">
              {t("Publish it with photos in a few minutes.")}
            </span>
          </span>
          <ArrowRightIcon />
        </Link>
      </div>
      <nav aria-label={t("Saved")} className="mt-6 flex flex-wrap gap-3">
        <Link to="/saved" className="btn-secondary">
          {t("Saved homes")}
        </Link>
        {inAgency ? (
          <Link to="/agency" className="btn-secondary">
            {t("Agency workspace")}
          </Link>
        ) : null}
        <Link to="/agencies/new" className="btn-secondary">
          {t("Create an agency")}
        </Link>
      </nav>
      <MessagesAndPrivacy unreadMessages={unreadMessages} keepEmailPrivate={keepEmailPrivate} />
      <YourListings
        listings={listings}
        missing={missing}
        unlistedIds={unlistedIds}
        hiddenReasons={hiddenReasons}
        savedIds={savedIds}
        stats={stats}
      />
      {privateLister ? <FeedLinks links={feedLinks} /> : null}
      <SavedSearches searches={savedSearches} />
      <ApiKeysSection
        keys={apiKeys}
        createdKey={keyAnswer?.createdKey ?? null}
        nameError={(keyAnswer?.fieldErrors as Record<string, string | undefined> | undefined)?.name}
      />
      {keyAnswer?.error ? <FormMessage data={keyAnswer} /> : null}
      <YourData />
    </main>
  );
}
