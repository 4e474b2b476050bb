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

// Never pages: resource routes with their own caching (photos), uploads, sign-in with Google, logging out.
const NOT_PAGES = /^\/(api|images|auth|logout)(\/|$)/;
// What React Router answers for a page (HTML) and for its data on a client-side navigation (`.data`).
const PAGE_TYPES = /^(text\/html|text\/x-script)\b/;
// The Cache-Control entry.server.tsx gives a page whose route chose none (decision 013).
const DEFAULT_CACHE_CONTROL = "private, no-cache";

type Options = {
  build: () => Promise<ServerBuild>;
  mode?: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** The cache, and whether this request may use it (false: it reads from the primary after a write). */
  pageCache?: { cache: PageCache; usable: (req: express.Request) => boolean };
};

export function createPageHandler({
  build,
  mode = process.env.NODE_ENV,
  getLoadContext,
  pageCache,
}: Options): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  const render = (req: express.Request, res: express.Response) =>
    handle(toFetchRequest(req, res), getLoadContext(req, res));
  return async (req, res, next) => {
    try {
      if (!pageCache || !sharedRequest(req) || !pageCache.usable(req)) {
        await send(res, await render(req, res));
        return;
      }
      const { cache } = pageCache;
      const version = await cache.currentVersion().catch((error: unknown) => {
        if (findDatabaseUnavailable(error)) return null;
        throw error;
      });
      if (version === null) {
        // No knowing whether a kept page is current: the page renders, and answers 503 if its reads fail too.
        await send(res, await render(req, res));
        return;
      }
      // The host is part of the key: a page names its own address (links, canonical), whatever Host said.
      const key = `${req.method === "HEAD" ? "GET" : req.method} ${req.protocol}://${req.host}${req.originalUrl}`;
      let page = cache.get(key, version);
      let leader = false;
      if (!page) {
        let own: Response | undefined;
        const filled = await cache.fill(key, version, async () => {
          leader = true;
          own = await render(req, res);
          return storable(own) ? keep(version, own, res) : null;
        });
        if (!filled) {
          // Not a page every visitor shares (a redirect, a cookie, a route's own caching): answered as it is,
          // by this request's own rendering (a request that waited for another's renders its own).
          await send(res, own ?? (await render(req, res)));
          return;
        }
        page = filled;
      }
      answer(req, res, page, cache.cacheControl, leader ? "MISS" : "HIT");
    } catch (error) {
      if (findDatabaseUnavailable(error) && !res.headersSent) {
        await send(res, unavailableResponse("Service Unavailable", { "Content-Type": "text/plain" }));
        return;
      }
      next(error);
    }
  };
}

/** A visitor's GET: no session cookie (a signed-in page is theirs only), no toast waiting to be shown. */
function sharedRequest(req: express.Request) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (NOT_PAGES.test(req.path)) return false;
  const cookie = req.headers.cookie;
  if (cookie && (hasSessionCookie(cookie) || carriesToast(cookie))) return false;
  return !req.headers.authorization;
}

/** Whether an answer is the same for every visitor: a 200 page or page data, no cookie, default caching. */
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

function toFetchRequest(req: express.Request, res: express.Response) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  const url = new URL(`${req.protocol}://${req.host || "localhost"}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
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
