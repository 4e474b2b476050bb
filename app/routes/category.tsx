import { data, Link } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { loadListingsPage } from "#app/modules/listing/listing.repo.server.ts";
import { categoryHeading, isListingType } from "#app/modules/listing/listing.rules.ts";
import { listMeta, siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/category.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? listMeta(
        loaderData.heading,
        `${loaderData.heading}: the newest listings first, with photos, prices and room counts.`,
        `/category/${loaderData.categoryName}`,
        loaderData.publicUrl,
        siteNameOf(matches),
      )
    : [];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { categoryName } = params;
  // Only rent and sale exist; anything else is the 404 page.
  if (!isListingType(categoryName)) throw data(null, { status: 404 });
  const { db, config } = context.get(servicesContext);
  const page = await loadListingsPage(db, { type: categoryName }, url.searchParams.get("cursor"));
  return { categoryName, heading: categoryHeading(categoryName), publicUrl: config.publicUrl, ...page };
}

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const categoryName = params.categoryName === "rent" ? "rent" : "sale";
  return orFailedPage(serverLoader, {
    categoryName,
    heading: categoryHeading(categoryName),
    publicUrl: window.location.origin,
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { categoryName, heading } = loaderData;
  return (
    <main className="page">
      <h1 className="page-heading mb-2">{heading}</h1>
      <p className="mb-8 text-muted">
        {categoryName === "rent" ? "Homes to rent" : "Homes to buy"}, the newest first.
      </p>
      <ListingList
        key={categoryName}
        page={loaderData}
        label={heading}
        showType={false}
        empty={{
          message: `No listings for ${categoryName}`,
          illustration: "house",
          detail: `Have a home ${categoryName === "rent" ? "to rent out" : "to sell"}? It takes a few minutes.`,
          action: (
            <Link to="/create-listing" className="btn-primary">
              List your home
            </Link>
          ),
        }}
      />
    </main>
  );
}
