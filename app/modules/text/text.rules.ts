// What a one-line text a user types (a name, an address) may contain; shared by the forms and the server.

/**
 * Characters no one types into a one-line field, refused rather than stored: control characters (NUL among
 * them, which PostgreSQL cannot store in text at all), unpaired UTF-16 surrogates, and the bidirectional
 * embedding, override and isolate controls, with which "Ann\u202Egnp.exe" displays as "Annexe.png".
 */
const FORBIDDEN = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, "gu");

/** Whether `value` is free of control characters, unpaired surrogates and bidi overrides. */
export function isPlainText(value: string) {
  return !FORBIDDEN.test(value);
}

/** `value` with every character isPlainText refuses replaced by `replacement` (for text we did not get typed). */
export function replaceUnprintable(value: string, replacement: string) {
  return value.replace(FORBIDDEN_ALL, replacement);
}
