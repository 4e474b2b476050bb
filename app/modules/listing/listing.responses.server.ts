import { data } from "react-router";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { LISTING_MESSAGES, type ListingActionData, listingToastMessage } from "./listing.schema.ts";
import { ListingWriteError } from "./listing.service.server.ts";

/**
 * The one mapping from a refused listing write to what the browser gets: missing or someone else's listing
 * go home with the spec's toast; a bad form stays on the page with its messages. Anything else is rethrown.
 */
export async function listingWriteErrorResponse(error: unknown) {
  if (!(error instanceof ListingWriteError)) throw error;
  switch (error.code) {
    case "not-found":
      return redirectWithToast("/", "error", LISTING_MESSAGES.notFound);
    case "forbidden":
      return redirectWithToast("/", "error", LISTING_MESSAGES.notOwner);
    case "invalid":
    case "bad-address":
    case "geocoder-unavailable": {
      const fieldErrors = error.fieldErrors;
      // A toast for the spec's own messages, and for problems the user cannot see next to a field otherwise.
      const toast =
        listingToastMessage(fieldErrors) ?? (error.code === "invalid" ? fieldErrors.imageIds : error.message);
      const body: ListingActionData = { error: toast ?? null, fieldErrors };
      return data(body, { status: error.code === "geocoder-unavailable" ? 503 : 400 });
    }
  }
}
