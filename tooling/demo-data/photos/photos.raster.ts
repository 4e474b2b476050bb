// A small software rasteriser: the scenes draw into a linear-light float image, each shape coloured per pixel
// by a shader, with anti-aliased edges (exact horizontal coverage, four sub-rows vertically). SVG renderers
// are too slow for per-pixel textures and lighting. Shapes are drawn nearest first and composited under what
// is already there, so a pixel hidden behind a sofa or a wall is never shaded at all.

/** What a shader writes for one pixel: a linear-light colour and its opacity (1 unless the shader says). */
export type Paint = { r: number; g: number; b: number; a: number };
/** Colours the pixel whose centre is (x, y). */
export type Shader = (x: number, y: number, paint: Paint) => void;

/** A linear-light RGB image and how much of each pixel is already covered (0 to 1). */
export type Canvas = { width: number; height: number; rgb: Float32Array; cover: Float32Array };
/** A one-channel image of coverage (0 to 1): shadows, light patches, dirt. */
export type Mask = {
  width: number;
  height: number;
  value: Float32Array;
  /** The pixel rectangle anything was drawn in: blurring stays inside it (plus the blur's reach). */
  bounds: { left: number; top: number; right: number; bottom: number };
};

const SUB_ROWS = 4;

// Photos are drawn one at a time and each needs the same few large arrays: they are reused from photo to
// photo (cleared), since allocating tens of megabytes per photo keeps the garbage collector busy.
const spare = new Map<number, Float32Array[]>();
let lent: Float32Array[] = [];

function borrow(length: number): Float32Array {
  const free = spare.get(length)?.pop();
  const array = free ? free.fill(0) : new Float32Array(length);
  lent.push(array);
  return array;
}

/**
 * Hands back every canvas and mask borrowed since the last call, for the next photo. Call it when the
 * previous photo's pixels have been developed into their own buffer.
 */
export function recycle() {
  for (const array of lent) {
    const list = spare.get(array.length) ?? [];
    list.push(array);
    spare.set(array.length, list);
  }
  lent = [];
}

/** A canvas filled with black. */
export function createCanvas(width: number, height: number): Canvas {
  return { width, height, rgb: borrow(width * height * 3), cover: borrow(width * height) };
}

/** An empty mask the size of the canvas. */
export function createMask(width: number, height: number): Mask {
  return { width, height, value: borrow(width * height), bounds: emptyBounds(width, height) };
}

function emptyBounds(width: number, height: number) {
  return { left: width, top: height, right: 0, bottom: 0 };
}

/**
 * Calls `span` for every pixel row a polygon covers with the covered x range and a coverage row (read
 * coverage[x] for x0 <= x < x1). Points are [x0, y0, x1, y1, ...]; the non-zero winding rule applies.
 */
function rasterize(
  width: number,
  height: number,
  points: readonly number[],
  span: (y: number, x0: number, x1: number, coverage: Float32Array) => void,
) {
  const count = points.length / 2;
  if (count < 3) return;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let index = 1; index < points.length; index += 2) {
    minY = Math.min(minY, points[index]!);
    maxY = Math.max(maxY, points[index]!);
  }
  const top = Math.max(0, Math.floor(minY));
  const bottom = Math.min(height - 1, Math.ceil(maxY));
  const coverage = scratchRow(width);
  if (crossX.length < count) {
    crossX = new Float64Array(count * 2);
    crossDirection = new Int8Array(count * 2);
  }
  for (let y = top; y <= bottom; y += 1) {
    let rowMin = width;
    let rowMax = -1;
    for (let sub = 0; sub < SUB_ROWS; sub += 1) {
      const sy = y + (sub + 0.5) / SUB_ROWS;
      let found = 0;
      for (let edge = 0; edge < count; edge += 1) {
        const ax = points[edge * 2]!;
        const ay = points[edge * 2 + 1]!;
        const next = edge + 1 === count ? 0 : edge + 1;
        const bx = points[next * 2]!;
        const by = points[next * 2 + 1]!;
        if (ay <= sy ? by > sy : by <= sy) {
          // Insertion sort as we go: a row crosses few edges.
          const x = ax + ((sy - ay) / (by - ay)) * (bx - ax);
          const direction = by > ay ? 1 : -1;
          let slot = found;
          while (slot > 0 && crossX[slot - 1]! > x) {
            crossX[slot] = crossX[slot - 1]!;
            crossDirection[slot] = crossDirection[slot - 1]!;
            slot -= 1;
          }
          crossX[slot] = x;
          crossDirection[slot] = direction;
          found += 1;
        }
      }
      let winding = 0;
      let start = 0;
      for (let index = 0; index < found; index += 1) {
        const x = crossX[index]!;
        const before = winding;
        winding += crossDirection[index]!;
        if (before === 0 && winding !== 0) start = x;
        else if (before !== 0 && winding === 0) {
          const x0 = Math.max(0, start);
          const x1 = Math.min(width, x);
          if (x1 > x0) {
            addSpan(coverage, x0, x1, 1 / SUB_ROWS);
            rowMin = Math.min(rowMin, Math.floor(x0));
            rowMax = Math.max(rowMax, Math.min(width - 1, Math.floor(x1)));
          }
        }
      }
    }
    if (rowMax >= rowMin) {
      span(y, rowMin, rowMax + 1, coverage);
      coverage.fill(0, rowMin, rowMax + 1);
    }
  }
}

let crossX = new Float64Array(64);
let crossDirection = new Int8Array(64);

function addSpan(coverage: Float32Array, x0: number, x1: number, weight: number) {
  const first = Math.floor(x0);
  const last = Math.floor(x1);
  if (first === last) {
    coverage[first]! += (x1 - x0) * weight;
    return;
  }
  coverage[first]! += (first + 1 - x0) * weight;
  for (let x = first + 1; x < last; x += 1) coverage[x]! += weight;
  if (last < coverage.length) coverage[last]! += (x1 - last) * weight;
}

let row: Float32Array | undefined;
function scratchRow(width: number): Float32Array {
  if (!row || row.length < width + 1) row = new Float32Array(width + 1);
  return row;
}

const paint: Paint = { r: 0, g: 0, b: 0, a: 1 };

/** Fills a polygon, each covered pixel coloured by `shader` and blended by coverage times `opacity`. */
export function fillPolygon(canvas: Canvas, points: readonly number[], shader: Shader, opacity = 1) {
  const { width } = canvas;
  rasterize(width, canvas.height, points, (y, x0, x1, coverage) => {
    for (let x = x0; x < x1; x += 1) {
      const cover = coverage[x]!;
      if (cover <= 0.001 || canvas.cover[y * width + x]! >= FULL) continue;
      paint.a = 1;
      shader(x + 0.5, y + 0.5, paint);
      under(canvas, y * width + x, Math.min(1, cover) * paint.a * opacity);
    }
  });
}

/** Colours every pixel of a rectangle by `shader`, which sets the opacity (0 leaves the pixel alone). */
export function shadeRect(
  canvas: Canvas,
  left: number,
  top: number,
  right: number,
  bottom: number,
  shader: Shader,
) {
  const { width, height } = canvas;
  const x0 = Math.max(0, Math.floor(left));
  const x1 = Math.min(width, Math.ceil(right));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(height, Math.ceil(bottom));
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      if (canvas.cover[y * width + x]! >= FULL) continue;
      paint.a = 1;
      shader(x + 0.5, y + 0.5, paint);
      if (paint.a > 0.001) under(canvas, y * width + x, Math.min(1, paint.a));
    }
  }
}

/** Past this coverage a pixel counts as finished: nothing behind it shows. */
export const FULL = 0.998;

/** Puts the paint behind what already covers pixel `index`, in proportion to what is still uncovered. */
function under(canvas: Canvas, index: number, alpha: number) {
  const covered = canvas.cover[index]!;
  const weight = alpha * (1 - covered);
  const offset = index * 3;
  const { rgb } = canvas;
  rgb[offset] = rgb[offset]! + paint.r * weight;
  rgb[offset + 1] = rgb[offset + 1]! + paint.g * weight;
  rgb[offset + 2] = rgb[offset + 2]! + paint.b * weight;
  canvas.cover[index] = covered + weight;
}

/** Composites a colour under pixel `index` (for passes that write pixels directly: sky, ground). */
export function putUnder(canvas: Canvas, index: number, r: number, g: number, b: number) {
  const weight = 1 - canvas.cover[index]!;
  const offset = index * 3;
  const { rgb } = canvas;
  rgb[offset] = rgb[offset]! + r * weight;
  rgb[offset + 1] = rgb[offset + 1]! + g * weight;
  rgb[offset + 2] = rgb[offset + 2]! + b * weight;
  canvas.cover[index] = 1;
}

/** Adds a polygon to a mask: each pixel keeps the larger of its value and coverage times `value`. */
export function maskPolygon(mask: Mask, points: readonly number[], value = 1) {
  const { width, bounds } = mask;
  rasterize(width, mask.height, points, (y, x0, x1, coverage) => {
    const offset = y * width;
    for (let x = x0; x < x1; x += 1) {
      const cover = Math.min(1, coverage[x]!) * value;
      if (cover > mask.value[offset + x]!) mask.value[offset + x] = cover;
    }
    bounds.left = Math.min(bounds.left, x0);
    bounds.right = Math.max(bounds.right, x1);
    bounds.top = Math.min(bounds.top, y);
    bounds.bottom = Math.max(bounds.bottom, y + 1);
  });
}

/**
 * Writes `shader`'s opacity into a mask over a rectangle (the larger value wins), for soft organic shapes.
 */
export function maskRect(
  mask: Mask,
  left: number,
  top: number,
  right: number,
  bottom: number,
  shader: Shader,
) {
  const x0 = Math.max(0, Math.floor(left));
  const x1 = Math.min(mask.width, Math.ceil(right));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(mask.height, Math.ceil(bottom));
  if (x1 <= x0 || y1 <= y0) return;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      paint.a = 0;
      shader(x + 0.5, y + 0.5, paint);
      const offset = y * mask.width + x;
      if (paint.a > mask.value[offset]!) mask.value[offset] = Math.min(1, paint.a);
    }
  }
  const { bounds } = mask;
  bounds.left = Math.min(bounds.left, x0);
  bounds.right = Math.max(bounds.right, x1);
  bounds.top = Math.min(bounds.top, y0);
  bounds.bottom = Math.max(bounds.bottom, y1);
}

/** Softens what was drawn in a mask (three box blurs approximate a Gaussian of about `radius` pixels). */
export function blurMask(mask: Mask, radius: number) {
  const r = Math.max(1, Math.round(radius / 1.7));
  const { width, height, value, bounds } = mask;
  if (bounds.right <= bounds.left) return;
  const reach = 3 * r;
  const left = Math.max(0, bounds.left - reach);
  const right = Math.min(width, bounds.right + reach);
  const top = Math.max(0, bounds.top - reach);
  const bottom = Math.min(height, bounds.bottom + reach);
  const line = new Float32Array(Math.max(width, height));
  for (let pass = 0; pass < 3; pass += 1) {
    for (let y = top; y < bottom; y += 1) boxLine(value, y * width + left, 1, right - left, r, line);
    for (let x = left; x < right; x += 1) boxLine(value, top * width + x, width, bottom - top, r, line);
  }
  Object.assign(bounds, { left, right, top, bottom });
}

function boxLine(
  data: Float32Array,
  start: number,
  stride: number,
  length: number,
  r: number,
  line: Float32Array,
) {
  for (let index = 0; index < length; index += 1) line[index] = data[start + index * stride]!;
  let sum = 0;
  for (let index = -r; index <= r; index += 1) sum += line[Math.min(length - 1, Math.max(0, index))]!;
  const scale = 1 / (2 * r + 1);
  for (let index = 0; index < length; index += 1) {
    data[start + index * stride] = sum * scale;
    sum += line[Math.min(length - 1, index + r + 1)]! - line[Math.max(0, index - r)]!;
  }
}

/** The mask's value at a pixel centre (0 outside). */
export function maskAt(mask: Mask, x: number, y: number): number {
  const ix = x | 0;
  const iy = y | 0;
  if (ix < 0 || iy < 0 || ix >= mask.width || iy >= mask.height) return 0;
  return mask.value[iy * mask.width + ix]!;
}
