import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { processImage } from "#app/modules/image/image.pipeline.server.ts";
import { createPhotoRenderer, PHOTO_HEIGHT, PHOTO_WIDTH } from "./photos.render.server.ts";

// Drawn on worker threads, as the seed does.
const renderer = createPhotoRenderer(2);
const renderPhotoJpeg = renderer.render;
afterAll(() => renderer.close());

// The demo seeds 36 listings, each with its own cover: exterior seeds 0 to 35.
const DEMO_COVERS = 36;

/** A photo as a tiny colour image, the way the eye compares two thumbnails. */
async function thumbnail(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).resize(24, 16, { fit: "fill" }).removeAlpha().raw().toBuffer();
}

/** Root-mean-square difference of two thumbnails, in 8-bit levels (0: identical). */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return Math.sqrt(sum / a.length);
}

describe("demo photos", () => {
  it("are 1600x1067 JPEGs the upload pipeline accepts, houses and rooms alike", async () => {
    for (const kind of ["exterior", "interior"] as const) {
      const jpeg = await renderPhotoJpeg({ kind, seed: 4 });
      const metadata = await sharp(jpeg).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", PHOTO_WIDTH, PHOTO_HEIGHT]);
      const processed = await processImage(jpeg);
      expect(processed.variants.map((variant) => variant.width)).toEqual([400, 800, 1600]);
    }
  });

  it("are the same bytes for the same seed and differ between seeds and kinds", async () => {
    const first = await renderPhotoJpeg({ kind: "interior", seed: 7 });
    const again = await renderPhotoJpeg({ kind: "interior", seed: 7 });
    const other = await renderPhotoJpeg({ kind: "interior", seed: 12 });
    const house = await renderPhotoJpeg({ kind: "exterior", seed: 7 });
    expect(first.equals(again)).toBe(true);
    expect(difference(await thumbnail(first), await thumbnail(other))).toBeGreaterThan(10);
    expect(difference(await thumbnail(first), await thumbnail(house))).toBeGreaterThan(10);
  });

  it("give every demo listing a cover that looks unlike every other", { timeout: 180_000 }, async () => {
    const thumbnails: Buffer[] = [];
    for (let seed = 0; seed < DEMO_COVERS; seed += 1) {
      thumbnails.push(await thumbnail(await renderPhotoJpeg({ kind: "exterior", seed })));
    }
    let closest = { distance: Number.POSITIVE_INFINITY, pair: [0, 0] };
    for (let a = 0; a < thumbnails.length; a += 1) {
      for (let b = a + 1; b < thumbnails.length; b += 1) {
        const distance = difference(thumbnails[a]!, thumbnails[b]!);
        if (distance < closest.distance) closest = { distance, pair: [a, b] };
      }
    }
    // Today the closest two covers differ by about 40 levels; a repeated cover would be near 0.
    expect(closest.distance, `covers ${closest.pair.join(" and ")} look alike`).toBeGreaterThan(12);
  });
});
