import { ListingForm } from "~/components/listing-form/listing-form";
import { readForm } from "~/http/request-body.server";
import { requireUser } from "~/modules/auth/auth.session.server";
import { listingWriteErrorResponse } from "~/modules/listing/listing.responses.server";
import { listingPath } from "~/modules/listing/listing.rules";
import {
  LISTING_MESSAGES,
  type ListingFormDefaults,
  listingFormInput,
} from "~/modules/listing/listing.schema";
import { findEditableListing, updateListing } from "~/modules/listing/listing.service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { services } from "~/services.server";
import type { Route } from "./+types/edit-listing";

export const meta: Route.MetaFunction = () => [{ title: "Edit Listing · Homestead" }];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  try {
    const listing = await findEditableListing(services().db, user, params.listingId);
    const defaults: ListingFormDefaults = {
      type: listing.type,
      name: listing.name,
      bedrooms: listing.bedrooms,
      bathrooms: listing.bathrooms,
      parking: listing.parking,
      furnished: listing.furnished,
      address: listing.location,
      offer: listing.offer,
      regularPrice: listing.regularPrice,
      discountedPrice: listing.discountedPrice ?? 0,
      photos: listing.images.map((image) => ({ id: image.id, src: image.src })),
    };
    return { listingId: listing.id, defaults };
  } catch (error) {
    throw await listingWriteErrorResponse(error);
  }
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const input = listingFormInput(await readForm(request));
  try {
    const saved = await updateListing(services(), user, params.listingId, input);
    return redirectWithToast(listingPath(saved), "success", LISTING_MESSAGES.saved);
  } catch (error) {
    return listingWriteErrorResponse(error);
  }
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="page max-w-2xl">
      <h1 className="page-heading">Edit Listing</h1>
      {/* A fresh form per listing: its state starts from that listing's values. */}
      <ListingForm
        key={loaderData.listingId}
        defaults={loaderData.defaults}
        submitLabel="Edit Listing"
        actionData={actionData}
      />
    </main>
  );
}
