import { MAX_FORM_BYTES, mediaType, RequestBodyError, readBody } from "#app/http/request-body.server.ts";

// In front of better-auth's HTTP API. It parses a JSON body of any size, and passes strings to the database as
// they come: PostgreSQL answers a NUL in text with an error (a 500 here). No e-mail, password, token or name
// contains a NUL, so a request carrying one is refused before better-auth sees it.

const NUL = "\u0000";

// better-auth's admin plugin answers over HTTP at /api/auth/admin/* (set a role, impersonate, set a password,
// remove a user...). None is for the browser: roles come from ADMIN_EMAILS, and /admin calls the plugin
// in-process after its own check. So every one of them is closed, to admins as well (an administrator's stolen
// session must not impersonate users or hand out roles), including endpoints a later version adds.
// The organization plugin's (/api/auth/organization/*) are closed the same way: the agency pages validate the
// input (the trader details, the limits) and call it in-process (decision 061).
const CLOSED_PATHS = /^\/api\/auth\/(?:admin|organization)(?:\/|$)/i;

/**
 * The request to hand to better-auth (its body read once, at most 64 KB), or the refusal to answer with, in
 * better-auth's own error shape ({ message, code }).
 */
export async function checkAuthRequest(request: Request): Promise<Request | Response> {
  if (urlHasNul(request.url)) return refusal(400, "The request contains a NUL character.");
  if (isClosedPath(request.url)) return refusal(404, "Not found");
  if (request.method === "GET" || request.method === "HEAD") return request;
  let body: Blob;
  try {
    body = await readBody(request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof RequestBodyError) return refusal(error.status, error.message);
    throw error;
  }
  if (bodyHasNul(await body.text(), request.headers.get("content-type") ?? "")) {
    return refusal(400, "The request contains a NUL character.");
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}

function isClosedPath(href: string) {
  // As better-auth's router would see it: percent-decoded, with repeated slashes folded.
  return CLOSED_PATHS.test(safeDecode(new URL(href).pathname).replace(/\/{2,}/g, "/"));
}

function urlHasNul(href: string) {
  const url = new URL(href);
  return safeDecode(url.pathname).includes(NUL) || [...url.searchParams.values()].some(hasNul);
}

/** A raw NUL, or one escaped in JSON ("\u0000") or in a form ("%00"): what better-auth would decode. */
function bodyHasNul(text: string, contentType: string) {
  if (text.includes(NUL)) return true;
  const type = mediaType(contentType);
  if (type === "application/x-www-form-urlencoded") {
    return [...new URLSearchParams(text)].some(([key, value]) => hasNul(key) || hasNul(value));
  }
  if (type === "application/json") {
    try {
      return containsNul(JSON.parse(text));
    } catch {
      return false; // better-auth answers malformed JSON itself, with a 400
    }
  }
  return false;
}

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => hasNul(key) || containsNul(item));
  }
  return false;
}

function hasNul(value: string) {
  return value.includes(NUL);
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function refusal(status: number, message: string) {
  const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : "BAD_REQUEST";
  return Response.json({ message, code }, { status });
}
