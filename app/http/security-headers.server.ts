import type { RequestHandler } from "express";
import type { Config } from "#app/config.server.ts";
import { TOUR_FRAME_ORIGINS } from "#app/modules/listing/listing.tour.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Headers every response carries, and the refusal of cross-site writes (a form on another site posting
 * here with the visitor's cookie). Scripts run only with this response's nonce: no inline script otherwise.
 */
export function securityHeaders(config: Config): RequestHandler {
  const appOrigin = new URL(config.publicUrl).origin;
  const tileOrigin = tileSource(config.map.tileUrl);
  // Photos from IMAGE_BASE_URL (a CDN or a public bucket), when set.
  const imageOrigin = config.images.baseUrl ? new URL(config.images.baseUrl).origin : "";
  // SITE_LOGO_URL may name another host (the agency's own); a path on this site is 'self' already.
  const logoOrigin = config.site.logoUrl?.startsWith("https://") ? new URL(config.site.logoUrl).origin : "";
  return (req, res, next) => {
    if (
      !SAFE_METHODS.has(req.method) &&
      isCrossSite(req.headers.origin, req.headers["sec-fetch-site"], appOrigin)
    ) {
      res.status(403).type("text/plain").send("Cross-site requests are not allowed.");
      return;
    }
    const nonce = res.locals.nonce as string;
    if (nonce) {
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
          // React and Leaflet set style attributes; styles cannot run code.
          "style-src 'self' 'unsafe-inline'",
          `img-src 'self' data: blob: ${tileOrigin} ${imageOrigin} ${logoOrigin}`
            .replace(/ +/g, " ")
            .trimEnd(),
          "connect-src 'self'",
          // A listing's video or virtual tour, embedded once the visitor presses play (listing.tour.ts).
          `frame-src ${TOUR_FRAME_ORIGINS.join(" ")}`,
          "font-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join("; "),
      );
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (config.secureCookies)
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

function isCrossSite(
  origin: string | undefined,
  fetchSite: string | string[] | undefined,
  appOrigin: string,
) {
  if (origin) return origin !== appOrigin;
  return fetchSite === "cross-site";
}

/** The CSP source for the map tiles: the tile URL's origin, with a subdomain placeholder as a wildcard. */
function tileSource(tileUrl: string) {
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl);
  return match?.[1]?.replace(/\{[a-z]\}\./, "*.") ?? "";
}
