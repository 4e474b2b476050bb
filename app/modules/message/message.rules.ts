// Browser-safe rules of enquiries: how a lister is reached, how long a message may be, and the words the pages
// and the server share.

/** CONTACT_MODE: `email` shows a lister's address to verified users; `relay` sends enquiries through the site. */
export type ContactMode = "email" | "relay";

/** The longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;

export const MESSAGE_TEXTS = {
  empty: "Write a message",
  tooLong: `Keep your message under ${MESSAGE_MAX_LENGTH} characters`,
  unprintable: "Your message can not contain control characters",
  sent: "Message sent",
  blocked: "This person does not accept your messages",
  ownListing: "You can not send a message about your own listing",
  verifyFirst: "Verify your e-mail to send messages",
  threadMissing: "Conversation does not exist",
  listingMissing: "Listing does not exist",
  unavailable: "This home is no longer available",
  blockedToast: "Blocked: they can no longer send you messages",
  unblockedToast: "Unblocked: they can send you messages again",
} as const;

/**
 * How enquiries about a listing reach its owner: through the site when the site says so (CONTACT_MODE=relay)
 * or when the owner keeps their e-mail private, else by the mail client (the spec's mailto).
 */
export function contactChannel(mode: ContactMode, ownerKeepsEmailPrivate: boolean): ContactMode {
  return mode === "relay" || ownerKeepsEmailPrivate ? "relay" : "email";
}

/** A conversation's page. */
export function threadPath(threadId: string) {
  return `/messages/${encodeURIComponent(threadId)}`;
}
