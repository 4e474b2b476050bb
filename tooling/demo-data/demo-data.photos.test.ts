import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DEMO_PHOTO_FOLDER,
  DEMO_PHOTO_HEIGHT,
  DEMO_PHOTO_WIDTH,
  EXTERIOR_PHOTOS,
  INTERIOR_PHOTOS,
} from "./demo-data.photos.ts";

// The demo's photo files against their manifest: every entry names a JPEG that decodes at the size the seed
// expects, every file in the folder is described, and the whole set stays small enough for the repository.

const folder = path.resolve(DEMO_PHOTO_FOLDER);
const manifest = [...EXTERIOR_PHOTOS, ...INTERIOR_PHOTOS];

describe("demo photo files", () => {
  it("decode as 1600 x 1067 JPEGs, one for each manifest entry", async () => {
    for (const photo of manifest) {
      const { data, info } = await sharp(readFileSync(path.join(folder, photo.file)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], photo.file).toEqual([DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT]);
      expect(data.length, photo.file).toBe(DEMO_PHOTO_WIDTH * DEMO_PHOTO_HEIGHT * 3);
      expect((await sharp(path.join(folder, photo.file)).metadata()).format, photo.file).toBe("jpeg");
    }
  });

  it("are all described, once, with several kinds of home and every room", () => {
    const files = manifest.map((photo) => photo.file);
    expect(new Set(files).size).toBe(files.length);
    expect(readdirSync(folder).sort()).toEqual([...files].sort());
    expect(new Set(EXTERIOR_PHOTOS.map((photo) => photo.kind))).toEqual(
      new Set(["flat", "house", "townhouse", "villa", "cabin"]),
    );
    expect(new Set(INTERIOR_PHOTOS.map((photo) => photo.room)).size).toBe(5);
  });

  it("weigh under 10 MB together", () => {
    const bytes = readdirSync(folder).reduce(
      (sum, file) => sum + readFileSync(path.join(folder, file)).length,
      0,
    );
    expect(bytes).toBeLessThan(10 * 1024 * 1024);
  });
});
