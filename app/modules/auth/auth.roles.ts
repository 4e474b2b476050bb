// better-auth's admin plugin roles: ADMIN_EMAILS names the administrators, everybody else is a user.

export const ADMIN_ROLE = "admin";
export const USER_ROLE = "user";

/** What a suspended user reads when they try to sign in (better-auth's admin plugin refuses the session). */
export const SUSPENDED_MESSAGE =
  "Your account has been suspended. Contact us if you think this is a mistake.";

/** better-auth's error code for a sign-in refused because the user is banned. */
export const SUSPENDED_CODE = "BANNED_USER";
