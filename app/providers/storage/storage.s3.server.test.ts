import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Peer, startS3Server } from "#tests/support/s3-server.ts";
import { createS3Storage } from "./storage.s3.server.ts";
import type { Storage } from "./storage.server.ts";

describe("s3 storage", () => {
  let peer: S3Peer;
  let storage: Storage;
  beforeAll(async () => {
    peer = await startS3Server();
    storage = createS3Storage(peer.s3Config);
  });
  afterAll(() => peer.stop());

  it("keeps the content type given at put time", async () => {
    await storage.put("images/original.png", Buffer.from("png-ish"), "image/png");
    expect((await storage.get("images/original.png"))?.contentType).toBe("image/png");
  });

  it("deletes more keys than one DeleteObjects request may carry", async () => {
    const keys = Array.from({ length: 1500 }, (_, index) => `images/bulk-${index}-400.webp`);
    await storage.put(keys[0]!, Buffer.from("first batch"), "image/webp");
    await storage.put(keys[1200]!, Buffer.from("second batch"), "image/webp");
    await storage.delete(keys);
    expect(await storage.exists(keys[0]!)).toBe(false);
    expect(await storage.exists(keys[1200]!)).toBe(false);
  });

  it("surfaces a missing bucket as an error, not as a missing object", async () => {
    const misconfigured = createS3Storage({ ...peer.s3Config, bucket: "no-such-bucket" });
    await expect(misconfigured.get("images/a-400.webp")).rejects.toThrow();
  });

  it("fails when the access key is unknown", async () => {
    // s3rver checks the access key id; it does not verify SigV4 signatures, so a wrong secret would pass.
    const intruder = createS3Storage({ ...peer.s3Config, accessKeyId: "UNKNOWN" });
    await expect(intruder.put("images/b-400.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
    expect(await storage.exists("images/b-400.webp")).toBe(false);
  });

  it("lists every key of a prefix across ListObjects pages", async () => {
    const paged = createS3Storage(peer.s3Config, { listPageSize: 2 });
    const keys = Array.from({ length: 5 }, (_, index) => `paged/photo-${index}-400.webp`);
    for (const key of keys) await paged.put(key, Buffer.from(key), "image/webp");
    const listed: string[] = [];
    for await (const entry of paged.list("paged/")) listed.push(entry.key);
    expect(listed.sort()).toEqual(keys);
  });
});
