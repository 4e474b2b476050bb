import type { Listing } from "./listing.model.ts";

// The two links of SPEC.md's contact flow: from a listing to the contact page, and from there to the mail client.

/**
 * "/contact/{owner id}?listingName={name}&listingId={id}": the Contact Landlord link of a listing. The page
 * takes the listing's name from the listing itself; the id makes the enquiry one about that listing.
 */
export function contactPath(listing: Pick<Listing, "id" | "userRef" | "name">) {
  const name = encodeURIComponent(listing.name);
  return `/contact/${encodeURIComponent(listing.userRef)}?listingName=${name}&listingId=${encodeURIComponent(listing.id)}`;
}

/**
 * "mailto:{email}?subject={listing name}&body={message}". Subject and body are percent-encoded (RFC 6068), so
 * "&", "?", "#", "+" and line breaks in them reach the mail client as typed instead of cutting the link short.
 */
export function landlordMailtoHref(email: string, subject: string, body: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
