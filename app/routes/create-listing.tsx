import { ListingForm } from "~/components/listing-form/listing-form";
import { readForm } from "~/http/request-body.server";
import { requireUser } from "~/modules/auth/auth.session.server";
import { listingWriteErrorResponse } from "~/modules/listing/listing.responses.server";
import { listingPath } from "~/modules/listing/listing.rules";
import { LISTING_MESSAGES, listingFormInput, NEW_LISTING_DEFAULTS } from "~/modules/listing/listing.schema";
import { createListing } from "~/modules/listing/listing.service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { services } from "~/services.server";
import type { Route } from "./+types/create-listing";

export const meta: Route.MetaFunction = () => [{ title: "Create a Listing · Homestead" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireUser(context, url);
  return null;
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const input = listingFormInput(await readForm(request));
  try {
    const saved = await createListing(services(), user, input);
    return redirectWithToast(listingPath(saved), "success", LISTING_MESSAGES.saved);
  } catch (error) {
    return listingWriteErrorResponse(error);
  }
}

export default function CreateListing({ actionData }: Route.ComponentProps) {
  return (
    <main className="page max-w-2xl">
      <h1 className="page-heading">Create a Listing</h1>
      <ListingForm defaults={NEW_LISTING_DEFAULTS} submitLabel="Create Listing" actionData={actionData} />
    </main>
  );
}
