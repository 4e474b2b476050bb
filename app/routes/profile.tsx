import { data, Form, Link } from "react-router";
import { ArrowRightIcon, HomeIcon } from "#app/components/icons.tsx";
import { PersonalDetails } from "#app/components/profile/personal-details.tsx";
import { YourListings } from "#app/components/profile/your-listings.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { findListingsByOwner } from "#app/modules/listing/listing.repo.server.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { deleteListing, ListingWriteError } from "#app/modules/listing/listing.service.server.ts";
import { toListingSummary } from "#app/modules/listing/listing.summary.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { changeOwnName } from "#app/modules/user/user.service.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/profile.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Profile · Homestead" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const listings = await findListingsByOwner(services().db, user.id);
  return { user, listings: listings.map(toListingSummary) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "update-name") {
    const result = await changeOwnName(services().db, user, { name: formData.get("name") });
    if (!result.ok) return data({ intent, error: result.error }, { status: 400 });
    return { intent, error: null };
  }
  if (intent === "delete-listing") {
    try {
      await deleteListing(services(), user, String(formData.get("listingId") ?? ""));
    } catch (error) {
      if (!(error instanceof ListingWriteError)) throw error;
      const refusal = error.code === "forbidden" ? "You can not delete that listing" : error.message;
      return data({ intent, error: refusal }, { status: error.code === "forbidden" ? 403 : 404 });
    }
    return redirectWithToast("/profile", "success", LISTING_MESSAGES.deleted);
  }
  return data({ intent, error: "Unknown action" }, { status: 400 });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, listings } = loaderData;
  return (
    <main className="page max-w-2xl">
      <header className="mb-6 flex items-center justify-between">
        <h1 className="page-heading mb-0">My Profile</h1>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700"
          >
            Logout
          </button>
        </Form>
      </header>
      <PersonalDetails user={user} />
      <Link
        to="/create-listing"
        className="card mt-6 flex items-center justify-between gap-3 font-semibold hover:bg-brand-50"
      >
        <HomeIcon />
        <span className="grow">Sell or rent your home</span>
        <ArrowRightIcon />
      </Link>
      <YourListings listings={listings} />
    </main>
  );
}
