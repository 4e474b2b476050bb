import type { Rgb } from "./photos.color.ts";
import type { Canvas } from "./photos.raster.ts";

// What a camera does after the light reaches the sensor: exposure and white balance, a film-like tone curve
// that rolls highlights off instead of clipping them hard, the lens's darker corners, the maker's colour
// grade, and a little sensor grain. The result is 8-bit sRGB, ready for sharp.

export type Grade = {
  exposure: number;
  /** White balance: per-channel gains in linear light. */
  balance: Rgb;
  /** 1 keeps colours, less mutes them, more makes them punchier. */
  saturation: number;
  /** How much darker the corners are (0 to about 0.5). */
  vignette: number;
  /** Tints added to the shadows and the highlights, in 8-bit display units. */
  shadowTint: Rgb;
  highlightTint: Rgb;
  /** Raises the blacks a little (display units), as graded photos often do. */
  lift: number;
  /** Strength of the grain in display units. */
  grain: number;
};

const LUT_SIZE = 65536;
const LUT_RANGE = 16;
let curve: Float32Array | undefined;

/**
 * The exposure that brings the scene's average brightness (a log average, as a camera meters) to `key`:
 * rooms differ tenfold in light, and a photographer exposes each for its walls, letting the windows clip.
 */
export function meter(canvas: Canvas, key: number): number {
  const { rgb } = canvas;
  let sum = 0;
  let count = 0;
  for (let offset = 0; offset < rgb.length; offset += 3 * 37) {
    const luminance = 0.2126 * rgb[offset]! + 0.7152 * rgb[offset + 1]! + 0.0722 * rgb[offset + 2]!;
    sum += Math.log(Math.min(4, luminance) + 1e-3);
    count += 1;
  }
  return key / Math.exp(sum / Math.max(1, count));
}

/** The canvas developed into 8-bit sRGB pixels (3 bytes each, row by row). */

export function develop(canvas: Canvas, grade: Grade, seed: number): Buffer {
  const lut = curve ?? buildCurve();
  const { width, height, rgb } = canvas;
  // A clamped array rounds and limits each value as it is stored.
  const out = new Uint8ClampedArray(width * height * 3);
  const { exposure, balance, saturation, vignette, shadowTint, highlightTint, lift, grain } = grade;
  const gainR = exposure * balance.r;
  const gainG = exposure * balance.g;
  const gainB = exposure * balance.b;
  const halfW = width / 2;
  const halfH = height / 2;
  const diagonal2 = halfW * halfW + halfH * halfH;
  let noiseState = (seed * 2654435761) >>> 0 || 1;
  const scaleIndex = (LUT_SIZE - 1) / LUT_RANGE;
  const last = LUT_SIZE - 1;
  const toneUp = 1 - lift / 255;
  for (let y = 0; y < height; y += 1) {
    const dy = y + 0.5 - halfH;
    for (let x = 0; x < width; x += 1) {
      const dx = x + 0.5 - halfW;
      const r2 = (dx * dx + dy * dy) / diagonal2;
      const v = 1 - vignette * r2 * (0.6 + 0.4 * r2);
      const offset = (y * width + x) * 3;
      const ir = rgb[offset]! * gainR * v * scaleIndex;
      const ig = rgb[offset + 1]! * gainG * v * scaleIndex;
      const ib = rgb[offset + 2]! * gainB * v * scaleIndex;
      let r = lut[ir > 0 ? (ir < last ? ir | 0 : last) : 0]!;
      let g = lut[ig > 0 ? (ig < last ? ig | 0 : last) : 0]!;
      let b = lut[ib > 0 ? (ib < last ? ib | 0 : last) : 0]!;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      r = luma + (r - luma) * saturation;
      g = luma + (g - luma) * saturation;
      b = luma + (b - luma) * saturation;
      const high = luma / 255;
      const low = 1 - high;
      r = lift + r * toneUp + shadowTint.r * low * low + highlightTint.r * high * high;
      g = lift + g * toneUp + shadowTint.g * low * low + highlightTint.g * high * high;
      b = lift + b * toneUp + shadowTint.b * low * low + highlightTint.b * high * high;
      // Grain: a triangular random value per pixel, mostly in brightness, strongest in the mid-tones.
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n1 = (noiseState >>> 0) / 4294967296;
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n2 = (noiseState >>> 0) / 4294967296;
      const amount = (n1 + n2 - 1) * grain * (0.4 + 2.4 * high * low);
      out[offset] = r + amount;
      out[offset + 1] = g + amount;
      out[offset + 2] = b + amount * 1.1;
    }
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** Linear exposure-adjusted light to display value 0-255. */
function buildCurve(): Float32Array {
  const lut = new Float32Array(LUT_SIZE);
  for (let i = 0; i < LUT_SIZE; i += 1) {
    const x = (i / (LUT_SIZE - 1)) * LUT_RANGE;
    // ACES filmic fit (Narkowicz): a toe for rich darks, a shoulder that keeps bright skies from clipping.
    const mapped = (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14);
    const display = Math.min(1, Math.max(0, mapped));
    const srgb = display <= 0.0031308 ? display * 12.92 : 1.055 * display ** (1 / 2.4) - 0.055;
    lut[i] = srgb * 255;
  }
  curve = lut;
  return lut;
}

const CELL = 8;

/**
 * Lens glow: light far brighter than the exposure (windows, lamps, the sun's glint) spills into its
 * surroundings, as in any real lens. Computed on an image an eighth the size, so it costs little.
 */
export function bloom(canvas: Canvas, exposure: number, strength: number) {
  const { width, height, rgb } = canvas;
  const lowWidth = Math.ceil(width / CELL);
  const lowHeight = Math.ceil(height / CELL);
  const low = [
    new Float32Array(lowWidth * lowHeight),
    new Float32Array(lowWidth * lowHeight),
    new Float32Array(lowWidth * lowHeight),
  ];
  const threshold = 1.6 / exposure;
  for (let y = 0; y < height; y += 2) {
    const row = ((y / CELL) | 0) * lowWidth;
    for (let x = 0; x < width; x += 2) {
      const offset = (y * width + x) * 3;
      const cell = row + ((x / CELL) | 0);
      for (let channel = 0; channel < 3; channel += 1) {
        const excess = rgb[offset + channel]! - threshold;
        if (excess > 0) low[channel]![cell]! += excess;
      }
    }
  }
  const scale = (strength * 4) / (CELL * CELL);
  for (const channel of low) {
    for (let index = 0; index < channel.length; index += 1) channel[index] = channel[index]! * scale;
    blurPlane(channel, lowWidth, lowHeight, 2);
    blurPlane(channel, lowWidth, lowHeight, 2);
    blurPlane(channel, lowWidth, lowHeight, 3);
  }
  const [red, green, blue] = low as [Float32Array, Float32Array, Float32Array];
  for (let y = 0; y < height; y += 1) {
    const ly = Math.min(lowHeight - 1.001, Math.max(0, (y + 0.5) / CELL - 0.5));
    const y0 = ly | 0;
    const ty = ly - y0;
    for (let x = 0; x < width; x += 1) {
      const lx = Math.min(lowWidth - 1.001, Math.max(0, (x + 0.5) / CELL - 0.5));
      const x0 = lx | 0;
      const tx = lx - x0;
      const a = y0 * lowWidth + x0;
      const c = a + lowWidth;
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      const offset = (y * width + x) * 3;
      rgb[offset] = rgb[offset]! + red[a]! * w00 + red[a + 1]! * w01 + red[c]! * w10 + red[c + 1]! * w11;
      rgb[offset + 1] =
        rgb[offset + 1]! + green[a]! * w00 + green[a + 1]! * w01 + green[c]! * w10 + green[c + 1]! * w11;
      rgb[offset + 2] =
        rgb[offset + 2]! + blue[a]! * w00 + blue[a + 1]! * w01 + blue[c]! * w10 + blue[c + 1]! * w11;
    }
  }
}

function blurPlane(plane: Float32Array, width: number, height: number, radius: number) {
  const line = new Float32Array(Math.max(width, height));
  const pass = (start: number, stride: number, length: number) => {
    for (let index = 0; index < length; index += 1) line[index] = plane[start + index * stride]!;
    for (let index = 0; index < length; index += 1) {
      let sum = 0;
      for (let k = -radius; k <= radius; k += 1) sum += line[Math.min(length - 1, Math.max(0, index + k))]!;
      plane[start + index * stride] = sum / (2 * radius + 1);
    }
  };
  for (let y = 0; y < height; y += 1) pass(y * width, 1, width);
  for (let x = 0; x < width; x += 1) pass(x, width, height);
}
