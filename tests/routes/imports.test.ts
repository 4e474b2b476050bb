import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError, InvalidError } from "#app/http/errors.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { findImportRuns } from "#app/modules/exchange/exchange.import.repo.server.ts";
import { type ImportRequest, runImport } from "#app/modules/exchange/exchange.import.server.ts";
import { addImportFeed, runDueImportFeeds } from "#app/modules/exchange/exchange.import-feeds.server.ts";
import {
  readImportFile,
  readImportFileOffThread,
} from "#app/modules/exchange/exchange.import-file.server.ts";
import {
  IMPORT_RUN_LEASE_MS,
  importUploadsJob,
  runQueuedImports,
  sweepPlannedImports,
} from "#app/modules/exchange/exchange.import-queue.server.ts";
import {
  IMPORT_UPLOAD_MAX_AGE_MS,
  readImportUpload,
} from "#app/modules/exchange/exchange.import-upload.server.ts";
import { FEED_MAX_BYTES } from "#app/modules/exchange/exchange.model.ts";
import { writeOpenImmoFeed } from "#app/modules/exchange/exchange.openimmo.ts";
import { createJobRunner } from "#app/modules/jobs/jobs.server.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { exportItem, RENT_LISTING, TEST_FEED } from "#tests/support/exchange-listings.ts";
import { type GeocoderPeer, googleResult, startGeocoderServer } from "#tests/support/geocoder-server.ts";
import { toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { type PhotoServer, startPhotoServer } from "#tests/support/photo-server.ts";
import { callRoute } from "#tests/support/route-request.ts";
import { makeZip } from "#tests/support/zip.ts";
import { importWith, parseImportArgs } from "#tooling/import/import.cli.server.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Imports into an agency on a real database (tier: db, both engines): the dry run shows what the real run then
 * does; the same file twice changes nothing; an empty or broken feed changes nothing; withdrawing more than a
 * fifth waits for a confirmation; photos come from a loopback server or from the zip, through the upload
 * pipeline; a listing whose photo can not be fetched is refused and the run goes on; only the agency's owners
 * and admins may import. The page's Import only queues the run: the "import-uploads" job runs it (once, with
 * two runners), takes up a run a killed process left, and re-checks the user who pressed Import.
 */
const postgres = postgresUrlFromEnv();

const COLUMNS = [
  "reference",
  "type",
  "name",
  "description",
  "address",
  "bedrooms",
  "bathrooms",
  "parking",
  "offer",
  "furnished",
  "propertyType",
  "livingArea",
  "regularPrice",
  "photos",
] as const;

type Row = Partial<Record<(typeof COLUMNS)[number], string>>;

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

describe(`imports (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let photos: PhotoServer;
  let geocoder: GeocoderPeer;
  let owner: SessionUser;
  let stranger: SessionUser;
  let agencyId: string;
  let slug: string;
  let ownerCookie: string;
  let strangerCookie: string;

  /** A listing row of the CSV template; `photo` names its photo on the loopback server. */
  function row(ref: string, overrides: Row = {}): Row {
    return {
      reference: ref,
      type: "rent",
      name: `Harbour flat ${ref}`.slice(0, 32),
      description: "A bright flat by the harbour, with a balcony and a renewed kitchen.",
      address: "12 Rue de Rivoli, Paris",
      bedrooms: "2",
      bathrooms: "1",
      parking: "false",
      offer: "false",
      furnished: "furnished",
      propertyType: "flat",
      livingArea: "72",
      regularPrice: "1500",
      photos: `${photos.url}/photo/${ref}.jpg`,
      ...overrides,
    };
  }

  function csv(rows: Row[]) {
    const lines = [COLUMNS.join(","), ...rows.map((r) => COLUMNS.map((c) => quote(r[c] ?? "")).join(","))];
    return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
  }

  function request(bytes: Uint8Array, overrides: Partial<ImportRequest> = {}): ImportRequest {
    return {
      agencyId,
      user: owner,
      bytes,
      fileName: "listings.csv",
      source: "upload",
      full: false,
      dryRun: true,
      ...overrides,
    };
  }

  const deps = () => world.services;

  async function referencedListings() {
    return world.db
      .selectFrom("listing")
      .select(["id", "reference", "name", "timestamp", "agencyId", "userRef"])
      .where("agencyId", "=", agencyId)
      .orderBy("reference")
      .execute();
  }

  beforeAll(async () => {
    photos = await startPhotoServer();
    geocoder = await startGeocoderServer();
    geocoder.setResponse(
      "google",
      googleResult({ lat: 48.8606, lng: 2.3376, formattedAddress: "12 Rue de Rivoli, 75001 Paris, France" }),
    );
    world = await createRouteWorld({
      GEOCODER: "google",
      GEOCODER_URL: geocoder.url,
      GOOGLE_GEOCODING_API_KEY: "test-key",
      IMPORT_ALLOW_PRIVATE_HOSTS: "true",
    });
    const ownerAccount = newAccount("Olga Owner");
    const signedUp = await world.signUp(ownerAccount);
    ownerCookie = signedUp.cookie;
    owner = { id: signedUp.id, name: ownerAccount.name, email: ownerAccount.email, emailVerified: true };
    const strangerAccount = newAccount("Sam Stranger");
    const other = await world.signUp(strangerAccount);
    strangerCookie = other.cookie;
    stranger = {
      id: other.id,
      name: strangerAccount.name,
      email: strangerAccount.email,
      emailVerified: true,
    };
    ({ id: agencyId, slug } = await world.createAgency(signedUp.cookie, "Harbour Imports"));
  });

  afterAll(async () => {
    await world?.destroy();
    await photos?.close();
    await geocoder?.stop();
  });

  it("does in its real run what its dry run showed, and the same file twice changes nothing", async () => {
    const file = csv([row("H-1"), row("H-2"), row("H-3"), row("H-4", { livingArea: "" })]);
    const before = await world.state.snapshot();
    const dry = await runImport(deps(), request(file));
    expect(dry.refusals).toEqual(["line 5: Living area is required"]);
    expect(dry.counts).toEqual({ created: 3, changed: 0, withdrawn: 0, unchanged: 0, refused: 1 });
    expect(dry.summary).toMatch(/^3 new, 0 changed, 0 withdrawn, 1 refused \(line 5: /);
    expect(dry.applied).toBe(false);
    expect(await world.state.snapshot()).toEqual(before);
    expect(photos.hits.size).toBe(0);

    const real = await runImport(deps(), request(file, { dryRun: false }));
    expect(real.counts).toEqual(dry.counts);
    expect(real.summary).toBe(dry.summary);
    expect(real.applied).toBe(true);
    const listings = await referencedListings();
    expect(listings.map((listing) => listing.reference)).toEqual(["H-1", "H-2", "H-3"]);
    expect(listings.every((listing) => listing.userRef === owner.id)).toBe(true);
    expect(photos.hits.get("/photo/H-1.jpg")).toBe(1);
    const images = await world.db
      .selectFrom("image")
      .select(["listingId", "sourceUrl"])
      .where(
        "listingId",
        "in",
        listings.map((listing) => listing.id),
      )
      .execute();
    expect(images).toHaveLength(3);

    const again = await runImport(deps(), request(file));
    expect(again.summary).toMatch(/^0 new, 0 changed, 0 withdrawn, 1 refused/);
    const state = await world.state.snapshot();
    const second = await runImport(deps(), request(file, { dryRun: false }));
    expect(second.counts).toEqual({ created: 0, changed: 0, withdrawn: 0, unchanged: 3, refused: 1 });
    expect(await world.state.snapshot()).toEqual(state);
    expect(await referencedListings()).toEqual(listings);
    expect(photos.hits.get("/photo/H-1.jpg")).toBe(1);

    const changed = csv([row("H-1", { regularPrice: "1600" }), row("H-2"), row("H-3")]);
    const dryChange = await runImport(deps(), request(changed));
    const realChange = await runImport(deps(), request(changed, { dryRun: false }));
    expect(dryChange.counts).toEqual({ created: 0, changed: 1, withdrawn: 0, unchanged: 2, refused: 0 });
    expect(realChange.counts).toEqual(dryChange.counts);

    const runs = await findImportRuns(world.db, agencyId);
    expect(runs.map((run) => run.summary)).toContain(real.summary);
    expect(runs[0]!.refusals).toEqual([]);
  });

  it("changes nothing for an empty or broken feed, even a full one", async () => {
    const state = await world.state.snapshot();
    const listings = await referencedListings();
    const empty = await runImport(deps(), request(csv([]), { full: true, dryRun: false }));
    expect(empty).toMatchObject({
      ok: false,
      applied: false,
      error: "The feed holds no listings: nothing was changed",
    });
    const broken = await runImport(
      deps(),
      request(new TextEncoder().encode("<root><kyero><ver>3</ver></kyero><property>"), {
        full: true,
        dryRun: false,
        fileName: "kyero.xml",
      }),
    );
    expect(broken).toMatchObject({ ok: false, applied: false, error: "The file is not well-formed XML" });
    const entities = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><root>&lol2;</root>`;
    const laughs = await runImport(
      deps(),
      request(new TextEncoder().encode(entities), { full: true, dryRun: false }),
    );
    expect(laughs.error).toBe("The file declares a DOCTYPE or entities, which feeds may not use");
    const bomb = makeZip([{ name: "a.xml", content: "0".repeat(1000), declaredSize: 200 * 1024 * 1024 }]);
    const zipped = await runImport(
      deps(),
      request(bomb, { full: true, dryRun: false, fileName: "feed.zip" }),
    );
    expect(zipped.ok).toBe(false);
    const huge = await runImport(
      deps(),
      request(new Uint8Array(FEED_MAX_BYTES + 1), { full: true, dryRun: false }),
    );
    expect(huge.error).toBe("The file is larger than 100 MB");
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from("reference,name\r\nH-1,x\r\n", "utf16le")),
    ]);
    const encoding = await runImport(deps(), request(utf16, { full: true, dryRun: false }));
    expect(encoding.error).toBe("The file is not in a supported encoding: save it as UTF-8");
    const duplicated = await runImport(
      deps(),
      request(csv([row("H-1"), row("H-1")]), { full: false, dryRun: false }),
    );
    expect(duplicated.counts.refused).toBe(2);
    expect(duplicated.refusals[0]).toMatch(/The reference H-1 appears more than once/);
    expect(await world.state.snapshot()).toEqual(state);
    expect(await referencedListings()).toEqual(listings);
    const runs = await findImportRuns(world.db, agencyId);
    expect(runs.slice(0, 7).map((run) => run.error)).toEqual([
      null,
      encoding.error,
      huge.error,
      expect.any(String),
      laughs.error,
      broken.error,
      empty.error,
    ]);
  });

  it("withdraws more than a fifth of the agency's listings only when confirmed", async () => {
    const full = csv([row("H-1", { regularPrice: "1600" })]);
    const dry = await runImport(deps(), request(full, { full: true }));
    expect(dry.counts.withdrawn).toBe(2);
    expect(dry.needsConfirmation).toBe(true);
    const state = await world.state.snapshot();
    const unconfirmed = await runImport(deps(), request(full, { full: true, dryRun: false }));
    expect(unconfirmed.applied).toBe(false);
    expect(unconfirmed.error).toMatch(/withdraw 2 of 3 listings, more than a fifth/);
    expect(await world.state.snapshot()).toEqual(state);

    const confirmed = await runImport(
      deps(),
      request(full, { full: true, dryRun: false, confirmWithdrawals: true }),
    );
    expect(confirmed.counts).toEqual({ created: 0, changed: 0, withdrawn: 2, unchanged: 1, refused: 0 });
    expect((await referencedListings()).map((listing) => listing.reference)).toEqual(["H-1"]);
  });

  it("refuses a listing whose photo can not be fetched and goes on with the others", async () => {
    const file = csv([row("P-1", { photos: `${photos.url}/missing.jpg` }), row("P-2")]);
    const dry = await runImport(deps(), request(file));
    expect(dry.counts).toMatchObject({ created: 2, refused: 0 });
    const real = await runImport(deps(), request(file, { dryRun: false }));
    expect(real.counts).toMatchObject({ created: 1, refused: 1 });
    expect(real.refusals[0]).toMatch(/^line 2: Photo 1 .*could not be fetched/);
    expect((await referencedListings()).map((listing) => listing.reference)).toEqual(["H-1", "P-2"]);
  });

  it("takes photos from an OpenImmo zip through the upload pipeline", async () => {
    const jpeg = await (await fetch(`${photos.url}/photo/zip-front.jpg`)).arrayBuffer();
    const listing = {
      ...RENT_LISTING,
      name: "Zip flat by the harbour",
      location: "12 Rue de Rivoli, 75001 Paris, France",
      geolocation: { lat: 48.8606, lng: 2.3376 },
    };
    const xml = writeOpenImmoFeed(TEST_FEED, [
      {
        ...exportItem(listing, "Z-1"),
        photos: [{ url: "https://homestead.example/front.jpg", caption: "Front" }],
        floorPlans: [],
      },
    ]).replace(
      /<anhang location="EXTERN" gruppe="TITELBILD">([\s\S]*?)<pfad>[^<]*<\/pfad>/,
      '<anhang location="INTERN" gruppe="TITELBILD">$1<pfad>images/front.jpg</pfad>',
    );
    const zip = makeZip([
      { name: "export.xml", content: xml },
      { name: "images/front.jpg", content: new Uint8Array(jpeg) },
    ]);
    const dry = await runImport(deps(), request(zip, { fileName: "export.zip" }));
    expect(dry.refusals).toEqual([]);
    expect(dry.counts).toMatchObject({ created: 1 });
    const real = await runImport(deps(), request(zip, { fileName: "export.zip", dryRun: false }));
    expect(real.counts).toEqual(dry.counts);
    const saved = await world.db
      .selectFrom("listing")
      .select("id")
      .where("reference", "=", "Z-1")
      .executeTakeFirstOrThrow();
    const images = await world.db
      .selectFrom("image")
      .select(["sourceUrl", "caption", "width"])
      .where("listingId", "=", saved.id)
      .execute();
    expect(images).toEqual([{ sourceUrl: "images/front.jpg", caption: "Front", width: 800 }]);
    const again = await runImport(deps(), request(zip, { fileName: "export.zip", dryRun: false }));
    expect(again.counts).toMatchObject({ created: 0, changed: 0, unchanged: 1 });
  });

  it("imports from the command line as the agency's owner, only when told to", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "homestead-import-cli-"));
    const file = path.join(dir, "listings.csv");
    writeFileSync(file, csv([row("C-1"), row("C-2", { regularPrice: "" })]));
    const lines: string[] = [];
    const io = {
      log: (line: string) => lines.push(line),
      error: (line: string) => lines.push(line),
      ask: null,
    };
    const args = { file, agency: slug, full: false, yes: false, confirmWithdrawals: false };
    try {
      expect(await importWith(world.services, args, io)).toBe(0);
      expect(lines[0]).toMatch(/^Dry run: 1 new, 0 changed, 0 withdrawn, 1 refused \(line 3: /);
      expect(lines.at(-1)).toBe("Nothing imported: run again with --yes to import.");
      expect((await referencedListings()).map((listing) => listing.reference)).not.toContain("C-1");

      lines.length = 0;
      expect(await importWith(world.services, { ...args, yes: true }, io)).toBe(0);
      expect(
        lines.some((line) => line.startsWith("Imported: 1 new, 0 changed, 0 withdrawn, 1 refused")),
      ).toBe(true);
      expect((await referencedListings()).map((listing) => listing.reference)).toContain("C-1");

      writeFileSync(file, "<root><kyero>");
      lines.length = 0;
      expect(await importWith(world.services, { ...args, yes: true }, io)).toBe(1);
      expect(lines[0]).toBe("Dry run: The file is not well-formed XML");
      expect(parseImportArgs(["feed.xml", "--agency", "x", "--full", "--yes"])).toEqual({
        file: "feed.xml",
        agency: "x",
        full: true,
        yes: true,
        confirmWithdrawals: false,
      });
      expect(parseImportArgs(["feed.xml"])).toEqual({ error: "name the agency: --agency SLUG" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Posts the /agency/import form as the user of `cookie`. */
  const postImportPage = (form: FormData, cookie: string) =>
    callRoute(
      world.services,
      new Request(`${world.services.config.publicUrl}/agency/import?agency=${slug}`, {
        method: "POST",
        body: form,
        headers: { origin: world.services.config.publicUrl, [CLIENT_IP_HEADER]: "127.0.0.1", cookie },
      }),
    );

  function pageForm(fields: Record<string, string | File>) {
    const form = new FormData();
    form.set("agencyId", agencyId);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  }

  /** The dry run of `rows` on the page, as the owner: its view, with the planned run's id. */
  async function dryRunOnPage(rows: Row[], fields: Record<string, string> = {}) {
    const answer = await postImportPage(
      pageForm({
        intent: "dry-run",
        file: new File([csv(rows)], "web.csv", { type: "text/csv" }),
        ...fields,
      }),
      ownerCookie,
    );
    expect(answer.status, answer.body.slice(0, 500)).toBe(200);
    return (answer.data as { dryRun: { summary: string; runId: string; needsConfirmation: boolean } }).dryRun;
  }

  const runRow = (id: string) =>
    world.db.selectFrom("importRun").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  const clock = { now: () => Date.now(), signal: new AbortController().signal };

  it("queues the page's Import for the job runner, which does what the dry run showed; only for the agency's managers", async () => {
    const page = `/agency/import?agency=${slug}`;
    const shown = await dryRunOnPage([row("W-1")]);
    expect(shown.summary).toBe("1 new, 0 changed, 0 withdrawn, 0 refused");
    // The dry run is planned, not one of the agency's runs yet.
    expect((await runRow(shown.runId)).status).toBe("planned");
    expect((await findImportRuns(world.db, agencyId)).map((run) => run.id)).not.toContain(shown.runId);

    // Someone who does not manage the agency can not queue its planned run, nor can another agency's manager.
    const { id: strangerAgencyId } = await world.createAgency(strangerCookie, "Stranger Homes");
    const foreign = await postImportPage(pageForm({ intent: "import", runId: shown.runId }), strangerCookie);
    expect(foreign.status).toBe(403);
    const ownAgency = pageForm({ intent: "import", runId: shown.runId });
    ownAgency.set("agencyId", strangerAgencyId);
    const mismatched = await postImportPage(ownAgency, strangerCookie);
    expect(mismatched.status).toBe(400);
    expect((await runRow(shown.runId)).status).toBe("planned");

    // Import queues it and answers at once: nothing is imported in the request.
    const queued = await postImportPage(pageForm({ intent: "import", runId: shown.runId }), ownerCookie);
    expect(queued.status, queued.body.slice(0, 500)).toBe(302);
    expect(queued.location).toBe(page);
    expect(toastMessage(queued)).toBe("Import started: its result appears under Recent imports");
    expect((await referencedListings()).map((listing) => listing.reference)).not.toContain("W-1");
    const waiting = (await findImportRuns(world.db, agencyId)).find((run) => run.id === shown.runId);
    expect(waiting).toMatchObject({ status: "queued", finishedAt: null });
    // Pressed twice: it is no longer planned, so nothing more is queued.
    expect(
      (await postImportPage(pageForm({ intent: "import", runId: shown.runId }), ownerCookie)).status,
    ).toBe(400);

    // The job runs it from the kept upload, as the dry run showed, and drops the upload.
    const uploadId = (await runRow(shown.runId)).uploadId!;
    expect(await world.services.jobs.runNow("import-uploads")).toBe(true);
    expect((await referencedListings()).map((listing) => listing.reference)).toContain("W-1");
    const done = (await findImportRuns(world.db, agencyId)).find((run) => run.id === shown.runId);
    expect(done).toMatchObject({
      status: "done",
      summary: shown.summary,
      error: null,
      userName: "Olga Owner",
    });
    expect(await readImportUpload(world.services.storage, agencyId, uploadId)).toBeNull();

    expect((await world.client.get(page, { cookie: ownerCookie })).status).toBe(200);
    const refused = await world.client.get(page, { cookie: strangerCookie });
    expect(refused.status, refused.location ?? "").toBe(403);
    const template = await world.client.get("/agency/import/template.csv");
    expect(template.body).toMatch(/^\uFEFF?reference,type,name,/);
    // Its example line is a listing the form accepts.
    const example = await runImport(deps(), request(new TextEncoder().encode(template.body)));
    expect(example.summary).toBe("1 new, 0 changed, 0 withdrawn, 0 refused");
  });

  it("does not queue an Import that would withdraw more than a fifth without its confirmation", async () => {
    // A full file that would withdraw more than a fifth: its Import waits for the tick, the file kept meanwhile.
    const fullDry = await dryRunOnPage([row("W-1")], { full: "true" });
    expect(fullDry.needsConfirmation).toBe(true);
    const state = await world.state.snapshot();
    const held = await postImportPage(pageForm({ intent: "import", runId: fullDry.runId }), ownerCookie);
    expect(held.status).toBe(200);
    expect((held.data as { dryRun: { needsConfirmation: boolean } }).dryRun.needsConfirmation).toBe(true);
    expect((await runRow(fullDry.runId)).status).toBe("planned");
    expect(await world.services.jobs.runNow("import-uploads")).toBe(true);
    expect(await world.state.snapshot()).toEqual(state);
    expect((await runRow(fullDry.runId)).status).toBe("planned");
  });

  it("runs a queued import once with two runners; takes up a run a killed process left; re-checks the user", async () => {
    // Two app instances, each with its runner, look at the same moment: the run is imported once.
    const first = await dryRunOnPage([row("Q-1")]);
    await postImportPage(pageForm({ intent: "import", runId: first.runId }), ownerCookie);
    const other = createJobRunner({ db: world.services.db });
    other.register(importUploadsJob(world.services));
    const ran = await Promise.all([
      world.services.jobs.runNow("import-uploads"),
      other.runNow("import-uploads"),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(photos.hits.get("/photo/Q-1.jpg")).toBe(1);
    expect((await runRow(first.runId)).status).toBe("done");

    // Without the jobs' lease: two passes at once claim each queued run once (the run's own claim).
    const second = await dryRunOnPage([row("Q-2")]);
    await postImportPage(pageForm({ intent: "import", runId: second.runId }), ownerCookie);
    const passes = await Promise.all([
      runQueuedImports(deps(), clock, "runner-a"),
      runQueuedImports(deps(), clock, "runner-b"),
    ]);
    expect(passes[0] + passes[1]).toBe(1);
    expect(photos.hits.get("/photo/Q-2.jpg")).toBe(1);
    expect(await runRow(second.runId)).toMatchObject({ status: "done", created: 1, claimedBy: null });

    // A run left running by a killed process: not taken while its lease holds, taken up again once it expired.
    const third = await dryRunOnPage([row("Q-3")]);
    await postImportPage(pageForm({ intent: "import", runId: third.runId }), ownerCookie);
    await world.db
      .updateTable("importRun")
      .set({ status: "running", claimedBy: "killed", leaseUntil: Date.now() + IMPORT_RUN_LEASE_MS })
      .where("id", "=", third.runId)
      .execute();
    expect(await runQueuedImports(deps(), clock, "runner-a")).toBe(0);
    await world.db
      .updateTable("importRun")
      .set({ leaseUntil: Date.now() - 1 })
      .where("id", "=", third.runId)
      .execute();
    expect(await runQueuedImports(deps(), clock, "runner-a")).toBe(1);
    expect(await runRow(third.runId)).toMatchObject({ status: "done", created: 1 });
    expect((await referencedListings()).map((listing) => listing.reference)).toContain("Q-3");

    // The user who pressed Import no longer manages the agency when it runs: nothing is imported.
    const fourth = await dryRunOnPage([row("Q-4")]);
    await postImportPage(pageForm({ intent: "import", runId: fourth.runId }), ownerCookie);
    await world.db
      .updateTable("importRun")
      .set({ userId: stranger.id })
      .where("id", "=", fourth.runId)
      .execute();
    const state = await world.state.snapshot();
    expect(await runQueuedImports(deps(), clock, "runner-a")).toBe(1);
    expect(await runRow(fourth.runId)).toMatchObject({
      status: "failed",
      error: "Not imported: the person who pressed Import no longer manages the agency",
    });
    // No listing, photo or account changed; its upload is dropped (only the withdrawal waits for a confirmation).
    expect((await world.state.snapshot()).rows).toEqual(state.rows);
    expect(
      await readImportUpload(world.services.storage, agencyId, (await runRow(fourth.runId)).uploadId!),
    ).toBeNull();

    // Dry runs never imported are swept with their uploads after a day.
    const stale = await dryRunOnPage([row("Q-5")]);
    const staleUpload = (await runRow(stale.runId)).uploadId!;
    expect(await sweepPlannedImports(deps(), Date.now())).toBe(0);
    expect(await sweepPlannedImports(deps(), Date.now() + IMPORT_UPLOAD_MAX_AGE_MS + 1)).toBeGreaterThan(0);
    expect(
      await world.db.selectFrom("importRun").select("id").where("id", "=", stale.runId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await readImportUpload(world.services.storage, agencyId, staleUpload)).toBeNull();
  });

  it("imports feed URLs on schedule, each run recorded; a broken, empty or unreachable feed or a large withdrawal changes nothing", async () => {
    let body = "";
    const feedServer = http.createServer((_req, res) => {
      if (body === "404") res.writeHead(404).end();
      else res.writeHead(200, { "content-type": "text/csv" }).end(body);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
    const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.csv`;
    const hour = 60 * 60 * 1000;
    let clock = Date.now();
    const pass = () =>
      runDueImportFeeds(deps(), hour, { now: () => clock, signal: new AbortController().signal });
    const latestRun = async () => (await findImportRuns(world.db, agencyId, 1))[0]!;
    try {
      await expect(
        addImportFeed(world.db, stranger, agencyId, { url: feedUrl, format: "csv", full: true }),
      ).rejects.toThrow(ForbiddenError);
      await expect(
        addImportFeed(world.db, owner, agencyId, { url: "file:///etc/passwd", format: "csv" }),
      ).rejects.toThrow(InvalidError);
      await addImportFeed(world.db, owner, agencyId, { url: feedUrl, format: "csv", full: "true" });
      const stock = (await referencedListings()).map((listing) => listing.reference);
      expect(stock.length).toBeGreaterThan(3);

      // A full feed holding one of them would withdraw the rest: not applied, and the run says why.
      body = new TextDecoder().decode(csv([row("H-1", { regularPrice: "1600" })]));
      const state = await world.state.snapshot();
      expect(await pass()).toBe(1);
      expect((await latestRun()).error).toMatch(/^Not imported: it would withdraw \d+ of \d+ listings/);
      expect(await world.state.snapshot()).toEqual(state);

      // Not due again within the hour.
      expect(await pass()).toBe(0);

      for (const [answer, error] of [
        ["404", "The feed could not be fetched: the server refused"],
        ["reference,name\r\n", "The feed holds no listings: nothing was changed"],
        ["<root><kyero>", "The file is not a CSV file with the template's header row"],
      ] as const) {
        clock += hour;
        body = answer;
        await pass();
        expect((await latestRun()).error).toBe(error);
        expect(await world.state.snapshot()).toEqual(state);
      }

      // A feed that adds a listing is imported as the agency's owner.
      clock += hour;
      const all = await referencedListings();
      body = new TextDecoder().decode(csv([...all.map((listing) => row(listing.reference!)), row("F-1")]));
      await pass();
      const run = await latestRun();
      expect(run.error).toBeNull();
      expect(run.summary).toMatch(/^1 new, /);
      expect((await referencedListings()).map((listing) => listing.reference)).toContain("F-1");
    } finally {
      await new Promise<void>((resolve) => feedServer.close(() => resolve()));
    }
  });

  it("reads a large file in a worker thread, as it would on its own", async () => {
    const big = csv(Array.from({ length: 3000 }, (_, index) => row(`B-${index}`)));
    expect(big.byteLength).toBeGreaterThan(512 * 1024);
    const inWorker = await readImportFileOffThread(big, "en");
    expect(inWorker).toEqual(await readImportFile(big, "en"));
    expect(inWorker.feed.ok && inWorker.feed.items.length).toBe(3000);
    const dry = await runImport(deps(), request(big));
    expect(dry.counts.created).toBe(3000);
  });

  it("refuses anyone but the agency's owners and admins, changing nothing", async () => {
    const state = await world.state.snapshot();
    await expect(
      runImport(deps(), request(csv([row("S-1")]), { user: stranger, dryRun: false })),
    ).rejects.toThrow(ForbiddenError);
    expect(await world.state.snapshot()).toEqual(state);
  });
});
