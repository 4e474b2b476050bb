import { APIError } from "better-auth/api";
import { UserNameSchema } from "#app/modules/user/user.schema.ts";

// better-auth's own HTTP API (/api/auth/sign-up/email, /api/auth/update-user) takes whatever name and image a
// client sends: megabytes of text, NUL (which PostgreSQL refuses with an error), "javascript:" URLs. Every
// user row it writes passes through here first, so those endpoints obey the same rules as our forms.

const MAX_IMAGE_URL_LENGTH = 2048;

/** The fields of a user row that better-auth is about to write (a create has all, an update some). */
type UserFields = { name?: unknown; image?: unknown };

/** Throws a 400 APIError when `user` carries a name or an image this site would not accept from its forms. */
export function assertAcceptableUserFields(user: UserFields) {
  if (user.name !== undefined) {
    const name = UserNameSchema.safeParse(user.name);
    if (!name.success) throw badRequest(name.error.issues[0]?.message ?? "Invalid name");
  }
  if (user.image !== undefined && user.image !== null && !isProfilePictureUrl(user.image)) {
    throw badRequest("A profile picture must be an https:// address");
  }
}

/** Only providers set a picture (Google's are https URLs); nothing else, "javascript:" least of all. */
function isProfilePictureUrl(value: unknown) {
  return (
    typeof value === "string" &&
    value.length <= MAX_IMAGE_URL_LENGTH &&
    URL.parse(value)?.protocol === "https:"
  );
}

function badRequest(message: string) {
  return new APIError("BAD_REQUEST", { message, code: "INVALID_USER_FIELDS" });
}
