// Browser-safe rules of a user's display name, without Zod: the profile page shows them on its input and
// loads no schema (user.schema.ts checks them on the server).

/** The longest display name, in characters (code points). */
export const USER_NAME_MAX_LENGTH = 60;
