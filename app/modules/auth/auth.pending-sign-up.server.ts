import { type Cookie, createCookie } from "react-router";

// After sign-up nobody is signed in (the answer must be the same whether or not the address had an account),
// so "Check your inbox" learns the address from this cookie: signed, HttpOnly, for as long as the link works.

const PENDING_SIGN_UP_COOKIE = "pending-sign-up";

/** The signed cookie that holds the address just signed up with, for "Check your inbox" and its Resend. */
export function createPendingSignUpCookie({ secret, secure }: { secret: string; secure: boolean }): Cookie {
  return createCookie(PENDING_SIGN_UP_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 24 * 60 * 60,
    secrets: [secret],
  });
}

/** The address the browser signed up with, or null. */
export async function pendingSignUpEmail(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.includes("@") ? value : null;
}
