import { data, Form, Link } from "react-router";
import { ArrowRightIcon, HomeIcon } from "#app/components/icons.tsx";
import { PersonalDetails } from "#app/components/profile/personal-details.tsx";
import { YourListings } from "#app/components/profile/your-listings.tsx";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { toListingSummary } from "#app/modules/listing/listing.model.ts";
import { findListingsByOwner } from "#app/modules/listing/listing.repo.server.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { deleteListing } from "#app/modules/listing/listing.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { changeOwnName } from "#app/modules/user/user.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/profile.ts";

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle("My Profile", matches)];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const listings = await findListingsByOwner(context.get(servicesContext).db, user.id);
  return { user, listings: listings.map(toListingSummary) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  try {
    if (intent === "update-name") {
      await changeOwnName(services.db, user, { name: formData.get("name") });
      return { error: null };
    }
    if (intent === "delete-listing") {
      await deleteListing(services, user, String(formData.get("listingId") ?? ""));
      return redirectWithToast(context, "/profile", "success", LISTING_MESSAGES.deleted);
    }
  } catch (error) {
    return refusalResponse(error);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, listings } = loaderData;
  return (
    <main className="page max-w-5xl">
      <header className="mb-8 flex items-center justify-between gap-4">
        <h1 className="page-heading mb-0">My Profile</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="btn-secondary btn-small">
            Logout
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
            Sell or rent your home
            <span className="block text-sm font-normal text-muted">
              Publish it with photos in a few minutes.
            </span>
          </span>
          <ArrowRightIcon />
        </Link>
      </div>
      <YourListings listings={listings} />
    </main>
  );
}
