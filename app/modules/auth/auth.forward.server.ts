import { data, redirect } from "react-router";
import { refusalResponse, TooManyRequestsError } from "#app/http/errors.ts";
import { CLIENT_IP_HEADER, TOO_MANY_FAILED_SIGN_INS } from "./auth.constants.ts";
import { checkAuthRequest } from "./auth.request-guard.server.ts";
import { SUSPENDED_CODE, SUSPENDED_MESSAGE } from "./auth.roles.ts";
import type { Auth } from "./auth.server.ts";
import { redirectTarget } from "./auth.session.server.ts";

const FORWARDED_HEADERS = ["cookie", "user-agent", CLIENT_IP_HEADER];
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/**
 * Calls a better-auth endpoint in-process, as the browser's own request would, so its rate limits, hooks and
 * cookies apply exactly as on /api/auth. Route actions use this so that forms work before JavaScript loads.
 * Throws TooManyRequestsError when the client's address has used up its attempts (AUTH_RATE_LIMIT_*).
 */
export async function callAuthEndpoint(
  auth: Auth,
  request: Request,
  path: string,
  body: Record<string, unknown>,
) {
  const { baseURL: publicUrl, basePath } = auth.options;
  const headers = new Headers({ "content-type": "application/json", origin: new URL(publicUrl).origin });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The same guard as /api/auth's (a NUL anywhere, an oversized body, a closed path): PostgreSQL refuses a NUL
  // in a query's text, so one reaching the sign-in limits' lookup was a 500 there.
  const checked = await checkAuthRequest(
    new Request(`${publicUrl}${basePath}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const response = checked instanceof Response ? checked : await auth.handler(checked);
  if (response.status === 429) {
    // The account's own lock (many failed sign-ins) says so; the client address's limit says "attempts".
    const refusal = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    const locked = refusal?.code === TOO_MANY_FAILED_SIGN_INS && typeof refusal.message === "string";
    throw new TooManyRequestsError(
      locked ? String(refusal.message) : TOO_MANY_ATTEMPTS,
      retryAfterSeconds(response),
    );
  }
  return response;
}

/** The seconds a 429 of better-auth asks to wait: its rate limiter says X-Retry-After, our hooks Retry-After. */
function retryAfterSeconds(response: Response) {
  return Number(response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After")) || 60;
}

/**
 * A better-auth answer as /api/auth sends it: every 429 carries the standard Retry-After header (its rate
 * limiter writes only X-Retry-After).
 */
export function withRetryAfter(response: Response) {
  if (response.status !== 429 || response.headers.has("Retry-After")) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(retryAfterSeconds(response)));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * For callAuthEndpoint(...).catch: a rate-limited call becomes null, for a link or button that has no form to
 * show the refusal on (Google sign-in, logout); any other failure is rethrown.
 */
export function nullWhenRateLimited(error: unknown): null {
  if (error instanceof TooManyRequestsError) return null;
  throw error;
}

/** The Set-Cookie headers of an auth response, to pass on with our own redirect. */
export function authCookies(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

type SignInRequest = {
  auth: Auth;
  request: Request;
  /** The page's URL: its `?redirectTo=` is where the user goes afterwards. */
  url: URL;
  path: "/sign-in/email" | "/sign-up/email";
  body: Record<string, unknown>;
  /** What the form says when better-auth refuses (SPEC.md: "Bad User Credentials"...), and with which status. */
  refused: { error: string; status: 400 | 401 };
};

/**
 * How the sign-in and sign-up forms answer: the session cookie and a redirect to `?redirectTo=` (or Explore)
 * when better-auth accepts, `refused` when it does not, a 429 with Retry-After when the address is rate limited.
 */
export async function signInOrUp({ auth, request, url, path, body, refused }: SignInRequest) {
  try {
    const response = await callAuthEndpoint(auth, request, path, body);
    if (await isSuspension(response)) return data({ error: SUSPENDED_MESSAGE }, { status: 403 });
    if (!response.ok) return data({ error: refused.error }, { status: refused.status });
    return redirect(redirectTarget(url), { headers: authCookies(response) });
  } catch (error) {
    return refusalResponse(error);
  }
}

/** better-auth refused the session because a moderator suspended the account (the password was right). */
async function isSuspension(response: Response) {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === SUSPENDED_CODE;
}
