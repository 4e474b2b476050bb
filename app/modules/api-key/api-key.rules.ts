import { msg } from "#app/modules/i18n/i18n.ts";

// API keys (decision 065): what a key looks like, how many an owner may hold, and what people are told.
// Safe for the browser.

/** Every key starts with this, so a key pasted somewhere public is recognised (secret scanners look for it). */
export const API_KEY_PREFIX = "hs_";

export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = {
  /** Keys an owner (a user, or an agency) may hold, revoked ones aside. */
  maxKeys: 20,
  nameMax: 60,
} as const;

export const API_KEY_MESSAGES = {
  nameRequired: msg("Give the key a name"),
  nameTooLong: msg("The name is at most 60 characters"),
  scopeInvalid: msg("Choose read or write"),
  tooMany: msg("You have 20 API keys. Revoke one before you create another."),
  revoked: msg("API key revoked"),
  notFound: msg("That API key does not exist"),
  verifyFirst: msg("Please verify your e-mail address before you create an API key"),
} as const;

/** The label of a scope, as the key list shows it. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: msg("Read"),
  write: msg("Read and write"),
};
