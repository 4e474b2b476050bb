// Browser-safe facts of signing in, shared by the pages and the server (no Zod, no secrets).

/** Set by our HTTP server on every request from the socket address (or a trusted proxy's header). */
export const CLIENT_IP_HEADER = "x-homestead-client-ip";

/** The shortest password better-auth accepts; the sign-up and reset pages say so. */
export const MIN_PASSWORD_LENGTH = 8;

/** SPEC.md's toast for a Google sign-in that did not succeed, wherever it ends (popup or full page). */
export const GOOGLE_FAILED = "Could not authorize with Google";

/** The code of better-auth's refusal while an account's sign-ins are paused after many failures. */
export const TOO_MANY_FAILED_SIGN_INS = "TOO_MANY_FAILED_SIGN_INS";
