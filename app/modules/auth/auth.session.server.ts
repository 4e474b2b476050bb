import { parseCookies } from "better-call";
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { Auth } from "./auth.server.ts";

/** What pages may know about the signed-in user. Never another user's e-mail. */
export type SessionUser = { id: string; name: string; email: string; emailVerified: boolean };

type SessionLookup = { user: Promise<SessionUser | null>; cookies: Promise<string[]> };

const sessionContext = createContext<() => SessionLookup>();

/**
 * Reads the session at most once per request, and only when a loader or action asks who is signed in: photos,
 * uploads and other resource requests never pay for it. Passes on the refreshed session cookie when
 * better-auth extends the session, and marks an answer rendered for a signed-in user `private, no-store`.
 */
export function sessionMiddleware(auth: Auth): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    let lookup: SessionLookup | undefined;
    context.set(sessionContext, () => {
      lookup ??= lookUpSession(auth, request);
      return lookup;
    });
    const response = await next();
    if (!lookup) return response;
    for (const cookie of await lookup.cookies) response.headers.append("Set-Cookie", cookie);
    if (await lookup.user.catch(() => null)) response.headers.set("Cache-Control", SIGNED_IN_CACHE_CONTROL);
    return response;
  };
}

function lookUpSession(auth: Auth, request: Request): SessionLookup {
  const result = auth.api.getSession({ headers: request.headers, returnHeaders: true });
  return {
    user: result.then(({ response }) => {
      const user = response?.user;
      return user
        ? { id: user.id, name: user.name, email: user.email, emailVerified: Boolean(user.emailVerified) }
        : null;
    }),
    cookies: result.then(({ headers }) => headers.getSetCookie()).catch(() => []),
  };
}

// better-auth's session cookie ("__Secure-" in front when cookies are secure).
const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];
// A page answered to someone signed in is theirs alone: no cache, shared or the browser's disk, keeps it.
const SIGNED_IN_CACHE_CONTROL = "private, no-store";

/**
 * Whether this request comes from someone signed in, for what every page shows (the header's Profile or
 * Sign In). A request without a session cookie is a visitor's without asking the database, so visitors'
 * pages stay the same for everybody (decision 026).
 */
export async function isSignedIn(context: Readonly<RouterContextProvider>, request: Request) {
  if (!hasSessionCookie(request.headers.get("Cookie") ?? "")) return false;
  return (await getUser(context)) !== null;
}

/**
 * Whether a Cookie header carries a session: without one, a page is a visitor's, the same for all (decision 041).
 * Read with the parser better-auth's session lookup reads it with (better-call's), so whatever spelling signs a
 * request in (a space or tab before `=`, quotes) also counts here.
 */
export function hasSessionCookie(cookieHeader: string) {
  const cookies = parseCookies(cookieHeader);
  return SESSION_COOKIES.some((name) => cookies.has(name));
}

/**
 * The session tokens a Cookie header names (its signature cut off, not checked): only for choosing which page a
 * request gets, never for trusting it. A token that names no session, or an expired one, leads to the visitors'
 * page, which is right for anyone; whatever is theirs is still read through better-auth's own lookup.
 */
export function sessionTokensOf(cookieHeader: string) {
  const cookies = parseCookies(cookieHeader);
  const tokens: string[] = [];
  for (const name of SESSION_COOKIES) {
    const value = cookies.get(name);
    const dot = value?.lastIndexOf(".") ?? -1;
    if (value && dot > 0) tokens.push(value.slice(0, dot));
  }
  return tokens;
}

/** The signed-in user, or null for a visitor. */
export function getUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return context.get(sessionContext)().user;
}

/**
 * The signed-in user; a visitor is sent to /sign-in and brought back to this page afterwards. `url` is the
 * loader's normalized URL (without React Router's `.data` suffix), so the way back is the page, not its data.
 */
export async function requireUser(context: Readonly<RouterContextProvider>, url: URL): Promise<SessionUser> {
  const user = await getUser(context);
  if (user) return user;
  throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** The page that asks a signed-in user to verify their address first ("Verify your e-mail", with Resend). */
export const VERIFY_EMAIL_PATH = "/verify-email";

/**
 * The signed-in user with a verified e-mail address, for what a throwaway account must not do: publishing,
 * contacting owners, alerts. A visitor is sent to /sign-in, an unverified user to "Verify your e-mail", each
 * brought back to this page afterwards.
 */
export async function requireVerifiedUser(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<SessionUser> {
  const user = await requireUser(context, url);
  if (user.emailVerified) return user;
  throw redirect(`${VERIFY_EMAIL_PATH}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Where signing in or up leads: the page's own `?redirectTo=` (its form posts to the same URL), or Explore. */
export function redirectTarget(url: URL) {
  return safeRedirectPath(url.searchParams.get("redirectTo"));
}

/**
 * Where to go after signing in: only a path on this site, never another origin. Returned as the URL parser
 * normalizes it (percent-encoded), since it becomes a Location header, which cannot carry NUL, line breaks or
 * other non-ASCII characters.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  // Browsers drop tabs and line breaks from a URL ("/\t/evil.com" is "//evil.com"), and "/.//x" normalizes to
  // "//x": only what is still a path on this site after the parser's normalization may pass.
  const base = "http://this.site";
  const url = URL.parse(value, base);
  if (!url || url.origin !== base || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
