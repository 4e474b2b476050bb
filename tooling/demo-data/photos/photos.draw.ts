import { exteriorPhoto } from "./photos.exterior.ts";
import { develop } from "./photos.finish.ts";
import { interiorPhoto } from "./photos.interior.ts";
import { recycle } from "./photos.raster.ts";

/** Which picture to draw: an exterior (a listing's cover) or a room, and the seed that decides everything. */
export type PhotoRequest = { kind: "exterior" | "interior"; seed: number };

/** Drawing runs in JavaScript, pixel by pixel: 960 px wide is 36% of the cost of 1600 px, upscaled afterwards. */
export const DRAW_WIDTH = 960;
export const DRAW_HEIGHT = 640;

/** The developed picture `request` describes, as RGB pixels DRAW_WIDTH x DRAW_HEIGHT (same seed, same bytes). */
export function drawPhotoPixels(request: PhotoRequest): Uint8Array {
  const draw = request.kind === "exterior" ? exteriorPhoto : interiorPhoto;
  const { canvas, grade } = draw(request.seed, DRAW_WIDTH, DRAW_HEIGHT);
  const pixels = develop(canvas, grade, request.seed);
  recycle();
  return pixels;
}
