import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";

/**
 * A loopback map-tile server: every `/{z}/{x}/{y}.png` answers the same valid 256x256 PNG, so the detail
 * page's map renders without reaching OpenStreetMap. It counts requests so a test can assert that the map
 * really asked for tiles: `GET /stats` returns `TileStats` as JSON, `DELETE /stats` resets the counts.
 */
export type TileStats = {
  /** Tile requests answered since start (or the last reset). */
  requests: number;
  /** Requests per tile, keyed "z/x/y". */
  tiles: Record<string, number>;
};

export type TileServer = {
  port: number;
  /** Template for the app's TILE_URL: `http://127.0.0.1:<port>/{z}/{x}/{y}.png`. */
  urlTemplate: string;
  /** `GET` returns TileStats, `DELETE` resets them. */
  statsUrl: string;
  stats(): TileStats;
  stop(): Promise<void>;
};

const TILE_PATH = /^\/(\d{1,2})\/(\d{1,9})\/(\d{1,9})\.png$/;

/** Starts the tile server on a free loopback port. */
export async function startTileServer(): Promise<TileServer> {
  const tile = makeTilePng();
  let stats: TileStats = { requests: 0, tiles: {} };

  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    if (pathname === "/stats") {
      if (req.method === "DELETE") stats = { requests: 0, tiles: {} };
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify(stats));
      return;
    }
    const match = TILE_PATH.exec(pathname);
    if (!match || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not a tile");
      return;
    }
    const key = `${match[1]}/${match[2]}/${match[3]}`;
    stats.requests += 1;
    stats.tiles[key] = (stats.tiles[key] ?? 0) + 1;
    // no-store keeps the count honest: each page load that shows the map asks again.
    res.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": tile.length,
      "Cache-Control": "no-store",
      "Access-Control-Allow-Origin": "*",
    });
    res.end(req.method === "HEAD" ? undefined : tile);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    urlTemplate: `${base}/{z}/{x}/{y}.png`,
    statsUrl: `${base}/stats`,
    stats: () => structuredClone(stats),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads the tile server's counts from a test worker (the server itself runs in the global setup). */
export async function fetchTileStats(statsUrl = requireEnv("E2E_TILE_STATS_URL")): Promise<TileStats> {
  const response = await fetch(statsUrl);
  if (!response.ok) throw new Error(`tile server stats: HTTP ${response.status}`);
  return (await response.json()) as TileStats;
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: is tests/e2e/global-setup.ts configured as globalSetup?`);
  return value;
}

/** A 256x256 RGB PNG: a pale land colour with a darker one-pixel border, so tile seams show in screenshots. */
function makeTilePng(): Buffer {
  const size = 256;
  const land = [0xee, 0xea, 0xe0];
  const edge = [0xc8, 0xc2, 0xb4];
  const rowLength = 1 + size * 3; // a filter byte (0 = none) and RGB triples
  const raw = Buffer.alloc(rowLength * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const colour = x === 0 || y === 0 ? edge : land;
      raw.set(colour, y * rowLength + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
