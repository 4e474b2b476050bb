import { createHash } from "node:crypto";
import { AppError, TooManyRequestsError } from "#app/http/errors.ts";
import { MAX_FORM_BYTES, mediaType, RequestBodyError, readBody } from "#app/http/request-body.server.ts";
import {
  type ApiActor,
  ApiKeyRefusedError,
  authenticateApiKey,
} from "#app/modules/api-key/api-key.service.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { takeLimit } from "#app/modules/limits/limits.server.ts";
import type { Services } from "#app/services.server.ts";

// How /api/v1 answers (decision 065): JSON, refusals as { error, fields } with their status, 401 with
// WWW-Authenticate for a missing or refused key, 429 with Retry-After over a limit. Only a Bearer key
// authenticates: cookies are never read here, so a page on another site cannot write with a visitor's session.
// Public reads may be called from any site's scripts (Access-Control-Allow-Origin: *) and carry an ETag of the
// data's version (the page cache's), so an unchanged answer costs a 304.

const JSON_TYPE = "application/json; charset=utf-8";

/** Headers of every public read: any origin may read it; no credentials are ever involved. */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, If-None-Match",
  "Access-Control-Max-Age": "600",
};

export function apiJson(body: unknown, status = 200, headers: HeadersInit = {}) {
  return new Response(status === 304 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": "no-cache", ...headers },
  });
}

/** The answer to a refusal: its status and { error, fields }; anything but a known refusal is rethrown. */
export function apiRefusal(error: unknown, headers: HeadersInit = {}) {
  if (error instanceof ApiKeyRefusedError) {
    return apiJson({ error: error.message, fields: {} }, 401, {
      ...headers,
      "WWW-Authenticate": 'Bearer realm="api"',
    });
  }
  if (error instanceof RequestBodyError)
    return apiJson({ error: error.message, fields: {} }, error.status, headers);
  if (!(error instanceof AppError)) throw error;
  const retry: HeadersInit =
    error instanceof TooManyRequestsError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return apiJson({ error: error.message, fields: error.fieldErrors }, error.status, { ...headers, ...retry });
}

/** The preflight of a cross-origin read. */
export function preflight() {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

/**
 * Who is calling: the key's actor (counted against LIMIT_API_REQUESTS_PER_MINUTE per key), or null for a
 * caller without a key (counted per client address against LIMIT_API_PUBLIC_REQUESTS_PER_MINUTE).
 */
export async function apiCaller(services: Services, request: Request): Promise<ApiActor | null> {
  const actor = await authenticateApiKey(services.db, request.headers.get("authorization"));
  if (actor) await takeLimit(services.db, services.limits.apiRequests, actor.keyId);
  else {
    const client = request.headers.get(CLIENT_IP_HEADER) || "unknown";
    await takeLimit(services.db, services.limits.apiPublicRequests, client);
  }
  return actor;
}

/** The caller must have a key: 401 otherwise. */
export async function requireApiKey(services: Services, request: Request): Promise<ApiActor> {
  const actor = await apiCaller(services, request);
  if (!actor) throw new ApiKeyRefusedError("This needs an API key: Authorization: Bearer <key>");
  return actor;
}

/** A write's JSON body (at most 64 KB): 415 when it is not JSON, 400 when it does not parse. */
export async function readJson(request: Request): Promise<unknown> {
  if (mediaType(request.headers.get("content-type") ?? "") !== "application/json") {
    throw new RequestBodyError(415, "Send the listing as application/json");
  }
  const text = await (await readBody(request, MAX_FORM_BYTES)).text();
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestBodyError(400, "The body is not valid JSON");
  }
}

/**
 * A public read's whole answer (GET, no key needed): the caller counted against its limit (its key's or its
 * address's), then the data with an ETag of the data's version and the URL, 304 when the client holds it;
 * `read` runs only when it does not. A refusal (429, 404, a bad key) is the API's JSON error.
 */
export async function publicRead(services: Services, request: Request, read: () => Promise<unknown>) {
  try {
    await apiCaller(services, request);
    const version = await services.pageCache.currentVersion();
    const url = new URL(request.url);
    const tag = createHash("sha256").update(`${version} ${url.pathname}${url.search}`).digest("base64url");
    const etag = `"api-${tag.slice(0, 27)}"`;
    const headers = { ...CORS_HEADERS, ETag: etag, Vary: "Authorization" };
    const held = (request.headers.get("if-none-match") ?? "")
      .split(",")
      .map((value) => value.trim().replace(/^W\//, "").replace(/-gz"$/, '"'));
    if (held.includes(etag) || held.includes("*")) return apiJson(null, 304, headers);
    return apiJson(await read(), 200, headers);
  } catch (error) {
    return apiRefusal(error, CORS_HEADERS);
  }
}

/** The action of a read-only resource: the CORS preflight, and 405 for any write. */
export function readOnlyApiAction({ request }: { request: Request }) {
  if (request.method === "OPTIONS") return preflight();
  return apiJson({ error: "Method not allowed", fields: {} }, 405, { Allow: "GET, HEAD, OPTIONS" });
}
