import { data, Form, Link } from "react-router";
import { AgencyFields } from "#app/components/agency/agency-fields.tsx";
import { AgencyInvitations } from "#app/components/agency/agency-invitations.tsx";
import { AgencyListings } from "#app/components/agency/agency-listings.tsx";
import { AgencyMembers } from "#app/components/agency/agency-members.tsx";
import { AgencyViewingTimes, agencyViewingsAnchor } from "#app/components/agency/agency-viewing-times.tsx";
import { ApiKeysSection } from "#app/components/api-keys/api-keys-section.tsx";
import { FeedLinks } from "#app/components/exchange/feed-links.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import {
  findAgenciesOfUser,
  findAgencyProfile,
  findMembers,
  findOpenInvitations,
} from "#app/modules/agency/agency.repo.server.ts";
import { AGENCY_MESSAGES, agencyPath, managesAgency, roleLabel } from "#app/modules/agency/agency.rules.ts";
import { agencyFormInput } from "#app/modules/agency/agency.schema.ts";
import {
  cancelInvitation,
  changeMemberRole,
  inviteMember,
  removeMember,
  requireAgencyManager,
  updateAgency,
} from "#app/modules/agency/agency.service.server.ts";
import { API_KEY_INTENTS, apiKeyAction } from "#app/modules/api-key/api-key.action.server.ts";
import { findApiKeys } from "#app/modules/api-key/api-key.repo.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { findFeedLinks, regenerateFeedLinks } from "#app/modules/exchange/exchange.service.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { findListedByIds, findListingsByAgency } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { findRecentStats } from "#app/modules/stats/stats.repo.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { findOpenHousesOfListings } from "#app/modules/viewing/viewing.repo.server.ts";
import {
  addViewingTime,
  listingTimeZone,
  removeViewingTime,
  viewingDeps,
} from "#app/modules/viewing/viewing.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/agency.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Agency workspace"), matches),
  { name: "robots", content: "noindex" },
];

/**
 * The agency's workspace: its members, open invitations and settings. A user in several agencies picks one
 * (`?agency=slug`); the first, by name, otherwise. Only owners and admins see the invitations and settings and
 * the contact e-mail; every write is checked again by the service.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db, config } = context.get(servicesContext);
  const agencies = await findAgenciesOfUser(db, user.id);
  const chosen = agencies.find((agency) => agency.slug === url.searchParams.get("agency")) ?? agencies[0];
  if (!chosen) return { agencies, current: null };
  const manages = managesAgency(chosen.role);
  const [profile, members, invitations, listings, apiKeys, feedLinks] = await Promise.all([
    findAgencyProfile(db, chosen.id),
    findMembers(db, chosen.id),
    manages ? findOpenInvitations(db, chosen.id) : Promise.resolve([]),
    findListingsByAgency(db, chosen.id),
    manages ? findApiKeys(db, { agencyId: chosen.id }) : Promise.resolve([]),
    // The feeds' secret links: for those who manage the agency only.
    manages ? findFeedLinks(db, config.publicUrl, { agencyId: chosen.id }) : Promise.resolve(null),
  ]);
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const now = Date.now();
  const ids = listings.map((listing) => listing.id);
  const [{ listed, times }, stats] = await Promise.all([
    // Viewing times of the homes in the public lists (a let, sold, hidden or expired one takes none).
    findListedByIds(db, ids).then(async (listedRows) => {
      const listedIds = new Set(listedRows.map((listing) => listing.id));
      const opens = await findOpenHousesOfListings(db, [...listedIds], now);
      return {
        listed: listings.filter((listing) => listedIds.has(listing.id)),
        times: Map.groupBy(opens, (time) => time.listingId),
      };
    }),
    // Every member sees the agency's figures: the last 30 days of all its listings.
    findRecentStats(db, ids, now),
  ]);
  if (!profile) return { agencies, current: null };
  const { contactEmail, logoImage, ...publicProfile } = profile;
  return {
    agencies,
    current: {
      ...publicProfile,
      contactEmail: manages ? contactEmail : null,
      logo: logoImage ? imageSources(logoImage, config.images.baseUrl) : null,
      role: chosen.role,
      manages,
      apiKeys,
      feedLinks,
      userId: user.id,
      members: members.map((member) => ({ ...member, email: manages ? member.email : null })),
      // Every agent's listings; owners and admins may edit each, an agent their own (the service checks).
      listings: listings.map((listing) => ({
        id: listing.id,
        name: listing.name,
        path: listingPath(listing),
        agentName: names.get(listing.userRef) ?? null,
        editable: manages || listing.userRef === user.id,
      })),
      viewings: listed.map((listing) => {
        const own = (times.get(listing.id) ?? []).map(({ listingId: _, remarks: __, ...time }) => time);
        return {
          id: listing.id,
          name: listing.name,
          path: listingPath(listing),
          editable: manages || listing.userRef === user.id,
          timeZone: own[0]?.timeZone ?? listingTimeZone(listing.geolocation),
          times: own,
        };
      }),
      openViewings: url.searchParams.get("viewings"),
      stats,
      invitations: invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role ?? "agent",
        expiresAt: new Date(invitation.expiresAt).getTime(),
      })),
    },
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const agencyId = String(form.get("agencyId") ?? "");
  const back = (slug: string | null) =>
    slug ? `/agency?${new URLSearchParams({ agency: slug })}` : "/agency";
  const slug = url.searchParams.get("agency");
  const { headers } = request;
  const intent = form.get("intent");
  if (intent === "add-viewing-time" || intent === "remove-viewing-time") {
    // The listing page's "Viewing times" forms, naming their listing; the service checks who may change them.
    const listingId = String(form.get("listingId") ?? "");
    const query = new URLSearchParams({ ...(slug ? { agency: slug } : {}), viewings: listingId });
    const to = `/agency?${query}#${encodeURIComponent(agencyViewingsAnchor(listingId))}`;
    const deps = viewingDeps(services);
    try {
      const message =
        intent === "add-viewing-time"
          ? await addViewingTime(deps, user, listingId, Object.fromEntries(form))
          : await removeViewingTime(deps, user, String(form.get("openHouseId") ?? ""));
      return redirectWithToast(context, to, "success", message);
    } catch (error) {
      const refusal = refusalResponse(error);
      return redirectWithToast(context, to, "error", refusal.data.error ?? msg("Something went wrong"));
    }
  }
  if (API_KEY_INTENTS.includes(intent as (typeof API_KEY_INTENTS)[number])) {
    // An agency's keys act as the agency: only its owners and admins make or revoke them.
    try {
      await requireAgencyManager(services.db, agencyId, user);
    } catch (error) {
      return refusalResponse(error);
    }
    return apiKeyAction(services.db, context, user, { agencyId }, form, back(slug));
  }
  try {
    switch (form.get("intent")) {
      case "update-profile":
        await updateAgency(services, user, headers, agencyId, agencyFormInput(form));
        return redirectWithToast(context, back(slug), "success", AGENCY_MESSAGES.saved);
      case "invite":
        await inviteMember(services, user, headers, agencyId, {
          email: form.get("email") ?? undefined,
          role: form.get("role") ?? undefined,
        });
        return redirectWithToast(context, back(slug), "success", AGENCY_MESSAGES.invited);
      case "cancel-invitation":
        await cancelInvitation(services, user, headers, agencyId, String(form.get("invitationId") ?? ""));
        return redirectWithToast(context, back(slug), "success", AGENCY_MESSAGES.invitationCanceled);
      case "change-role":
        await changeMemberRole(services, user, headers, agencyId, {
          memberId: form.get("memberId") ?? undefined,
          role: form.get("role") ?? undefined,
        });
        return redirectWithToast(context, back(slug), "success", AGENCY_MESSAGES.roleChanged);
      case "regenerate-feeds": {
        const message = await regenerateFeedLinks(services.db, user, { agencyId });
        return redirectWithToast(context, back(slug), "success", message);
      }
      case "remove-member":
        await removeMember(services, user, headers, agencyId, String(form.get("memberId") ?? ""));
        return redirectWithToast(context, back(slug), "success", AGENCY_MESSAGES.removed);
    }
  } catch (error) {
    return refusalResponse(error);
  }
  return data({ error: msg("Unknown action"), fieldErrors: {} }, { status: 400 });
}

export default function AgencyWorkspace({ loaderData, actionData }: Route.ComponentProps) {
  const { agencies, current } = loaderData;
  const { t, translate } = useI18n();
  const keyAnswer = actionData && "apiKeys" in actionData ? actionData : null;
  const fieldErrors: Record<string, string | undefined> = keyAnswer ? {} : (actionData?.fieldErrors ?? {});
  if (!current) {
    return (
      <main className="page max-w-3xl">
        <h1 className="page-heading">{t("Agency workspace")}</h1>
        <p className="mb-6 text-muted">{t("You are not in an agency yet.")}</p>
        <Link to="/agencies/new" className="btn-primary self-start">
          {t("Create an agency")}
        </Link>
      </main>
    );
  }
  return (
    <main className="page max-w-5xl">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="page-heading mb-0">{current.name}</h1>
        <p className="text-muted">
          {t("Your role: {role}", { role: translate(roleLabel(current.role)) })} ·{" "}
          <Link to={agencyPath(current.slug)} className="link">
            {t("Public page")}
          </Link>
          {current.manages ? (
            <>
              {" "}
              ·{" "}
              <Link to={`/agency/import?${new URLSearchParams({ agency: current.slug })}`} className="link">
                {t("Import listings")}
              </Link>
            </>
          ) : null}
        </p>
      </header>
      {agencies.length > 1 ? (
        <nav aria-label={t("Your agencies")} className="mb-6 flex flex-wrap gap-2">
          {agencies.map((agency) => (
            <Link
              key={agency.id}
              to={`/agency?${new URLSearchParams({ agency: agency.slug })}`}
              aria-current={agency.id === current.id ? "page" : undefined}
              className={agency.id === current.id ? "btn-primary btn-small" : "btn-secondary btn-small"}
            >
              {agency.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <FormMessage data={actionData} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex flex-col gap-8">
          <AgencyListings listings={current.listings} stats={current.stats} />
          <AgencyViewingTimes
            listings={current.viewings}
            action={`/agency?${new URLSearchParams({ agency: current.slug })}`}
            open={current.openViewings}
          />
          <AgencyMembers
            agencyId={current.id}
            members={current.members}
            manages={current.manages}
            viewerRole={current.role}
            userId={current.userId}
          />
          {current.manages ? (
            <AgencyInvitations
              agencyId={current.id}
              invitations={current.invitations}
              viewerRole={current.role}
              emailError={fieldErrors.email}
            />
          ) : null}
          {current.manages ? (
            <ApiKeysSection
              keys={current.apiKeys}
              createdKey={keyAnswer?.createdKey ?? null}
              nameError={(keyAnswer?.fieldErrors as Record<string, string | undefined> | undefined)?.name}
              agencyId={current.id}
            />
          ) : null}
        </div>
        {current.manages && current.contactEmail !== null ? (
          <section aria-labelledby="agency-settings" className="card flex flex-col gap-6 p-5">
            <h2 id="agency-settings" className="section-heading">
              {t("Settings")}
            </h2>
            <Form method="post" className="flex flex-col gap-6">
              <input type="hidden" name="intent" value="update-profile" />
              <input type="hidden" name="agencyId" value={current.id} />
              <AgencyFields
                values={{ ...current, contactEmail: current.contactEmail }}
                logo={current.logo}
                fieldErrors={fieldErrors}
              />
              <button type="submit" className="btn-primary self-start">
                {t("Save agency")}
              </button>
            </Form>
          </section>
        ) : null}
        {current.manages ? <FeedLinks links={current.feedLinks} agencyId={current.id} /> : null}
      </div>
    </main>
  );
}
