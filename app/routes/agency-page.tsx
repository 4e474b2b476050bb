import { data, Link } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { ListingMap } from "#app/components/listing/listing-map.tsx";
import { listPageParts } from "#app/components/search/list-page.server.ts";
import { ServerHtml } from "#app/components/search/server-html.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { findAgencyAgentNames, findAgencyBySlug } from "#app/modules/agency/agency.repo.server.ts";
import { AGENCY_MESSAGES, agencyPath } from "#app/modules/agency/agency.rules.ts";
import { imageSources } from "#app/modules/image/image.rules.ts";
import { loadListPage } from "#app/modules/search/search.repo.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/agency-page.ts";

export const meta: Route.MetaFunction = ({ loaderData: page, matches }) =>
  page
    ? [
        pageTitle(page.agency.name, matches),
        { name: "description", content: page.agency.about.slice(0, 160) },
      ]
    : [];

/**
 * The agency's public page: its profile, its agents and its trader details (legal name, registration
 * number, office; never the contact e-mail), as a trader's identity is shown to consumers (DSA Art. 30).
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const { readDb, config, i18n } = context.get(servicesContext);
  const agency = await findAgencyBySlug(readDb, params.slug);
  // A suspended agency's page is gone for everyone, as its listings are (decision 064).
  if (!agency || agency.suspended) throw data(AGENCY_MESSAGES.notFound, { status: 404 });
  const [agents, page] = await Promise.all([
    findAgencyAgentNames(readDb, agency.id),
    // Its listings as a category lists them: the same filters and sorts, the agency one more condition, a page
    // at a time (Load More).
    loadListPage(readDb, url.searchParams, { agencyId: agency.id }, config.areaUnit),
  ]);
  const { filtersHtml, savedIds } = await listPageParts(
    { db: readDb, config, i18n },
    { context, request },
    page,
    { action: agencyPath(agency.slug), params: page.search!, fixed: { agencyId: agency.id } },
  );
  const { logoImage, suspended: _suspended, ...profile } = agency;
  const logo = logoImage ? imageSources(logoImage, config.images.baseUrl) : null;
  return { agency: profile, logo, agents, ...page, search: null, filtersHtml, savedIds, map: config.map };
}

export default function AgencyPage({ loaderData }: Route.ComponentProps) {
  const { agency, agents, logo, filtersHtml, listKey, map } = loaderData;
  const { t } = useI18n();
  return (
    <main className="page max-w-5xl">
      <header className="mb-6 flex items-center gap-4">
        {logo ? (
          <img
            {...logo}
            sizes="80px"
            alt={t("Logo of {agency}", { agency: agency.name })}
            className="size-20 shrink-0 rounded-lg border border-line bg-surface object-contain"
          />
        ) : null}
        <div className="min-w-0">
          <h1 className="page-heading mb-1">{agency.name}</h1>
          <p className="text-muted">{agency.officeAddress}</p>
        </div>
      </header>
      <div className="grid gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-start">
        <section aria-labelledby="agency-about">
          <h2 id="agency-about" className="section-heading mb-2">
            {t("About the agency")}
          </h2>
          <p className="whitespace-pre-line">{agency.about}</p>
          <h2 id="agency-agents" className="section-heading mt-8 mb-2">
            {t("Agents")}
          </h2>
          <ul aria-labelledby="agency-agents" className="flex flex-wrap gap-2">
            {agents.map((agent) => (
              <li key={agent.id} className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold">
                {agent.name}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="agency-trader" className="card p-5">
          <h2 id="agency-trader" className="section-heading mb-3">
            {t("Trader details")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t("Legal name")}</dt>
            <dd>{agency.legalName}</dd>
            {agency.registrationNumber ? (
              <>
                <dt className="text-muted">{t("Registration number")}</dt>
                <dd>{agency.registrationNumber}</dd>
              </>
            ) : null}
            <dt className="text-muted">{t("Office")}</dt>
            <dd>{agency.officeAddress}</dd>
            {agency.phone ? (
              <>
                <dt className="text-muted">{t("Phone")}</dt>
                <dd>
                  <a href={`tel:${agency.phone.replace(/[^+0-9]/g, "")}`} className="link">
                    {agency.phone}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <div className="mt-4">
            <ListingMap
              key={agency.slug}
              lat={agency.officeLat}
              lng={agency.officeLng}
              location={agency.officeAddress}
              exact
              tileUrl={map.tileUrl}
              attribution={map.attribution}
            />
          </div>
        </section>
      </div>
      <section aria-labelledby="agency-listings" className="mt-10">
        <h2 id="agency-listings" className="section-heading mb-4">
          {t("Listings of {agency}", { agency: agency.name })}
        </h2>
        {filtersHtml ? <ServerHtml html={filtersHtml} /> : null}
        <ListingList
          key={`${agency.slug}?${listKey}`}
          page={loaderData}
          label={agency.name}
          empty={{
            message: t("No listings yet"),
            illustration: "house",
            detail: t("This agency has not published a home yet."),
            action: (
              <Link to="/" className="btn-primary">
                {t("Explore")}
              </Link>
            ),
          }}
        />
      </section>
    </main>
  );
}
