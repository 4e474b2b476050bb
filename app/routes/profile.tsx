import { data, Form, Link } from "react-router";
import { ArrowRightIcon, HomeIcon } from "~/components/icons";
import { PersonalDetails } from "~/components/profile/personal-details";
import { YourListings } from "~/components/profile/your-listings";
import { readForm } from "~/http/request-body.server";
import { requireUser } from "~/modules/auth/auth.session.server";
import { findListingsByOwner } from "~/modules/listing/listing.repo.server";
import { LISTING_MESSAGES } from "~/modules/listing/listing.schema";
import { deleteListing, ListingWriteError } from "~/modules/listing/listing.service.server";
import { toListingSummary } from "~/modules/listing/listing.summary";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { changeOwnName } from "~/modules/user/user.service.server";
import { services } from "~/services.server";
import type { Route } from "./+types/profile";

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
