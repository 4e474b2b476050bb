import { createRandom } from "#tooling/demo-data/demo-data.random.ts";

// Textures need noise at every pixel, and computing fractal noise per pixel is too slow for ~50 ms a photo.
// One tileable table of fractal value noise is built on first use; a lookup is a bilinear sample of it.

const SIZE = 512;
const MASK = SIZE - 1;
/** Texels per unit of noise space: one unit is the size of the largest blobs. */
const UNIT = 64;

let table: Float32Array | undefined;

/** Fractal noise around 0.5 (mostly 0.2 to 0.8), smooth, with features about one unit across and smaller. */
export function noise(x: number, y: number): number {
  const t = table ?? buildTable();
  const tx = x * UNIT;
  const ty = y * UNIT;
  const fx = Math.floor(tx);
  const fy = Math.floor(ty);
  const ax = tx - fx;
  const ay = ty - fy;
  const x0 = fx & MASK;
  const y0 = (fy & MASK) * SIZE;
  const x1 = (x0 + 1) & MASK;
  const y1 = ((fy + 1) & MASK) * SIZE;
  const a = t[y0 + x0]!;
  const b = t[y0 + x1]!;
  const c = t[y1 + x0]!;
  const d = t[y1 + x1]!;
  return a + (b - a) * ax + (c - a) * ay + (a - b - c + d) * ax * ay;
}

/** A repeatable number in [0, 1) for an integer cell (a brick, a plank, a tile), different for each salt. */
export function hash(ix: number, iy: number, salt = 0): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1) ^ Math.imul(salt | 0, 0x5bd1e995);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/**
 * How much of a footprint `filter` wide (in periods) at position t is covered by lines `width` wide (a
 * fraction of the period) repeating every period: mortar joints and plank gaps fade into their average
 * colour at a distance instead of shimmering.
 */
export function lines(t: number, width: number, filter: number): number {
  if (filter < 1e-3) return t - Math.floor(t) < width ? 1 : 0;
  const half = filter / 2;
  return (integral(t + half, width) - integral(t - half, width)) / filter;
}

function integral(x: number, width: number): number {
  const whole = Math.floor(x);
  return whole * width + Math.min(x - whole, width);
}

/** 0 below edge0, 1 above edge1, a smooth step between. */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** x limited to [min, max]. */
export function clamp(x: number, min = 0, max = 1): number {
  return x < min ? min : Math.min(x, max);
}

function buildTable(): Float32Array {
  const random = createRandom(20240611);
  const result = new Float32Array(SIZE * SIZE);
  let amplitude = 0.5;
  let total = 0;
  for (let period = UNIT; period >= 2; period /= 2) {
    const cells = SIZE / period;
    const lattice = Float32Array.from({ length: cells * cells }, () => random.next());
    for (let y = 0; y < SIZE; y += 1) {
      const gy = y / period;
      const iy = Math.floor(gy);
      const sy = fade(gy - iy);
      const row0 = (iy % cells) * cells;
      const row1 = ((iy + 1) % cells) * cells;
      for (let x = 0; x < SIZE; x += 1) {
        const gx = x / period;
        const ix = Math.floor(gx);
        const sx = fade(gx - ix);
        const ix1 = (ix + 1) % cells;
        const top = lattice[row0 + ix]! + (lattice[row0 + ix1]! - lattice[row0 + ix]!) * sx;
        const bottom = lattice[row1 + ix]! + (lattice[row1 + ix1]! - lattice[row1 + ix]!) * sx;
        result[y * SIZE + x]! += (top + (bottom - top) * sy) * amplitude;
      }
    }
    total += amplitude;
    amplitude *= 0.55;
  }
  for (let index = 0; index < result.length; index += 1) result[index] = result[index]! / total;
  table = result;
  return result;
}

function fade(t: number): number {
  return t * t * (3 - 2 * t);
}
