import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "./storage.disk.server.ts";
import type { Storage } from "./storage.server.ts";

describe("disk storage", () => {
  let dir: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "homestead-disk-"));
    storage = createDiskStorage(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps each key as a file under the root, and no temporary file behind", async () => {
    await storage.put("images/u1-house-abc-400.webp", Buffer.from("bytes"), "image/webp");
    expect(await readFile(path.join(dir, "images", "u1-house-abc-400.webp"), "utf8")).toBe("bytes");
    expect(await readdir(path.join(dir, "images"))).toEqual(["u1-house-abc-400.webp"]);
  });

  it("refuses a content type its key's extension contradicts", async () => {
    await expect(storage.put("images/a-400.webp", Buffer.from("x"), "image/png")).rejects.toThrow(
      /image\/webp/,
    );
    await expect(storage.put("images/no-extension", Buffer.from("x"), "image/webp")).rejects.toThrow();
    expect(await storage.exists("images/a-400.webp")).toBe(false);
  });

  it("never lets a reader see a partly written file", async () => {
    const key = "images/contended-1600.webp";
    const first = Buffer.alloc(4 * 1024 * 1024, 1);
    const second = Buffer.alloc(3 * 1024 * 1024, 2);
    await storage.put(key, first, "image/webp");
    const writes = Array.from({ length: 10 }, (_, index) =>
      storage.put(key, index % 2 === 0 ? second : first, "image/webp"),
    );
    const reads = Array.from({ length: 20 }, async () => {
      const object = await storage.get(key);
      const content = await buffer(object!.body);
      // A torn read would mix both fills or stop short; either whole body is fine.
      expect(content.equals(first) || content.equals(second)).toBe(true);
    });
    await Promise.all([...writes, ...reads]);
    expect((await readdir(path.join(dir, "images"))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("removes its temporary file when the final rename fails", async () => {
    // A directory where the file should go makes rename fail after the temporary file was written.
    await mkdir(path.join(dir, "images", "taken-400.webp"), { recursive: true });
    await expect(storage.put("images/taken-400.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    expect(await readdir(path.join(dir, "images"))).toEqual(["taken-400.webp"]);
    expect(await storage.get("images/taken-400.webp")).toBeNull();
    expect(await storage.exists("images/taken-400.webp")).toBe(false);
  });

  it("cannot reach a file beside the root through any key", async () => {
    const secret = `${dir}-secret.txt`;
    await rm(secret, { force: true });
    await expect(storage.get(`../${path.basename(secret)}`)).rejects.toThrow(/storage key/);
    await expect(
      storage.put(`../${path.basename(dir)}-secret.txt`, Buffer.from("x"), "text/plain"),
    ).rejects.toThrow(/storage key/);
  });

  it("lists nested keys and skips files no put could have written", async () => {
    await storage.put("images/sub/nested-400.webp", Buffer.from("x"), "image/webp");
    await writeFile(path.join(dir, "images", "Not A Key.webp"), "x");
    await writeFile(path.join(dir, "images", ".hidden"), "x");
    const keys: string[] = [];
    for await (const entry of storage.list("images/")) keys.push(entry.key);
    expect(keys).toEqual(["images/sub/nested-400.webp"]);
  });

  it("deletes the temporary file of a put cut short by a crash, once idle past the cutoff, and never lists it", async () => {
    await storage.put("images/kept-400.webp", Buffer.from("kept"), "image/webp");
    // What a put killed between writing and renaming leaves: its temporary file, never renamed.
    const leftover = path.join(dir, "images", ".cut-400.webp.0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b.tmp");
    await writeFile(leftover, "half a photo");
    const notOurs = path.join(dir, "images", ".keep");
    await writeFile(notOurs, "");
    const keys: string[] = [];
    for await (const entry of storage.list("images/")) keys.push(entry.key);
    expect(keys).toEqual(["images/kept-400.webp"]);

    // Fresh: it could be a put still writing.
    expect(await storage.deleteIncomplete(Date.now() - 60_000)).toBe(0);
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(leftover, anHourAgo, anHourAgo);
    await utimes(notOurs, anHourAgo, anHourAgo);
    expect(await storage.deleteIncomplete(Date.now() - 60_000)).toBe(1);
    expect((await readdir(path.join(dir, "images"))).sort()).toEqual([".keep", "kept-400.webp"]);
  });
});
