import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publishListing, validListing } from "#tests/ops/support/listing-forms.ts";
import {
  failedSignIn,
  listingPageAndPhoto,
  multiInstanceServer,
  uploadOffset,
} from "#tests/ops/support/multi-instance.ts";
import { createUpload, fixture, patchUpload, uploadMetadata } from "#tests/ops/support/tus-client.ts";
import { newAccount, postSignIn, postSignUp, type TestAccount } from "#tests/support/accounts.ts";
import { openAppData } from "#tests/support/app-data.ts";
import { type AppServer, getFreePort, startAppServer } from "#tests/support/app-server.ts";
import { send } from "#tests/support/http.ts";
import { type LoadBalancer, startLoadBalancer } from "#tests/support/load-balancer.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/pg.ts";
import { type S3Peer, startS3Server } from "#tests/support/s3-server.ts";

/**
 * docs/deploy.md's "Several instances", for real: two app processes from the production build on one
 * PostgreSQL database and one S3 bucket (loopback s3rver), behind nginx. Whatever one instance learns (a session, half
 * of a photo, a listing, a failed sign-in) the other must know, so that any request may go to either, and
 * killing one loses nothing. The tests run in order, each building on the ones before.
 */
const target = await multiInstanceServer();
const skip = "skip" in target ? target.skip : undefined;
if (skip) console.warn(`tests/ops/multi-instance.test.ts skipped: ${skip}`);

const RATE_LIMIT_MAX = 5;
const FIRST_LISTING = "Flat seen from two machines";

let s3: S3Peer | undefined;
let database: TestDatabase | undefined;
const apps: AppServer[] = [];
let a: AppServer;
let b: AppServer;
let balancer: LoadBalancer | undefined;
let account: TestAccount;
let cookie: string;
let photo: Uint8Array<ArrayBuffer>;
let half: number;
let firstListing: string;

/** Creates an upload of the photo through `via` and sends its first half through `firstHalfVia`. */
async function halfUploaded(via: string, firstHalfVia: string) {
  const created = await createUpload(via, cookie, {
    "Upload-Length": String(photo.length),
    "Upload-Metadata": uploadMetadata({ filename: "house.jpg", filetype: "image/jpeg" }),
  });
  expect(created.status).toBe(201);
  const path = created.location!;
  const first = await patchUpload(`${firstHalfVia}${path}`, cookie, 0, photo.subarray(0, half));
  expect(first.status).toBe(204);
  return path;
}

/** Image rows with this id, read from the shared database itself. */
async function countImageRows(id: string) {
  const data = await openAppData(b.env);
  try {
    return (await data.db.selectFrom("image").select("id").where("id", "=", id).execute()).length;
  } finally {
    await data.close();
  }
}

describe.skipIf(skip)("several instances behind a load balancer", () => {
  beforeAll(async () => {
    photo = await fixture("photo-gps-orientation-6.jpg");
    half = Math.floor(photo.length / 2);
    [s3, database] = await Promise.all([
      startS3Server(),
      createTestDatabase("homestead_multi", "postgres" in target ? target.postgres : undefined),
    ]);
    const balancerPort = await getFreePort();
    const env = {
      DATABASE_URL: database.url,
      STORAGE: "s3",
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      TRUST_PROXY: "loopback",
      SEED: "false",
      LOG_LEVEL: "warn",
    };
    // Both at once, as a deploy would start them: Kysely's migration lock lets one migrate the empty database
    // while the other waits.
    const starting = await Promise.allSettled([startAppServer({ env }), startAppServer({ env })]);
    for (const app of starting) if (app.status === "fulfilled") apps.push(app.value);
    for (const app of starting) if (app.status === "rejected") throw app.reason;
    [a, b] = apps as [AppServer, AppServer];
    balancer = await startLoadBalancer({
      upstreams: apps.map((app) => `127.0.0.1:${app.port}`),
      port: balancerPort,
    });
    // Two app starts take a few seconds each on an idle machine; far longer beside a busy test suite.
  }, 120_000);

  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail") return;
    for (const [index, app] of apps.entries()) {
      console.error(`--- instance ${"AB"[index]} (last lines) ---\n${app.output()}`);
    }
    console.error(`--- nginx ---\n${await balancer?.errorLog()}`);
  });

  afterAll(async () => {
    const steps = [balancer?.stop, ...apps.map((app) => app.cleanup), database?.drop, s3?.stop];
    for (const step of steps) await step?.().catch((error: unknown) => console.error("teardown:", error));
  });

  it("takes a user signed up on A at their next request to B", async () => {
    account = newAccount("Mona Multi");
    cookie = await postSignUp(a.url, account);
    const profile = await send(`${b.url}/profile`, { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body).toContain(account.email);
    expect((await send(`${b.url}/profile`)).status).toBe(302);
  });

  it("puts together a photo whose first half went to A and second half to B", async () => {
    const path = await halfUploaded(balancer!.url, a.url);
    expect(await uploadOffset(`${b.url}${path}`, cookie)).toBe(half);
    const finished = await patchUpload(`${b.url}${path}`, cookie, half, photo.subarray(half));
    expect(finished).toMatchObject({ status: 204, imageId: path.split("/").at(-1) });

    const id = await publishListing(balancer!.url, cookie, validListing([finished.imageId!], FIRST_LISTING));
    firstListing = `/category/rent/${id}`;
  });

  it("makes one image of an upload whose last part reached A and B at once", async () => {
    // A client that timed out resends its last PATCH, and the balancer sends it to the other instance.
    const path = await halfUploaded(a.url, a.url);
    const answers = await Promise.all(
      [a.url, b.url].map((base) => patchUpload(`${base}${path}`, cookie, half, photo.subarray(half))),
    );
    // The slower one may find the upload further on (409) or gone (404), as tus says; it must never fail on
    // the server's side, and where both finish they name the same image.
    for (const answer of answers) expect([204, 404, 409], answer.body).toContain(answer.status);
    const imageIds = new Set(
      answers.filter((answer) => answer.status === 204).map((answer) => answer.imageId),
    );
    expect([...imageIds]).toEqual([path.split("/").at(-1)]);
    expect(await countImageRows(path.split("/").at(-1)!)).toBe(1);
  });

  it("serves the listing page and its photo from A, from B and through the balancer", async () => {
    const seen = [];
    for (const base of [a.url, b.url, balancer!.url, balancer!.url]) {
      seen.push(await listingPageAndPhoto(`${base}${firstListing}`));
    }
    for (const { html, type, bytes } of seen) {
      expect(html).toContain(FIRST_LISTING);
      expect(type).toBe("image/webp");
      expect(bytes.equals(seen[0]!.bytes)).toBe(true);
    }
    // Round-robin: the balancer's requests went to both instances.
    const upstreams = new Set((await balancer!.accessLog()).map((line) => line.split(" ").at(-1)));
    expect(upstreams).toEqual(new Set(apps.map((app) => `127.0.0.1:${app.port}`)));
  });

  it(`counts failed sign-ins on A and B together: the ${RATE_LIMIT_MAX + 1}th is refused with 429`, async () => {
    const client = "198.51.100.7";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < RATE_LIMIT_MAX; attempt++) {
      statuses.push(await failedSignIn(attempt % 2 === 0 ? a.url : b.url, account.email, client));
    }
    expect(statuses).toEqual(Array(RATE_LIMIT_MAX).fill(401));
    expect(await failedSignIn(b.url, account.email, client)).toBe(429);
    expect(await failedSignIn(a.url, account.email, client)).toBe(429);
    // nginx appends the address it saw; the app still takes the client's, and counts per client.
    expect(await failedSignIn(balancer!.url, account.email, client)).toBe(429);
    expect(await failedSignIn(balancer!.url, account.email, "198.51.100.8")).toBe(401);
  });

  it("loses nothing when A is killed: B and the balancer carry on", async () => {
    const path = await halfUploaded(a.url, a.url);
    await a.stop("SIGKILL");

    expect((await send(`${b.url}/profile`, { cookie })).status).toBe(200);
    expect(await uploadOffset(`${b.url}${path}`, cookie)).toBe(half);
    const finished = await patchUpload(`${b.url}${path}`, cookie, half, photo.subarray(half));
    expect(finished.status).toBe(204);
    expect(await failedSignIn(b.url, account.email, "198.51.100.7")).toBe(429);

    // Through the balancer, which finds out by itself that A is gone: a new session, a new listing.
    const session = await postSignIn(balancer!.url, account);
    expect(session).toBeDefined();
    const name = "Garden flat after a crash";
    const id = await publishListing(balancer!.url, session!, validListing([finished.imageId!], name));
    for (const [listing, shown] of [
      [firstListing, FIRST_LISTING],
      [`/category/rent/${id}`, name],
    ]) {
      expect((await listingPageAndPhoto(`${balancer!.url}${listing}`)).html).toContain(shown);
    }
  });
});
