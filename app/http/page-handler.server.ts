import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { findDatabaseUnavailable } from "#app/db/db.error.ts";
import { hasSessionCookie } from "#app/modules/auth/auth.session.server.ts";
import {
  type CachedPage,
  cachedPage,
  matchesEtag,
  type PageCache,
} from "#app/modules/page-cache/page-cache.server.ts";
import { carriesToast } from "#app/modules/toast/toast.server.ts";
import { unavailableResponse } from "./unavailable.server.ts";

// React Router's Express adapter (@react-router/express), plus the page cache in front of it (decision 041):
// a visitor's GET of a page or of its data is answered from memory while the data has not changed.

// Never pages: resource routes with their own caching (photos), uploads, sign-in with Google, logging out, and
// the signed-in user's own data (/me).
const NOT_PAGES = /^\/(api|images|auth|logout|me)(\/|$)/;
// The pages a signed-in user shares with visitors (decision 070): Explore, the lists, search, a listing's page,
// an agency's page, and their data on a client-side navigation (`/_root.data` is Explore's). What is theirs on
// them (hearts, the unread count, their name) comes from /me. Every other page is rendered for its user, and so
// is a shared page for the few who have their own part inside it (`ownPart`: a listing's lister and agency, a
// visitor holding a booking of it).
const SHARED_PAGES =
  /^\/(?:|_root\.data|offers|search|category\/(?:rent|sale)(?:\/[^/.]+)?|agencies\/[^/]+)(?:\.data)?$/;
// What React Router answers for a page (HTML) and for its data on a client-side navigation (`.data`).
const PAGE_TYPES = /^(text\/html|text\/x-script)\b/;
// The Cache-Control entry.server.tsx gives a page whose route chose none (decision 013).
const DEFAULT_CACHE_CONTROL = "private, no-cache";

type Options = {
  build: () => Promise<ServerBuild>;
  /** PUBLIC_URL: every request's URL is built on it, never on what Host or X-Forwarded-Host claim. */
  publicUrl: string;
  mode?: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** The cache, and whether this request may use it (false: it reads from the primary after a write). */
  pageCache?: { cache: PageCache; usable: (req: express.Request) => boolean };
  /** Told of each page answered from the cache without rendering (listing views are counted so). */
  onCachedHit?: (req: express.Request, url: URL) => void;
  /**
   * Whether a signed-in GET of a shared page has its own part inside it (a listing's lister, a visitor with a
   * booking of it): then the page is rendered for them instead. Asked only for signed-in requests.
   */
  ownPart?: (req: express.Request, pathname: string) => Promise<boolean>;
};

export function createPageHandler({
  build,
  publicUrl,
  mode = process.env.NODE_ENV,
  getLoadContext,
  pageCache,
  onCachedHit,
  ownPart,
}: Options): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  const origin = new URL(publicUrl).origin;
  const render = (
    req: express.Request,
    res: express.Response,
    url: URL,
    method = req.method,
    asVisitor = false,
  ) => handle(toFetchRequest(url, req, res, method, asVisitor), getLoadContext(req, res));
  return async (req, res, next) => {
    const url = requestUrl(origin, req.originalUrl);
    if (!url) {
      res.status(400).type("text/plain").send("Bad Request");
      return;
    }
    try {
      const audience = audienceOf(req);
      if (!pageCache || audience === "own" || !pageCache.usable(req)) {
        await send(res, await render(req, res, url));
        return;
      }
      const { cache } = pageCache;
      const versionRead = cache.currentVersion().catch((error: unknown) => {
        if (findDatabaseUnavailable(error)) return null;
        throw error;
      });
      // Asked while the version is read: what `ownPart` keeps per version waits for the same read.
      if (audience === "member" && ownPart && (await ownPart(req, url.pathname))) {
        versionRead.catch(() => {});
        await send(res, await render(req, res, url));
        return;
      }
      const version = await versionRead;
      if (version === null) {
        // No knowing whether a kept page is current: the page renders, and answers 503 if its reads fail too.
        await send(res, await render(req, res, url));
        return;
      }
      // The path alone is the key: every page is rendered for PUBLIC_URL, whatever host the request named.
      const key = `${req.method === "HEAD" ? "GET" : req.method} ${url.pathname}${url.search}`;
      let page = cache.get(key, version);
      let leader = false;
      if (!page) {
        let own: Response | undefined;
        const filled = await cache.fill(key, version, async () => {
          leader = true;
          // A HEAD fills the cache as the GET it stands for (its own answer would have no body to keep), so it
          // answers with the GET's headers, Cache-Control included, whether or not a GET came first. A
          // signed-in request fills it as a visitor's: without its cookies, so nothing of theirs is kept.
          own = await render(req, res, url, "GET", audience === "member");
          return storable(own) ? keep(version, own, res) : null;
        });
        if (!filled) {
          // Not a page every visitor shares (a redirect, a cookie, a route's own caching): answered as it is,
          // by this request's own rendering (a request that waited for another's renders its own). A signed-in
          // user gets the page rendered for them (their hidden listing is theirs to see, a visitor's is a 404).
          await send(res, (audience === "visitor" && own) || (await render(req, res, url)));
          return;
        }
        page = filled;
      }
      if (!leader) onCachedHit?.(req, url);
      answer(req, res, page, cache.cacheControl, leader ? "MISS" : "HIT");
    } catch (error) {
      if (findDatabaseUnavailable(error) && !res.headersSent) {
        await send(res, unavailableResponse("Service Unavailable", { "Content-Type": "text/plain" }));
        return;
      }
      // The cause goes to the log; the visitor gets the page rendered past the cache, whose error boundary
      // answers with the app's error page if the failure is still there.
      req.log.error({ err: error }, "page handler failed; rendering without the page cache");
      // Only a read is rendered again: a form's body is spent, and its action must not run twice.
      if (res.headersSent || (req.method !== "GET" && req.method !== "HEAD")) {
        next(error);
        return;
      }
      try {
        await send(res, await render(req, res, url));
      } catch (again) {
        next(again);
      }
    }
  };
}

/**
 * The request's URL on PUBLIC_URL's origin. The target is a path, or (from a proxy) an absolute URL of which
 * only the path and query count; concatenated, not resolved, so `//elsewhere/x` stays a path on this site.
 */
function requestUrl(origin: string, target: string) {
  if (target.startsWith("/")) return URL.parse(`${origin}${target}`);
  const absolute = URL.parse(target);
  return absolute && /^https?:$/.test(absolute.protocol)
    ? URL.parse(`${origin}${absolute.pathname}${absolute.search}`)
    : null;
}

/**
 * Who a GET is answered for. "visitor": no session cookie, no toast waiting to be shown. "member": a signed-in
 * user's GET of a page they share with visitors (SHARED_PAGES), answered with the visitors' page unless
 * `ownPart` says otherwise. "own": rendered for this request alone (a write, a toast, a personal page, an
 * Authorization header).
 */
function audienceOf(req: express.Request): "visitor" | "member" | "own" {
  if (req.method !== "GET" && req.method !== "HEAD") return "own";
  if (NOT_PAGES.test(req.path) || req.headers.authorization) return "own";
  const cookie = req.headers.cookie;
  if (!cookie) return "visitor";
  if (carriesToast(cookie)) return "own";
  if (!hasSessionCookie(cookie)) return "visitor";
  return SHARED_PAGES.test(req.path) ? "member" : "own";
}

/**
 * Whether an answer is the same for every visitor: a 200 page or page data, no cookie, default caching. An
 * answer rendered for someone signed in carries `private, no-store` (auth.session.server.ts): never kept.
 */
function storable(response: Response) {
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has("Set-Cookie") &&
    PAGE_TYPES.test(response.headers.get("Content-Type") ?? "") &&
    response.headers.get("Cache-Control") === DEFAULT_CACHE_CONTROL
  );
}

async function keep(version: number, response: Response, res: express.Response): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== "cache-control" && name !== "content-length") headers.push([name, value]);
  }
  // The scripts of the page carry the nonce of the request that rendered it: its policy goes with it.
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") headers.push(["content-security-policy", policy]);
  return cachedPage(version, response.status, headers, body);
}

function answer(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  cacheControl: string,
  state: "HIT" | "MISS",
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl);
  // A shared cache keeps visitors' pages apart from signed-in ones by the cookie; compressed apart from plain.
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  res.setHeader("X-Page-Cache", state);
  const gzip = page.gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") ? page.gzip : null;
  res.setHeader("ETag", gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag);
  if (matchesEtag(req.headers["if-none-match"], page)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ?? page.body;
  res.setHeader("Content-Length", body.byteLength);
  res.status(page.status);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function toFetchRequest(
  url: URL,
  req: express.Request,
  res: express.Response,
  method = req.method,
  asVisitor = false,
) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    // Rendered as a visitor's page: no cookie, so no session is looked up and nothing personal is drawn.
    if (asVisitor && name === "cookie") continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
