import { createHash } from "node:crypto";

// A feed's answer: its ETag follows the page cache's data version (decision 041: every write a visitor would
// see bumps it), so a portal that polls hourly gets a 304 until a listing changes, without the feed being
// rendered again.

/** A feed's strong ETag at the data's `version`, for this link and file (`key`). */
export function feedEtag(version: number, key: string) {
  return `"feed-${version}-${createHash("sha256").update(key).digest("base64url").slice(0, 16)}"`;
}

/** Whether an If-None-Match header names `etag` (or any). */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/**
 * 304 when the client holds this version, else the feed `render` makes, with its ETag. `cacheControl`: the
 * page cache's public one for a public feed; a secret link's is private (a shared cache must not keep it).
 */
export async function feedResponse(
  request: Request,
  { etag, contentType, cacheControl }: { etag: string; contentType: string; cacheControl: string },
  render: () => Promise<string>,
) {
  const headers = {
    ETag: etag,
    "Cache-Control": cacheControl,
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  };
  if (matches(request.headers.get("If-None-Match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(await render(), { headers: { ...headers, "Content-Type": contentType } });
}
