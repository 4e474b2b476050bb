// `npm run bench -- --import [--listings N]`: a Kyero file of N listings (10,000 by default), one photo each on a
// loopback photo server, imported by the production server's scheduled feed job ("Import from a feed URL")
// while a poller asks for GET / one request after another. Reports the import's time and rate, the server's
// resident memory before and at its peak, and the page's latency during the import and after it. Only ever
// talks to 127.0.0.1.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "#app/config.server.ts";
import { createDb } from "#app/db/db.server.ts";
import { createAgency } from "#app/modules/agency/agency.service.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { insertImportFeed } from "#app/modules/exchange/exchange.import.repo.server.ts";
import { writeKyeroFeed } from "#app/modules/exchange/exchange.kyero.ts";
import type { ExportItem } from "#app/modules/exchange/exchange.model.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { startServices, stopServices } from "#app/services.server.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { NO_LISTING_DETAILS } from "#tests/support/factories.ts";
import { startPhotoServer } from "#tests/support/photo-server.ts";
import { peakRssMb, startBenchServer } from "./server-process.ts";

export type ImportBenchResult = {
  listings: number;
  seconds: number;
  summary: string;
  /** The same file again from the command line (`npm run import -- --yes`) while the server serves. */
  again: { seconds: number; peakRssMb: number; output: string; during: Latency };
  rssBeforeMb: number;
  peakRssMb: number;
  fileMb: number;
  during: Latency;
  after: Latency;
};

type Latency = {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** When the slowest request started, in seconds after polling began. */
  maxAtSeconds: number;
  /** Requests slower than a second. */
  overOneSecond: number;
};

/** Places the offline gazetteer knows, with their centre: every listing's pin is near its town. */
const PLACES = [
  { town: "Paris", address: "Rue de Rivoli, Paris", lat: 48.8606, lng: 2.3376 },
  { town: "Berlin", address: "Kottbusser Damm, Berlin", lat: 52.4934, lng: 13.4234 },
  { town: "Madrid", address: "Calle de Alcalá, Madrid", lat: 40.4203, lng: -3.7058 },
  { town: "Lisbon", address: "Rua Augusta, Lisbon", lat: 38.7107, lng: -9.1365 },
] as const;

const BASE: Omit<Listing, "id" | "name" | "location" | "geolocation" | "regularPrice"> = {
  userRef: "bench",
  agencyId: null,
  timestamp: Date.UTC(2026, 10, 20),
  type: "sale",
  bedrooms: 3,
  bathrooms: 2,
  parking: true,
  furnished: "unfurnished",
  offer: false,
  discountedPrice: null,
  ...NO_LISTING_DETAILS,
  description: "A bright flat with a balcony, a renewed kitchen and a view over the old town's roofs.",
  propertyType: "flat",
  livingArea: 96,
  rooms: 4,
  yearBuilt: 1972,
  condition: "good",
  floor: 3,
  floorsTotal: 6,
  lift: true,
  exactAddress: true,
  status: "available",
  expired: false,
  publishedAt: Date.UTC(2026, 10, 1),
  changedAt: Date.UTC(2026, 10, 20),
  images: [],
  floorPlans: [],
};

/** A Kyero v3 file of `count` listings, each with one photo of its own on `photoUrl`. */
export function benchKyeroFile(count: number, photoUrl: string) {
  const items: ExportItem[] = Array.from({ length: count }, (_, index) => {
    const place = PLACES[index % PLACES.length]!;
    const ref = `BENCH-${index + 1}`;
    const listing: Listing = {
      ...BASE,
      id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      name: `Flat ${index + 1} in ${place.town}`.slice(0, 32),
      location: `${(index % 90) + 1} ${place.address}`,
      geolocation: { lat: place.lat + ((index % 7) - 3) * 0.002, lng: place.lng + ((index % 5) - 2) * 0.002 },
      regularPrice: 150_000 + (index % 500) * 1000,
    };
    return {
      listing,
      ref,
      url: `${photoUrl}/listing/${ref}`,
      photos: [{ url: `${photoUrl}/photo/${ref}.jpg`, caption: null }],
      floorPlans: [],
      contactName: "Bench Agent",
    };
  });
  return writeKyeroFeed(
    {
      publisher: { id: "bench", name: "Bench Homes" },
      siteName: "Bench",
      publicUrl: photoUrl,
      currency: "EUR",
      language: "en",
      generatedAt: Date.now(),
    },
    items,
  );
}

function percentile(sorted: number[], share: number) {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!);
}

/** GET `url` one request after another until `stop` says so; the latencies in ms. */
async function poll(url: string, stop: () => boolean): Promise<Latency> {
  const times: number[] = [];
  let errors = 0;
  const began = performance.now();
  let worst = { ms: 0, at: 0 };
  while (!stop()) {
    const started = performance.now();
    try {
      const answer = await fetch(url, { headers: { accept: "text/html" } });
      await answer.arrayBuffer();
      if (!answer.ok) errors++;
    } catch {
      errors++;
    }
    const took = performance.now() - started;
    times.push(took);
    if (took > worst.ms) worst = { ms: took, at: started - began };
    await sleep(100);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    errors,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: Math.round(times.at(-1) ?? 0),
    maxAtSeconds: Math.round(worst.at / 100) / 10,
    overOneSecond: times.filter((ms) => ms > 1000).length,
  };
}

/** Runs a command-line script to its end: its time, its peak resident memory (sampled) and its output. */
async function runCli(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", SEED: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      // A process that is exiting has no VmHWM any more: its last reading stands.
      const now = peakRssMb(child.pid!);
      if (Number.isFinite(now)) peak = Math.max(peak, now);
    } catch {
      // Gone already.
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the import command failed (${code}):\n${output}`);
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssMb: peak,
    output: output.trim().split("\n").slice(0, 3).join(" | "),
  };
}

/** Runs the import bench on a fresh SQLite data folder. */
export async function benchImport(listings: number, log = console.log): Promise<ImportBenchResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "homestead-bench-import-"));
  const photos = await startPhotoServer();
  let feedServer: http.Server | undefined;
  try {
    log(`  generating a Kyero file of ${listings.toLocaleString("en-US")} listings`);
    const file = Buffer.from(benchKyeroFile(listings, photos.url));
    feedServer = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/xml" }).end(file);
    });
    await new Promise<void>((resolve) => feedServer!.listen(0, "127.0.0.1", resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/kyero.xml`;

    // The agency and its feed URL, made through the app's own services before the server starts.
    const env = {
      DATA_DIR: dataDir,
      IMPORT_ALLOW_PRIVATE_HOSTS: "true",
      IMPORT_FEED_INTERVAL_MINUTES: "10080",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1234",
    };
    const services = await startServices(loadConfig({ ...env, SEED: "false", LOG_LEVEL: "warn" }), {
      background: false,
    });
    let agencyId = "";
    let slug = "";
    try {
      const account = { name: "Bench Owner", email: "owner@bench.example", password: "bench-password-1234" };
      const { user } = await services.auth.api.signUpEmail({ body: account });
      await services.db.updateTable("user").set({ emailVerified: true }).where("id", "=", user.id).execute();
      const signedIn = await services.auth.api.signInEmail({
        body: { email: account.email, password: account.password },
        headers: new Headers({ [CLIENT_IP_HEADER]: "127.0.0.1" }),
        returnHeaders: true,
      });
      const cookie = signedIn.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      ({ id: agencyId, slug } = await createAgency(services, user, new Headers({ cookie }), {
        name: "Bench Homes",
        about: "Homes for the import bench.",
        officeAddress: "12 Rue de Rivoli, Paris",
        legalName: "Bench Homes SARL",
        contactEmail: "office@bench.example",
      }));
      await insertImportFeed(services.db, {
        id: randomUUID(),
        agencyId,
        url: feedUrl,
        format: "kyero",
        full: false,
        createdBy: user.id,
        createdAt: Date.now(),
      });
    } finally {
      await stopServices(services);
    }

    // Started with the feed in place: the feed job's first look, a few seconds after start, imports it.
    const server = await startBenchServer(env);
    const db = createDb(loadConfig({ ...env, SEED: "false" }).database);
    try {
      const rssBeforeMb = server.peakRssMb();
      let finished = false;
      log("  the server's feed job imports it; polling GET / meanwhile");
      const during = poll(`${server.url}/`, () => finished);
      let run:
        | { startedAt: number; finishedAt: number | null; summary: string; error: string | null }
        | undefined;
      const waitStarted = performance.now();
      for (;;) {
        await sleep(1000);
        run = await db
          .selectFrom("importRun")
          .select(["startedAt", "finishedAt", "summary", "error"])
          .where("agencyId", "=", agencyId)
          .executeTakeFirst();
        if (run?.finishedAt) break;
        if (performance.now() - waitStarted > 4 * 60 * 60 * 1000)
          throw new Error("the import took over 4 hours");
      }
      finished = true;
      const duringFigures = await during;
      let stopAfter = false;
      const afterRun = poll(`${server.url}/`, () => stopAfter);
      await sleep(10_000);
      stopAfter = true;
      const after = await afterRun;
      log("  the same file again from the command line, polling GET / meanwhile");
      const filePath = path.join(dataDir, "bench-kyero.xml");
      writeFileSync(filePath, file);
      let cliDone = false;
      const duringAgain = poll(`${server.url}/`, () => cliDone);
      const again = await runCli(["scripts/import.ts", filePath, "--agency", slug, "--yes"], env);
      cliDone = true;
      return {
        listings,
        seconds: Math.round((Number(run.finishedAt) - Number(run.startedAt)) / 100) / 10,
        summary: run.error ?? run.summary,
        rssBeforeMb,
        peakRssMb: server.peakRssMb(),
        fileMb: Math.round((file.byteLength / 1024 / 1024) * 10) / 10,
        during: duringFigures,
        after,
        again: { ...again, during: await duringAgain },
      };
    } finally {
      await db.destroy();
      await server.stop();
    }
  } finally {
    feedServer?.close();
    await photos.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's lines for the report. */
export function formatImportBench(result: ImportBenchResult) {
  const rate = result.seconds > 0 ? Math.round((result.listings / result.seconds) * 10) / 10 : 0;
  const latency = (figures: Latency) =>
    `${figures.requests} requests, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, ` +
    `max ${figures.max} ms (at ${figures.maxAtSeconds} s), ${figures.overOneSecond} over 1 s, ${figures.errors} errors`;
  return [
    `import of ${result.listings.toLocaleString("en-US")} Kyero listings (${result.fileMb} MB, one photo each): ` +
      `${result.seconds} s, ${rate} listings/s`,
    `  run: ${result.summary}`,
    `  server RSS: ${result.rssBeforeMb} MB before, ${result.peakRssMb} MB at its peak`,
    `  GET / during the import: ${latency(result.during)}`,
    `  GET / after it:          ${latency(result.after)}`,
    `the same file again, \`npm run import -- --yes\` beside the serving server: ${result.again.seconds} s ` +
      `(process start included), its peak RSS ${result.again.peakRssMb} MB`,
    `  output: ${result.again.output}`,
    `  GET / meanwhile: ${latency(result.again.during)}`,
  ].join("\n");
}

// `node scripts/bench/import.ts [N]` runs it alone, over the existing production build.
if (import.meta.main) {
  const count = Number(process.argv[2] ?? 10_000);
  console.log(formatImportBench(await benchImport(count)));
}
