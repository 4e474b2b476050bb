import { ListingList } from "#app/components/listing/listing-list.tsx";
import { orFailedPage } from "#app/modules/listing/listing.model.ts";
import { loadListingsPage } from "#app/modules/listing/listing.repo.server.ts";
import { listMeta } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/offers.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? listMeta(
        "Offers",
        "Homes for rent and for sale at a discounted price, newest first.",
        "/offers",
        loaderData.publicUrl,
      )
    : [{ title: "Offers · Homestead" }];

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
      <h1 className="page-heading">Offers</h1>
      <ListingList page={loaderData} emptyMessage="There are no current offers" />
    </main>
  );
}
