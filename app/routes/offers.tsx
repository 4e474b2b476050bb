import { Link } from "react-router";
import { ListingList } from "#app/components/listing/listing-list.tsx";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { loadListingsPage } from "#app/modules/listing/listing.repo.server.ts";
import { listMeta, pageTitle, siteNameOf } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/offers.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? listMeta(
        "Offers",
        "Homes for rent and for sale at a discounted price, newest first.",
        "/offers",
        loaderData.publicUrl,
        siteNameOf(matches),
      )
    : [pageTitle("Offers", matches)];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext);
  const page = await loadListingsPage(db, { offer: true }, url.searchParams.get("cursor"));
  return { publicUrl: config.publicUrl, ...page };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orFailedPage(serverLoader, { publicUrl: window.location.origin });
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page">
      <h1 className="page-heading mb-2">Offers</h1>
      <p className="mb-8 text-muted">
        Homes for rent and for sale below their regular price, the newest first.
      </p>
      <ListingList
        page={loaderData}
        label="Offers"
        empty={{
          message: "There are no current offers",
          illustration: "tag",
          detail: "Owners add offers all the time. Meanwhile, every home is a tap away.",
          action: (
            <Link to="/" className="btn-primary">
              Browse all homes
            </Link>
          ),
        }}
      />
    </main>
  );
}
