import { replaceUnprintable } from "#app/modules/text/text.rules.ts";
import { USER_NAME_MAX_LENGTH } from "#app/modules/user/user.rules.ts";
import { UserNameSchema } from "#app/modules/user/user.schema.ts";

const FALLBACK_NAME = "Google user";
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * The display name for an account Google creates. Its name is whatever the person typed there: it can be
 * longer than ours allows or hold control characters. Refusing it would leave the account unable to sign in,
 * so it is tidied into a name the profile form would accept: unprintable characters become spaces, whitespace
 * is collapsed, the result is cut to the longest name we take (between whole characters as people see them:
 * never inside an emoji or a letter with its accent), and an empty name falls back to the e-mail's local part.
 */
export function nameFromGoogleProfile(name: unknown, email: unknown): string {
  const candidates = [name, typeof email === "string" ? email.split("@")[0] : undefined];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const tidied = cutToMaxLength(replaceUnprintable(candidate, " ").replace(/\s+/g, " ").trim()).trim();
    if (UserNameSchema.safeParse(tidied).success) return tidied;
  }
  return FALLBACK_NAME;
}

function cutToMaxLength(text: string): string {
  let cut = "";
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    length += Array.from(segment).length;
    if (length > USER_NAME_MAX_LENGTH) break;
    cut += segment;
  }
  return cut;
}
