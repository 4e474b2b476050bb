import sharp from "sharp";
import { exteriorPhoto } from "./photos.exterior.ts";
import { develop } from "./photos.finish.ts";
import { interiorPhoto } from "./photos.interior.ts";
import { recycle } from "./photos.raster.ts";

// The demo's photo generator: draws a house or a room for a seed and returns it as the JPEG a phone would
// upload, so the seed sends it through the same pipeline as a user's photo.

/** Every generated photo is a 3:2 landscape as large as the widest stored variant. */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1067;

/** Which picture to draw: an exterior (a listing's cover) or a room, and the seed that decides everything. */
export type PhotoRequest = { kind: "exterior" | "interior"; seed: number };

const JPEG_QUALITY = 85;
// Drawing runs in JavaScript, pixel by pixel, so its cost follows the pixel count: at 960 px it is 36% of
// 1600 px, and the upscale is softer than the eye notices at a portal's display sizes (cards show 400 to
// 800 px; phone photos are no sharper at 100%).
const RENDER_WIDTH = 960;
const RENDER_HEIGHT = 640;

/** The photo `request` describes, as a JPEG: the same request always gives the same bytes. */
export async function renderPhotoJpeg(request: PhotoRequest): Promise<Buffer> {
  const draw = request.kind === "exterior" ? exteriorPhoto : interiorPhoto;
  const { canvas, grade } = draw(request.seed, RENDER_WIDTH, RENDER_HEIGHT);
  const pixels = develop(canvas, grade, request.seed);
  recycle();
  return sharp(pixels, { raw: { width: RENDER_WIDTH, height: RENDER_HEIGHT, channels: 3 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: "lanczos3", fit: "fill" })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}
