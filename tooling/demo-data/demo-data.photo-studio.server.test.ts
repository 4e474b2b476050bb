import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImage } from "#app/modules/image/image.pipeline.server.ts";
import { renderJpeg } from "./demo-data.photo-studio.server.ts";

describe("generated photos", () => {
  it("are 1600x1067 JPEGs the upload pipeline accepts", async () => {
    const jpeg = await renderJpeg({ kind: "exterior", seed: 3 });
    const metadata = await sharp(jpeg).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1600, 1067]);
    const processed = await processImage(jpeg);
    expect(processed.variants.map((variant) => variant.width)).toEqual([400, 800, 1600]);
  });

  it("are the same for the same seed and differ between seeds and kinds", async () => {
    const [first, again, other, room] = await Promise.all([
      renderJpeg({ kind: "exterior", seed: 1 }),
      renderJpeg({ kind: "exterior", seed: 1 }),
      renderJpeg({ kind: "exterior", seed: 2 }),
      renderJpeg({ kind: "interior", seed: 1 }),
    ]);
    expect(first.equals(again)).toBe(true);
    expect(first.equals(other)).toBe(false);
    expect(first.equals(room)).toBe(false);
  });
});
