import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ImageRejectedError,
  type ImageRejectionReason,
  imageStorageKey,
  processImage,
  sanitizeFileName,
} from "./image.pipeline.server.ts";
import { IMAGE_WIDTHS, variantKey } from "./image.rules.ts";

const fixtures = path.resolve(import.meta.dirname, "../../../tests/fixtures");
const fixture = (name: string) => readFile(path.join(fixtures, name));

/** Whether a raw EXIF block (as sharp reports it) has a GPS directory: tag 0x8825 in IFD0. */
function hasGpsDirectory(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let index = 0; index < entries; index += 1) {
    if (u16(ifd0 + 2 + index * 12) === 0x8825) return true;
  }
  return false;
}

async function rejection(input: Buffer): Promise<ImageRejectionReason> {
  const error = await processImage(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return (error as ImageRejectedError).reason;
}

function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const image = sharp({ create: { width, height, channels: 3, background: "#5a8" } });
  return (format === "jpeg" ? image.jpeg() : image.png()).toBuffer();
}

describe("processImage", () => {
  it("removes GPS and every other metadata from a phone photo", async () => {
    const input = await fixture("photo-gps-orientation-6.jpg");
    const before = await sharp(input).metadata();
    expect(before.exif && hasGpsDirectory(before.exif)).toBe(true); // the fixture really carries GPS

    const { variants } = await processImage(input);
    for (const variant of variants) {
      const after = await sharp(variant.buffer).metadata();
      expect(after.format).toBe("webp");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(variant.buffer.includes("Homestead Test Camera")).toBe(false);
    }
  });

  it("removes GPS from a PNG too", async () => {
    const input = await sharp({ create: { width: 500, height: 300, channels: 3, background: "#123" } })
      .png()
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 52/1 0/1" } })
      .toBuffer();
    expect(hasGpsDirectory((await sharp(input).metadata()).exif!)).toBe(true);
    const { variants } = await processImage(input);
    expect((await sharp(variants[0]!.buffer).metadata()).exif).toBeUndefined();
  });

  it("turns a sideways photo upright from its EXIF orientation", async () => {
    const { width, height, variants } = await processImage(await fixture("photo-gps-orientation-6.jpg"));
    // Stored 1200 x 900 with orientation 6: upright it is 900 x 1200, so 400 and 800 wide.
    expect({ width, height }).toEqual({ width: 900, height: 1200 });
    expect(variants.map((variant) => variant.width)).toEqual([400, 800]);
    const largest = variants.at(-1)!;
    const info = await sharp(largest.buffer).metadata();
    expect({ width: info.width, height: info.height }).toEqual({ width: 800, height: 1067 });
    // The stored top half is red; rotated clockwise it becomes the right half.
    const { data } = await sharp(largest.buffer).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3));
    const [rightRed, , rightBlue] = pixel(700, 500);
    const [leftRed, , leftBlue] = pixel(100, 500);
    expect(rightRed).toBeGreaterThan(150);
    expect(rightBlue).toBeLessThan(80);
    expect(leftBlue).toBeGreaterThan(150);
    expect(leftRed).toBeLessThan(80);
  });

  it.each([
    { size: [4000, 3000], widths: [400, 800, 1600] },
    { size: [1600, 1200], widths: [400, 800, 1600] },
    { size: [1000, 700], widths: [400, 800] },
    { size: [400, 400], widths: [400] },
    { size: [250, 600], widths: [250] },
  ])("writes widths $widths for a $size.0 x $size.1 photo", async ({ size, widths }) => {
    const [width, height] = size as [number, number];
    const result = await processImage(await photo(width, height));
    expect(result.width).toBe(width);
    expect(result.height).toBe(height);
    expect(result.variants.map((variant) => variant.width)).toEqual(widths);
    for (const variant of result.variants) {
      const info = await sharp(variant.buffer).metadata();
      expect(info.format).toBe("webp");
      expect(info.width).toBe(variant.width);
      expect(info.height).toBe(Math.round((height * variant.width) / width));
    }
  });

  it("accepts a PNG by its content, whatever it is called", async () => {
    const result = await processImage(await fixture("floor-plan.png"));
    expect(result.variants.map((variant) => variant.width)).toEqual([400, 800]);
  });

  it("refuses a text file named .jpg as not an image", async () => {
    expect(await rejection(await fixture("not-an-image.jpg"))).toBe("not-an-image");
    expect(await rejection(Buffer.alloc(0))).toBe("not-an-image");
  });

  it("refuses a JPEG whose data stops halfway as not an image", async () => {
    expect(await rejection(await fixture("truncated.jpg"))).toBe("not-an-image");
  });

  it.each(["animation.gif", "photo.webp"])("refuses %s as an unsupported type", async (name) => {
    expect(await rejection(await fixture(name))).toBe("unsupported-type");
  });

  it("refuses an SVG as an unsupported type", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>';
    expect(await rejection(Buffer.from(svg))).toBe("unsupported-type");
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = await fixture("bomb-20000x20000.png");
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    expect(await rejection(bomb)).toBe("too-large");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("processes a 12-megapixel phone photo in well under a second", async () => {
    // Noise makes the JPEG as heavy as a real photo (several MB), unlike a flat colour.
    const input = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: "#888",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    await processImage(input); // warm libvips up
    const runs = 3;
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) await processImage(input);
    const perPhoto = (performance.now() - started) / runs;
    console.info(
      `processImage: ${(input.length / 1e6).toFixed(1)} MB 4000x3000 JPEG in ${perPhoto.toFixed(0)} ms`,
    );
    expect(perPhoto).toBeLessThan(5000);
  });
});

describe("storage keys", () => {
  it.each([
    ["My House.JPG", "my-house"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\Desktop\\Façade été.jpeg", "facade-ete"],
    ["Straße & Ørsted.png", "strasse-orsted"],
    ["photo\0.jpg", "photo"],
    ["..", "photo"],
    [".jpg", "jpg"],
    ["", "photo"],
    ["日本の家.png", "photo"],
    ["IMG_2024-01-01 12.30.45.jpg", "img-2024-01-01-12-30-45"],
    [`${"a".repeat(39)} b c.jpg`, "a".repeat(39)],
  ])("sanitizeFileName(%j) is %j", (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it("keeps slugs to 40 safe characters", () => {
    const slug = sanitizeFileName(`${"Ünïcödé ".repeat(20)}.png`);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // A slug passes through again unchanged, so sanitizing twice is harmless.
    for (const name of ["My House.JPG", "Façade été.jpeg", "..", slug]) {
      expect(sanitizeFileName(sanitizeFileName(name))).toBe(sanitizeFileName(name));
    }
  });

  it("builds the SPEC's key images/{userId}-{fileName}-{uuid} and its variant keys", () => {
    const uuid = "3f0c2d4e-8a1b-4c5d-9e6f-a7b8c9d0e1f2";
    const key = imageStorageKey("u_123", "Living Room.jpg", uuid);
    expect(key).toBe(`images/u_123-living-room-${uuid}`);
    expect(IMAGE_WIDTHS.map((width) => variantKey(key, width))).toEqual([
      `${key}-400.webp`,
      `${key}-800.webp`,
      `${key}-1600.webp`,
    ]);
    expect(imageStorageKey("u_123", "a.jpg")).toMatch(/^images\/u_123-a-[0-9a-f-]{36}$/);
  });

  it("refuses ids that could change the key's path", () => {
    expect(() => imageStorageKey("../admin", "a.jpg", "x")).toThrow();
    expect(() => imageStorageKey("u1", "a.jpg", "x/../y")).toThrow();
  });
});
