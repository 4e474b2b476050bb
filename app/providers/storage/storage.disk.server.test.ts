import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDiskStorage } from "./storage.disk.server";
import type { Storage } from "./storage.server";

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
});
