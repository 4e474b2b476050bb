import type { Request, RequestHandler } from "express";

// With a read replica (DATABASE_READ_URL), a page's loaders read from it, unless the request writes or its
// client wrote a moment ago: a replica lags the primary by a little, and someone who just saved a listing
// must see it on the page the save redirects to (decision 024).

/** The cookie that sends a client's reads to the primary for a while after it wrote. */
export const RECENT_WRITE_COOKIE = "homestead-recent-write";

/** How long after a write a client's reads stay on the primary: far longer than a healthy replica lags. */
export const READ_YOUR_WRITES_SECONDS = 10;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const RECENT_WRITE = new RegExp(`(?:^|;)\\s*${RECENT_WRITE_COOKIE}=`);

/** Whether this request's reads must go to the primary: it writes, or its client wrote lately. */
export function readsFromPrimary(req: Request) {
  return !SAFE_METHODS.has(req.method) || RECENT_WRITE.test(req.headers.cookie ?? "");
}

/**
 * Marks every client that writes (any request other than GET, HEAD, OPTIONS), so its next reads, the page a
 * form redirects to included, come from the primary for READ_YOUR_WRITES_SECONDS.
 */
export function markRecentWrites({ secure }: { secure: boolean }): RequestHandler {
  const cookie = [
    `${RECENT_WRITE_COOKIE}=1`,
    `Max-Age=${READ_YOUR_WRITES_SECONDS}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
  return (req, res, next) => {
    if (!SAFE_METHODS.has(req.method)) res.append("Set-Cookie", cookie);
    next();
  };
}
