import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { Db } from "#app/db/db.server.ts";
import type { CacheMetrics } from "#app/metrics/metrics.server.ts";

// Visitors' pages, rendered once per version of the data (decision 041). Every write that changes what a
// visitor sees bumps pageCacheVersion.version in its own transaction (triggers, migration
// 2026_11_24_0700); before answering from memory, an instance reads that number, so a page kept here is never
// older than the last acknowledged write, on any instance.

export type PageCacheSettings = {
  /** Bytes of pages (plain and gzip) kept in memory; 0 keeps none (every page is rendered). */
  maxBytes: number;
  /** `s-maxage`: seconds a shared cache in front (nginx, a CDN) may answer without asking. */
  sharedMaxAge: number;
  /** `stale-while-revalidate`: seconds past that a shared cache may answer while it asks in the background. */
  staleWhileRevalidate: number;
};

/** A rendered page as it is answered: its headers, its bytes (and their gzip), and their strong ETag. */
export type CachedPage = {
  version: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer | null;
  /** Quoted, without the encoding suffix: `"…"`; the gzip body's is `"…-gz"`. */
  etag: string;
};

export type PageCache = {
  settings: PageCacheSettings;
  /** The `Cache-Control` of a page every visitor shares. */
  cacheControl: string;
  /** The data's version now, read from the database (one read shared by the requests that wait for it). */
  currentVersion(): Promise<number>;
  /** The page kept for `key` at `version`, or undefined (a miss is counted). */
  get(key: string, version: number): CachedPage | undefined;
  /** Renders `key` once for every request that misses it at the same time; keeps what `render` returns. */
  fill(key: string, version: number, render: () => Promise<CachedPage | null>): Promise<CachedPage | null>;
  /**
   * What `read` gives for `key`, read once per version of the data and shared by every request until the
   * next write, signed-in ones included: for reads that are the same for everyone (a list page's cards and
   * count). `read` must read from `db`; when that is not the database the version is read from (a request
   * that reads from the primary after a write), it simply reads. A result `keep` refuses (a failed read)
   * is not shared. Callers must not change what they get.
   */
  remember<T>(db: Db, key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** Pages kept now, and their bytes (for tests and the bench). */
  stats(): { pages: number; bytes: number };
};

// Reads kept by remember(): a list page's cards and count are about 20 KB of objects.
const REMEMBERED_READS = 500;

// Below this a page is not worth compressing (and the bytes on the wire hardly change).
const GZIP_MIN_BYTES = 1024;

export function createPageCache({
  db,
  settings,
  metrics,
}: {
  db: Db;
  settings: PageCacheSettings;
  metrics?: CacheMetrics;
}): PageCache {
  const pages = new LRUCache<string, CachedPage>({
    maxSize: Math.max(settings.maxBytes, 1),
    sizeCalculation: (page) => page.body.byteLength + (page.gzip?.byteLength ?? 0) + 512,
  });
  const rendering = new Map<string, Promise<CachedPage | null>>();
  const reads = new LRUCache<string, Promise<unknown>>({ max: REMEMBERED_READS });
  const readVersion = singleFlight(async () => {
    const { rows } = await sql<{
      version: number | string;
    }>`select version from "pageCacheVersion" where id = 1`.execute(db);
    return Number(rows[0]?.version ?? 0);
  });
  let knownVersion = 0;

  const cache: PageCache = {
    settings,
    cacheControl: `public, max-age=0, s-maxage=${settings.sharedMaxAge}, stale-while-revalidate=${settings.staleWhileRevalidate}`,
    async currentVersion() {
      const version = await readVersion();
      // Every page kept is older than this version: let them all go at once, not one by one as they are asked.
      if (version !== knownVersion) {
        pages.clear();
        reads.clear();
        knownVersion = version;
      }
      return version;
    },
    get(key, version) {
      const page = pages.get(key);
      if (page && page.version === version) {
        metrics?.hit("page");
        return page;
      }
      metrics?.miss("page");
      return undefined;
    },
    async fill(key, version, render) {
      const slot = `${version} ${key}`;
      const running = rendering.get(slot);
      if (running) return running;
      const promise = render()
        .then((page) => {
          // A newer version may have come meanwhile: then this page is not kept (it may show older data).
          if (page && settings.maxBytes > 0 && version === knownVersion) pages.set(key, page);
          return page;
        })
        .finally(() => rendering.delete(slot));
      rendering.set(slot, promise);
      return promise;
    },
    async remember(readDb, key, read, keep = () => true) {
      if (readDb !== db || settings.maxBytes === 0) return read();
      const slot = `${await cache.currentVersion()} ${key}`;
      const kept = reads.get(slot);
      if (kept) {
        metrics?.hit("read");
        return kept as ReturnType<typeof read>;
      }
      metrics?.miss("read");
      // The promise is kept at once: requests that come while it is read wait for the same read.
      const reading = read();
      reads.set(slot, reading);
      reading.then(
        (value) => {
          if (!keep(value)) reads.delete(slot);
        },
        () => reads.delete(slot),
      );
      return reading;
    },
    stats: () => ({ pages: pages.size, bytes: pages.calculatedSize }),
  };
  return cache;
}

/** A page ready to keep: its bytes, their gzip, and an ETag from its content. */
export function cachedPage(
  version: number,
  status: number,
  headers: [string, string][],
  body: Buffer,
): CachedPage {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    version,
    status,
    headers,
    body,
    gzip: body.byteLength >= GZIP_MIN_BYTES ? gzipSync(body, { level: 6 }) : null,
    etag: `"${hash}"`,
  };
}

/** Whether an `If-None-Match` header names this page (either encoding): the answer is then a 304. */
export function matchesEtag(ifNoneMatch: string | undefined, page: CachedPage) {
  if (!ifNoneMatch) return false;
  const base = page.etag.slice(1, -1);
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === page.etag || value === `"${base}-gz"`;
  });
}

/**
 * Runs `read` for every caller, but never twice at the same time: a caller that comes while a read is running
 * waits for the next one (which starts when the running one ends), since the running read may have begun
 * before the caller's moment and miss a write acknowledged just before it. Under load that is one query per
 * round trip, whatever the number of requests.
 */
export function singleFlight<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = () => {
    const promise = read().finally(() => {
      if (running === promise) running = null;
    });
    running = promise;
    return promise;
  };
  return () => {
    if (!running) return start();
    if (!next) {
      const after = running;
      next = after
        .catch(() => undefined)
        .then(() => {
          next = null;
          return start();
        });
    }
    return next;
  };
}
