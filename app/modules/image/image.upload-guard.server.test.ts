import { describe, expect, it } from "vitest";
import { refuseMalformedUpload } from "./image.upload-guard.server.ts";

const creation = (headers: Record<string, string>, method = "POST") =>
  new Request("http://localhost/api/uploads", { method, headers: { "Tus-Resumable": "1.0.0", ...headers } });
const metadata = (filename: string) =>
  `filename ${Buffer.from(filename).toString("base64")},filetype aW1hZ2UvcG5n`;

describe("refuseMalformedUpload", () => {
  it("lets through what tus-js-client sends for a photo, whatever the script of its name", () => {
    for (const name of ["house.jpg", "Maison près du lac.png", "בית.jpeg", "🏠.jpg"]) {
      expect(
        refuseMalformedUpload(creation({ "Upload-Length": "10", "Upload-Metadata": metadata(name) })),
      ).toBeNull();
    }
    expect(refuseMalformedUpload(creation({ "Upload-Length": "10" }))).toBeNull();
    expect(refuseMalformedUpload(creation({}, "PATCH"))).toBeNull();
  });

  it("refuses paths, control characters and long names in the file name, and deferred lengths", async () => {
    for (const name of [
      "../../etc/passwd",
      "a\\b.png",
      "a\u0000.png",
      "a\nb.png",
      "\u202egnp.exe",
      "x".repeat(256),
    ]) {
      const refused = refuseMalformedUpload(
        creation({ "Upload-Length": "10", "Upload-Metadata": metadata(name) }),
      );
      expect(refused?.status, JSON.stringify(name)).toBe(400);
      expect(await refused?.text()).toBe("This file name is not allowed");
    }
    expect(
      refuseMalformedUpload(creation({ "Upload-Length": "10", "Upload-Metadata": "filename !!" }))?.status,
    ).toBe(400);
    expect(refuseMalformedUpload(creation({ "Upload-Defer-Length": "1" }))?.status).toBe(400);
  });
});
