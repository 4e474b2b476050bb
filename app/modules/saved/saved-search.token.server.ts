import { createHmac, timingSafeEqual } from "node:crypto";

// The unsubscribe link of an alert e-mail: the search's id signed with the app's secret, so it turns off that
// one search with no sign-in, and no one can forge it for another (RFC 8058 one-click).

function signature(secret: string, searchId: string) {
  return createHmac("sha256", secret).update(`unsubscribe:${searchId}`).digest("base64url").slice(0, 32);
}

/** The token of `searchId`'s unsubscribe link. */
export function unsubscribeToken(secret: string, searchId: string) {
  return `${searchId}.${signature(secret, searchId)}`;
}

/** The search a token names, or null when it was forged or damaged. */
export function verifyUnsubscribeToken(secret: string, token: string | null): string | null {
  if (!token || token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const searchId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, searchId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? searchId : null;
}

/** The absolute unsubscribe URL of `searchId`. */
export function unsubscribeUrl(publicUrl: string, secret: string, searchId: string) {
  return `${publicUrl}/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(secret, searchId) })}`;
}
