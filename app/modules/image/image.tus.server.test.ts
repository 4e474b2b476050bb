import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import { createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { ABANDONED_UPLOAD_AGE_MS } from "./image.service.server.ts";
import { createDiskStaging } from "./image.staging.disk.server.ts";
import { createUploadServer, type UploadServer } from "./image.tus.server.ts";
import { IMAGE_ID_HEADER } from "./image.upload.ts";

// The tus endpoint driven with the protocol's own requests (as tus-js-client sends them), on real files.

const fixture = (name: string) => readFile(path.join(import.meta.dirname, "../../../tests/fixtures", name));
const BASE = "http://localhost/api/uploads";
const USER_HEADER = "x-test-user";

let testDb: TestDb;
let dir: string;
let stagingDir: string;
let uploads: UploadServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  testDb = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), "homestead-tus-"));
  stagingDir = path.join(dir, "uploads");
  uploads = createUploadServer({
    db: testDb.db,
    storage: createDiskStorage(path.join(dir, "images")),
    staging: createDiskStaging(stagingDir),
    maxUploadBytes: 1024 * 1024,
    // The session lookup stands in for better-auth's (the e2e tests use the real one).
    resolveUserId: async (request) => request.headers.get(USER_HEADER),
  });
});
afterAll(async () => {
  await testDb.destroy();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  await testDb.db.deleteFrom("image").execute();
  alice = (await createUser(testDb.db)).id;
  bob = (await createUser(testDb.db)).id;
});

function tusHeaders(user: string | null, extra: Record<string, string> = {}) {
  return { "Tus-Resumable": "1.0.0", ...(user ? { [USER_HEADER]: user } : {}), ...extra };
}

function create(user: string | null, length: number, fileName = "house.jpg") {
  return uploads.handle(
    new Request(BASE, {
      method: "POST",
      headers: tusHeaders(user, {
        "Upload-Length": String(length),
        "Upload-Metadata": `filename ${Buffer.from(fileName).toString("base64")},userId ${Buffer.from(bob).toString("base64")}`,
      }),
    }),
  );
}

function patch(user: string, location: string, offset: number, bytes: Buffer) {
  return uploads.handle(
    new Request(new URL(location, BASE), {
      method: "PATCH",
      headers: tusHeaders(user, {
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      }),
      body: new Uint8Array(bytes),
    }),
  );
}

function head(user: string, location: string) {
  return uploads.handle(new Request(new URL(location, BASE), { method: "HEAD", headers: tusHeaders(user) }));
}

async function stagingFiles() {
  return readdir(stagingDir).catch(() => [] as string[]);
}

describe("tus upload endpoint", () => {
  it("takes a photo in two parts, resuming from the offset the server reports, and returns its image id", async () => {
    const photo = await fixture("photo-gps-orientation-6.jpg");
    const created = await create(alice, photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("Location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);

    const half = Math.floor(photo.length / 2);
    expect((await patch(alice, location, 0, photo.subarray(0, half))).status).toBe(204);
    // As after a dropped connection: ask where to continue.
    const resumed = await head(alice, location);
    expect(resumed.headers.get("Upload-Offset")).toBe(String(half));

    const finished = await patch(alice, location, half, photo.subarray(half));
    expect(finished.status).toBe(204);
    const imageId = finished.headers.get(IMAGE_ID_HEADER);
    expect(imageId).toBe(location.split("/").at(-1));
    const row = await testDb.db.selectFrom("image").selectAll().where("id", "=", imageId!).executeTakeFirst();
    // The owner is the session's user, whatever the client put in its metadata.
    expect(row).toMatchObject({ userId: alice, listingId: null, width: 900, height: 1200 });
    expect(row?.storageKey).toMatch(new RegExp(`^images/${alice}-house-`));
    // The original, EXIF and GPS included, is gone from the staging folder.
    expect(await stagingFiles()).toEqual([]);
  });

  it("refuses visitors, and answers for someone else's upload as if it did not exist", async () => {
    const visitor = await create(null, 10);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toBe("Please sign in to upload images");

    const location = (await create(alice, 10)).headers.get("Location")!;
    expect((await head(bob, location)).status).toBe(404);
    expect((await patch(bob, location, 0, Buffer.alloc(10))).status).toBe(404);
    expect((await head(alice, location)).status).toBe(200);
  });

  it("refuses a file that is not a jpg or png with a clear message, keeping nothing", async () => {
    const gif = await fixture("animation.gif");
    const location = (await create(alice, gif.length, "anim.gif")).headers.get("Location")!;
    const response = await patch(alice, location, 0, gif);
    expect(response.status).toBe(422);
    expect(await response.text()).toBe("Only .jpg, .jpeg and .png images are accepted");
    expect(await testDb.db.selectFrom("image").select("id").execute()).toEqual([]);
    expect(await stagingFiles()).toEqual([]);
  });

  it("refuses an upload over the size limit before taking its bytes", async () => {
    const response = await create(alice, 1024 * 1024 + 1);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("This image is larger than 1 MB");
  });

  it("sweeps staging files nothing has written to for a day", async () => {
    const location = (await create(alice, 100)).headers.get("Location")!;
    const id = location.split("/").at(-1)!;
    await writeFile(path.join(stagingDir, "unrelated.txt"), "not ours");
    expect((await stagingFiles()).sort()).toEqual([id, `${id}.json`, "unrelated.txt"].sort());

    await uploads.sweep(Date.now());
    expect(await stagingFiles()).toContain(id);

    const dayAgo = new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS - 60_000);
    for (const file of [id, `${id}.json`]) await utimes(path.join(stagingDir, file), dayAgo, dayAgo);
    await uploads.sweep(Date.now());
    expect(await stagingFiles()).toEqual(["unrelated.txt"]);
    await rm(path.join(stagingDir, "unrelated.txt"));
  });
});
