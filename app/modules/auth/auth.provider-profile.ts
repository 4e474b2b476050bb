import { replaceUnprintable } from "~/modules/text/text.rules";
import { UserNameSchema } from "~/modules/user/user.schema";

// The longest name the forms accept (UserNameSchema); a provider's name is cut to it rather than refused.
const MAX_NAME_LENGTH = 60;
const FALLBACK_NAME = "Google user";

/**
 * The display name for an account a provider (Google) creates. Its name is whatever the person typed there:
 * it can be longer than ours allows or hold control characters. Refusing it would make the account unable to
 * sign in at all, so it is tidied into a name the profile form would accept: unprintable characters become
 * spaces, whitespace is collapsed, the result is cut at 60 characters (never inside a surrogate pair), and an
 * empty name falls back to the e-mail's local part.
 */
export function nameFromProvider(name: unknown, email: unknown): string {
  const candidates = [name, typeof email === "string" ? email.split("@")[0] : undefined];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const tidied = Array.from(replaceUnprintable(candidate, " ").replace(/\s+/g, " ").trim())
      .slice(0, MAX_NAME_LENGTH)
      .join("")
      .trim();
    if (UserNameSchema.safeParse(tidied).success) return tidied;
  }
  return FALLBACK_NAME;
}
