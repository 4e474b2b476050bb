import { ListingForm } from "#app/components/listing-form/listing-form.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { listingWriteErrorResponse } from "#app/modules/listing/listing.responses.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import {
  LISTING_MESSAGES,
  type ListingFormDefaults,
  listingFormInput,
} from "#app/modules/listing/listing.schema.ts";
import { findEditableListing, updateListing } from "#app/modules/listing/listing.service.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/edit-listing.ts";

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
