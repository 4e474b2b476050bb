import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A loopback HTTP server holding photos as a CRM's or an agency's site would (for photos by URL and feeds):
 * `/photo/<name>.jpg` is a JPEG of its own colour; `/big.jpg` is larger than any limit a test sets,
 * `/slow.jpg` never finishes, `/redirect?to=<url>` redirects, `/missing.jpg` is 404. It counts the requests
 * of each path, so a test sees what was fetched and how often.
 */
export type PhotoServer = {
  url: string;
  /** Requests per path, since start. */
  hits: Map<string, number>;
  close(): Promise<void>;
};

export async function startPhotoServer(): Promise<PhotoServer> {
  const hits = new Map<string, number>();
  const photos = new Map<string, Buffer>();
  const photo = async (name: string) => {
    let bytes = photos.get(name);
    if (!bytes) {
      const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 255;
      bytes = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: hue, g: 120, b: 200 } },
      })
        .jpeg()
        .toBuffer();
      photos.set(name, bytes);
    }
    return bytes;
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname.startsWith("/photo/")) {
      res.writeHead(200, { "content-type": "image/jpeg" }).end(await photo(url.pathname));
    } else if (url.pathname === "/big.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      // Chunked, without a length: the limit must stop it while it streams.
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let sent = 0; sent < 64 && !res.destroyed; sent++) res.write(chunk);
      res.end();
    } else if (url.pathname === "/slow.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(Buffer.alloc(10));
    } else if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    } else if (url.pathname === "/text.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" }).end("not an image at all");
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
