import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testStorageConfig } from "#tests/support/factories.ts";
import { type S3Peer, startS3Server } from "#tests/support/s3-server.ts";
import { createStorage, type Storage, type StoredEntry } from "./storage.server.ts";

// The same contract, through the same factory the app uses, on both backends.
type Backend = { name: string; start(): Promise<{ storage: Storage; stop(): Promise<void> }> };

const backends: Backend[] = [
  {
    name: "disk",
    async start() {
      const dir = await mkdtemp(path.join(tmpdir(), "homestead-storage-"));
      const storage = createStorage(testStorageConfig({ kind: "disk", diskDir: dir }));
      return { storage, stop: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    async start() {
      const peer: S3Peer = await startS3Server();
      const storage = createStorage(testStorageConfig({ kind: "s3", s3: peer.s3Config }));
      return { storage, stop: () => peer.stop() };
    },
  },
];

async function collect(entries: AsyncIterable<StoredEntry>) {
  const found: StoredEntry[] = [];
  for await (const entry of entries) found.push(entry);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(backends)("$name storage", (backend) => {
  let storage: Storage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await backend.start());
  });
  afterAll(() => stop());

  const key = "images/user1-kitchen-3f0c2d4e-8a1b-4c5d-9e6f-a7b8c9d0e1f2-800.webp";

  it("reads back what was put, with its type and size", async () => {
    const body = Buffer.from("RIFF....WEBPVP8 fake image bytes");
    await storage.put(key, body, "image/webp");
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe("image/webp");
    expect(object?.size).toBe(body.length);
    expect(await buffer(object!.body)).toEqual(body);
  });

  it("replaces an object put again under the same key", async () => {
    await storage.put(key, Buffer.from("first"), "image/webp");
    await storage.put(key, Buffer.from("second, longer"), "image/webp");
    const object = await storage.get(key);
    expect((await buffer(object!.body)).toString()).toBe("second, longer");
  });

  it("stores a photo-sized body intact", async () => {
    const body = Buffer.alloc(3 * 1024 * 1024);
    for (let index = 0; index < body.length; index += 1) body[index] = (index * 31) % 251;
    await storage.put("images/large-1600.webp", body, "image/webp");
    const object = await storage.get("images/large-1600.webp");
    expect(object?.size).toBe(body.length);
    expect((await buffer(object!.body)).equals(body)).toBe(true);
  });

  it("answers null and false for a missing key", async () => {
    expect(await storage.get("images/missing-400.webp")).toBeNull();
    expect(await storage.exists("images/missing-400.webp")).toBe(false);
  });

  it("deletes several keys at once and ignores missing ones", async () => {
    const keys = ["images/a-400.webp", "images/a-800.webp", "images/a-1600.webp"];
    for (const each of keys) await storage.put(each, Buffer.from(each), "image/webp");
    expect(await storage.exists("images/a-800.webp")).toBe(true);
    await storage.delete([...keys, "images/never-stored-400.webp"]);
    for (const each of keys) expect(await storage.exists(each)).toBe(false);
    await storage.delete([]);
  });

  it("lists the keys that start with a prefix, with when each was written", async () => {
    const before = Date.now();
    const keys = ["lists/x/a-400.webp", "lists/x/b-400.webp", "lists/x-sibling.txt", "lists/y/c-400.webp"];
    for (const each of keys) {
      await storage.put(each, Buffer.from(each), each.endsWith(".txt") ? "text/plain" : "image/webp");
    }
    const listed = await collect(storage.list("lists/x/"));
    expect(listed.map((entry) => entry.key)).toEqual(["lists/x/a-400.webp", "lists/x/b-400.webp"]);
    // S3 keeps whole seconds.
    for (const entry of listed) {
      expect(entry.lastModified).toBeGreaterThanOrEqual(before - 1000);
      expect(entry.lastModified).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // A prefix is the start of a key, not a folder.
    expect((await collect(storage.list("lists/x"))).map((entry) => entry.key)).toEqual([
      "lists/x-sibling.txt",
      "lists/x/a-400.webp",
      "lists/x/b-400.webp",
    ]);
    expect((await collect(storage.list("lists/"))).length).toBe(4);
    expect(await collect(storage.list("no-such-prefix/"))).toEqual([]);
    await storage.delete(["lists/x/a-400.webp"]);
    expect((await collect(storage.list("lists/x/"))).map((entry) => entry.key)).toEqual([
      "lists/x/b-400.webp",
    ]);
  });

  it.each(["../", "/etc", "images//", "images/.hidden", "a\\b/"])(
    "refuses to list the prefix %j",
    async (bad) => {
      await expect(collect(storage.list(bad))).rejects.toThrow(/storage prefix/);
    },
  );

  it("leaves nothing for deleteIncomplete after puts that completed", async () => {
    await storage.put("complete/a-400.webp", Buffer.from("whole"), "image/webp");
    expect(await storage.deleteIncomplete(Date.now() + 60 * 60 * 1000)).toBe(0);
    expect(await storage.exists("complete/a-400.webp")).toBe(true);
  });

  it.each([
    "../outside.webp",
    "images/../../etc/passwd",
    "/etc/passwd",
    "images//double.webp",
    "images/nul\0.webp",
    "images\\windows.webp",
    "images/.hidden.webp",
    "C:/windows.webp",
    "",
  ])("refuses the key %j", async (bad) => {
    await expect(storage.put(bad, Buffer.from("x"), "image/webp")).rejects.toThrow(/storage key/);
    await expect(storage.get(bad)).rejects.toThrow(/storage key/);
    await expect(storage.exists(bad)).rejects.toThrow(/storage key/);
    await expect(storage.delete(["images/fine-400.webp", bad])).rejects.toThrow(/storage key/);
  });
});
