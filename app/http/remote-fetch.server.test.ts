import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PhotoServer, startPhotoServer } from "#tests/support/photo-server.ts";
import { fetchRemote, isPublicAddress, RemoteFetchError } from "./remote-fetch.server.ts";

// The fetcher against a real HTTP peer on loopback: it refuses this machine unless allowed (by address, by a
// name that resolves to it, and after a redirect), and stops at its size and time limits.

let peer: PhotoServer;
beforeAll(async () => {
  peer = await startPhotoServer();
});
afterAll(async () => {
  await peer.close();
});

const allowed = { allowPrivateHosts: true, maxBytes: 1024 * 1024, timeoutMs: 2000 };
const refusedPrivate = { ...allowed, allowPrivateHosts: false };

async function reason(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RemoteFetchError);
  return (error as RemoteFetchError).reason;
}

describe("fetchRemote", () => {
  it("fetches a file from a host it may ask", async () => {
    const file = await fetchRemote(`${peer.url}/photo/a.jpg`, allowed);
    expect(file.contentType).toBe("image/jpeg");
    expect(file.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("refuses loopback and private addresses unless allowed: by address and by a name that resolves to one", async () => {
    const port = new URL(peer.url).port;
    const before = peer.hits.get("/photo/b.jpg") ?? 0;
    expect(await reason(fetchRemote(`${peer.url}/photo/b.jpg`, refusedPrivate))).toBe("private-host");
    expect(await reason(fetchRemote(`http://localhost:${port}/photo/b.jpg`, refusedPrivate))).toBe(
      "private-host",
    );
    expect(await reason(fetchRemote(`http://[::ffff:127.0.0.1]:${port}/photo/b.jpg`, refusedPrivate))).toBe(
      "private-host",
    );
    expect(await reason(fetchRemote("http://169.254.169.254/latest/meta-data/", refusedPrivate))).toBe(
      "private-host",
    );
    expect(peer.hits.get("/photo/b.jpg") ?? 0, "nothing reached the private host").toBe(before);
  });

  it("follows a few redirects, each checked as the first request is", async () => {
    const to = (target: string) => `${peer.url}/redirect?to=${encodeURIComponent(target)}`;
    const file = await fetchRemote(to(`${peer.url}/photo/c.jpg`), allowed);
    expect(file.url).toBe(`${peer.url}/photo/c.jpg`);
    const loop = to(to(to(to(`${peer.url}/photo/c.jpg`))));
    expect(await reason(fetchRemote(loop, { ...allowed, maxRedirects: 3 }))).toBe("too-many-redirects");
  });

  it("refuses what is not http(s)", async () => {
    expect(await reason(fetchRemote("file:///etc/passwd", allowed))).toBe("bad-url");
    expect(await reason(fetchRemote("not a url", allowed))).toBe("bad-url");
  });

  it("stops a body over the size limit, and one that takes too long", async () => {
    expect(await reason(fetchRemote(`${peer.url}/big.jpg`, { ...allowed, maxBytes: 100_000 }))).toBe(
      "too-large",
    );
    expect(await reason(fetchRemote(`${peer.url}/slow.jpg`, { ...allowed, timeoutMs: 300 }))).toBe("timeout");
    expect(await reason(fetchRemote(`${peer.url}/missing.jpg`, allowed))).toBe("status");
  });

  it("tells public addresses from the others", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "0.0.0.0",
      "100.64.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});
