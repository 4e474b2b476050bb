import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Config } from "#app/config.server.ts";
import { createStorage } from "#app/providers/storage/storage.server.ts";
import { createUser, testStorageConfig } from "#tests/support/factories.ts";
import { type S3Peer, startS3Server } from "#tests/support/s3-server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { contiguousParts } from "./image.staging.s3.server.ts";
import type { UploadStaging } from "./image.staging.server.ts";
import { createUploadServer, createUploadStaging, type UploadServer } from "./image.tus.server.ts";
import { IMAGE_ID_HEADER } from "./image.upload.ts";

// The tus endpoint over both stagings, chosen by the app's own createUploadStaging: two endpoints on one staging
// stand for two app instances, and a photo's parts go to one and then the other.

const BASE = "http://localhost/api/uploads";
const USER_HEADER = "x-test-user";
const fixture = (name: string) => readFile(path.join(import.meta.dirname, "../../../tests/fixtures", name));

type Backend = {
  name: "disk" | "s3";
  start(): Promise<{ config: Config["storage"]; staged(): Promise<string[]>; stop(): Promise<void> }>;
};

const backends: Backend[] = [
  {
    name: "disk",
    async start() {
      const dir = await mkdtemp(path.join(tmpdir(), "homestead-staging-"));
      const config = testStorageConfig({ kind: "disk", diskDir: path.join(dir, "images") });
      config.uploadDir = path.join(dir, "uploads");
      const staged = () => readdir(config.uploadDir).catch(() => [] as string[]);
      return { config, staged, stop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    async start() {
      const peer: S3Peer = await startS3Server();
      const client = new S3Client({ ...peer.s3Config, credentials: peer });
      const staged = async () => {
        const listed = await client.send(
          new ListObjectsV2Command({ Bucket: peer.bucket, Prefix: "uploads/" }),
        );
        return (listed.Contents ?? []).map((object) => object.Key ?? "");
      };
      return {
        config: testStorageConfig({ kind: "s3", s3: peer.s3Config }),
        staged,
        stop: () => peer.stop(),
      };
    },
  },
];

describe.each(backends)("$name upload staging", (backend) => {
  let testDb: TestDb;
  let stop: () => Promise<void>;
  let staged: () => Promise<string[]>;
  let staging: UploadStaging;
  let instances: [UploadServer, UploadServer];
  let alice: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    const started = await backend.start();
    ({ stop, staged } = started);
    staging = createUploadStaging(started.config, createStorage(started.config));
    // Each endpoint gets its own storage and staging objects, as each app process would.
    const endpoint = () => {
      const storage = createStorage(started.config);
      return createUploadServer({
        db: testDb.db,
        storage,
        staging: createUploadStaging(started.config, storage),
        maxUploadBytes: started.config.maxUploadBytes,
        resolveUserId: async (request) => request.headers.get(USER_HEADER),
      });
    };
    instances = [endpoint(), endpoint()];
    alice = (await createUser(testDb.db)).id;
  });
  afterAll(async () => {
    await stop?.();
    await testDb?.destroy();
  });

  const headers = (extra: Record<string, string> = {}) => ({
    "Tus-Resumable": "1.0.0",
    [USER_HEADER]: alice,
    ...extra,
  });
  const create = (via: UploadServer, length: number) =>
    via.handle(
      new Request(BASE, {
        method: "POST",
        headers: headers({
          "Upload-Length": String(length),
          "Upload-Metadata": `filename ${Buffer.from("house.jpg").toString("base64")}`,
        }),
      }),
    );
  const patch = (via: UploadServer, location: string, offset: number, bytes: Buffer) =>
    via.handle(
      new Request(new URL(location, BASE), {
        method: "PATCH",
        headers: headers({
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
        }),
        body: new Uint8Array(bytes),
      }),
    );
  const offsetOf = async (via: UploadServer, location: string) => {
    const response = await via.handle(
      new Request(new URL(location, BASE), { method: "HEAD", headers: headers() }),
    );
    return response.status === 200 ? Number(response.headers.get("Upload-Offset")) : response.status;
  };

  it("takes a photo's first half on one instance and its second half on another", async () => {
    const [first, second] = instances;
    const photo = await fixture("photo-gps-orientation-6.jpg");
    const location = (await create(first, photo.length)).headers.get("Location")!;
    const half = Math.floor(photo.length / 2);
    expect((await patch(first, location, 0, photo.subarray(0, half))).status).toBe(204);
    expect(await offsetOf(second, location)).toBe(half);
    // A stale offset is refused on either instance.
    expect((await patch(second, location, 0, photo.subarray(0, half))).status).toBe(409);

    const finished = await patch(second, location, half, photo.subarray(half));
    expect(finished.status).toBe(204);
    const imageId = finished.headers.get(IMAGE_ID_HEADER);
    expect(imageId).toBe(location.split("/").at(-1));
    const row = await testDb.db.selectFrom("image").selectAll().where("id", "=", imageId!).executeTakeFirst();
    expect(row).toMatchObject({ userId: alice, width: 900, height: 1200 });
    // The original (EXIF, GPS) is gone from the staging, whichever instance finished it.
    expect(await staged()).toEqual([]);
    expect(await offsetOf(first, location)).toBe(404);
  });

  it("keeps uploads that are being written and sweeps those untouched since the cutoff", async () => {
    const location = (await create(instances[0], 100)).headers.get("Location")!;
    expect((await patch(instances[0], location, 0, Buffer.alloc(10, 1))).status).toBe(204);
    expect(await staging.sweep(Date.now() - 60_000)).toBe(0);
    expect(await offsetOf(instances[1], location)).toBe(10);
    expect(await staging.sweep(Date.now() + 60_000)).toBe(1);
    expect(await staged()).toEqual([]);
    expect(await offsetOf(instances[1], location)).toBe(404);
  });

  it.runIf(backend.name === "s3")("reads a file from parts that two racing requests wrote", async () => {
    const id = (await create(instances[0], 10)).headers.get("Location")!.split("/").at(-1)!;
    const bytes = Buffer.from("0123456789");
    const { datastore } = staging;
    // Both clients' retries started at 0; one got cut off after 4 bytes, the other finished.
    await datastore.write(Readable.from([bytes.subarray(0, 4)]), id, 0);
    await datastore.write(Readable.from([bytes.subarray(0, 7)]), id, 0);
    await datastore.write(Readable.from([bytes.subarray(4, 10)]), id, 4);
    expect((await datastore.getUpload(id)).offset).toBe(10);
    expect((await staging.read(id)).toString()).toBe("0123456789");
    await staging.remove(id);
    await staging.remove(id);
    expect(await staged()).toEqual([]);
  });
});

describe("contiguousParts", () => {
  const part = (offset: number, length: number) => ({ key: `part-${offset}-${length}`, offset, length });

  it("follows the parts from byte 0 to the first gap, taking the furthest-reaching at each step", () => {
    expect(contiguousParts([], 10)).toEqual({ chain: [], reach: 0 });
    expect(contiguousParts([part(0, 4), part(4, 6)], 10).reach).toBe(10);
    expect(contiguousParts([part(0, 4), part(6, 4)], 10).reach).toBe(4);
    const overlapping = contiguousParts([part(0, 4), part(0, 7), part(4, 2), part(5, 5)], 10);
    expect(overlapping).toEqual({ chain: [part(0, 7), part(5, 5)], reach: 10 });
  });

  it("ignores a part that ends past the file", () => {
    expect(contiguousParts([part(0, 11)], 10).reach).toBe(0);
  });
});
