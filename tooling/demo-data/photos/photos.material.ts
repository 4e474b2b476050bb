import { type Rgb, rgb } from "./photos.color.ts";
import { clamp, hash, lines, noise } from "./photos.noise.ts";

// Surface textures in plane coordinates (metres): u runs along a surface, v up it (or away, on floors). Each
// takes the footprint of a pixel in metres and fades detail smaller than that into its average colour, so
// distant brick walls and floors do not shimmer with moiré.

/** One pixel's surface: colour (albedo), light it gives off or reflects, and how occluded it is. */
export type Sample = {
  r: number;
  g: number;
  b: number;
  /** Light added after lighting: glass reflections, lamps, glowing windows. */
  er: number;
  eg: number;
  eb: number;
  /** Multiplies all light reaching the pixel: joints, recesses, corners (1 = open). */
  occlusion: number;
  /** Multiplies only the sun: 0 where a recess or ledge shades it. */
  sunlit: number;
  /** 0 cuts a hole (a window opening) through which what was drawn before shows. */
  alpha: number;
};

/** Fills `out` for plane point (u, v), where one pixel spans fu metres of u and fv metres of v. */
export type Material = (u: number, v: number, fu: number, fv: number, out: Sample) => void;

/** A fresh sample (the materials overwrite all of it but the extras). */
export function createSample(): Sample {
  return { r: 0, g: 0, b: 0, er: 0, eg: 0, eb: 0, occlusion: 1, sunlit: 1, alpha: 1 };
}

function set(out: Sample, color: Rgb, factor: number) {
  out.r = color.r * factor;
  out.g = color.g * factor;
  out.b = color.b * factor;
}

/** Detail of size `size` stays while pixels are smaller than it and fades out as they grow. */
function detail(size: number, fu: number, fv: number): number {
  return clamp(1.5 - Math.max(fu, fv) / size);
}

/** A flat colour with gentle unevenness (paint, plaster). */
export function paint(color: Rgb, unevenness = 0.05): Material {
  return (u, v, _fu, _fv, out) => {
    const n = noise(u * 0.35, v * 0.35) - 0.5;
    set(out, color, 1 + n * unevenness * 2);
  };
}

/** Rendered masonry: weathering blotches, faint streaks, a darker band of splash dirt near the ground. */
export function render(color: Rgb, groundLevel = 0): Material {
  return (u, v, fu, fv, out) => {
    const blotch = noise(u * 0.25 + 7, v * 0.4) - 0.5;
    const streak = noise(u * 3 + 13, v * 0.15) - 0.5;
    const grain = (noise(u * 25, v * 25) - 0.5) * detail(0.01, fu, fv);
    const splash = clamp((v - groundLevel) / 0.45);
    set(out, color, (0.96 + blotch * 0.16 + streak * 0.08 + grain * 0.12) * (0.82 + 0.18 * splash));
  };
}

/** Brick in stretcher bond: each brick its own shade, recessed mortar joints. */
export function brick(tones: readonly Rgb[], mortar: Rgb): Material {
  const course = 0.075;
  const length = 0.225;
  return (u, v, fu, fv, out) => {
    const row = Math.floor(v / course);
    const shift = row & 1 ? length / 2 : 0;
    const col = Math.floor((u + shift) / length);
    const vary = detail(course, fu, fv);
    const joint = Math.max(
      lines(v / course, 0.13, fv / course),
      lines((u + shift) / length, 0.045, fu / length),
    );
    const h = hash(col, row, 11);
    const tone = tones[Math.floor(h * tones.length)]!;
    const grain = (noise(u * 18, v * 18) - 0.5) * detail(0.01, fu, fv);
    const soot = noise(u * 0.3 + 3, v * 0.5) - 0.5;
    const k = (1 + (hash(col, row, 5) - 0.5) * 0.35 * vary + grain * 0.3) * (1 + soot * 0.25);
    const m = 1 - joint;
    out.r = tone.r * k * m + mortar.r * joint;
    out.g = tone.g * k * m + mortar.g * joint;
    out.b = tone.b * k * m + mortar.b * joint;
    out.occlusion = 1 - joint * 0.25;
  };
}

/** Horizontal overlapping boards (weatherboard, clapboard): each casts a thin shadow on the one below. */
export function cladding(color: Rgb, board = 0.16, vertical = false): Material {
  return (pu, pv, fu, fv, out) => {
    const u = vertical ? pv : pu;
    const v = vertical ? pu : pv;
    const row = Math.floor(v / board);
    const gap = lines(v / board, 0.07, (vertical ? fu : fv) / board);
    const grainNoise = noise(u * 0.8 + row * 3.1, v * 30) - 0.5;
    const tone = 1 + (hash(row, 0, 3) - 0.5) * 0.16 * detail(board, fu, fv);
    const k =
      tone * (1 + grainNoise * 0.22 * detail(0.01, fu, fv)) * (1 + (noise(u * 0.2, v * 0.2) - 0.5) * 0.2);
    set(out, color, k * (1 - gap * 0.55));
    // The lower edge of each board throws a shadow: the sun does not reach into the lap.
    out.sunlit = 1 - gap * 0.8;
  };
}

/**
 * Roof covering: "slate" (flat, staggered), "tile" (clay pantiles: rolls across), "metal" (standing seams).
 */
export function roof(kind: "slate" | "tile" | "metal", color: Rgb): Material {
  if (kind === "metal") {
    return (u, v, fu, _fv, out) => {
      const seam = lines(u / 0.5, 0.06, fu / 0.5);
      const k = 1 + (noise(u * 0.3, v * 0.3) - 0.5) * 0.1;
      set(out, color, k * (1 + seam * 0.25));
      out.occlusion = 1;
    };
  }
  const width = kind === "slate" ? 0.3 : 0.26;
  const course = kind === "slate" ? 0.22 : 0.3;
  return (u, v, fu, fv, out) => {
    const row = Math.floor(v / course);
    const shift = kind === "slate" && row & 1 ? width / 2 : 0;
    const col = Math.floor((u + shift) / width);
    const lap = lines(v / course, 0.1, fv / course);
    const vary = detail(width, fu, fv);
    const moss = clamp((noise(u * 0.4, v * 0.6) - 0.55) * 3);
    let k = 1 + (hash(col, row, 21) - 0.5) * 0.35 * vary;
    if (kind === "tile") {
      // A pantile's roll: lit on one side, shaded on the other.
      const phase = ((u + shift) / width) % 1;
      k *= 1 + Math.sin(phase * Math.PI * 2) * 0.22 * detail(width / 2, fu, fv);
    } else {
      k *= 1 + lines((u + shift) / width, 0.04, fu / width) * -0.4;
    }
    set(out, color, k * (1 - lap * 0.45) * (1 - moss * 0.2));
    out.g += moss * 0.01;
    out.sunlit = 1 - lap * 0.6;
  };
}

/** Paving slabs, `size` metres square, with sand joints and weathered tones. */
export function paving(color: Rgb, size = 0.6, joint: Rgb = rgb("#8f8a80")): Material {
  return (u, v, fu, fv, out) => {
    const j = Math.max(lines(u / size, 0.02, fu / size), lines(v / size, 0.02, fv / size));
    const tone =
      1 + (hash(Math.floor(u / size), Math.floor(v / size), 7) - 0.5) * 0.14 * detail(size, fu, fv);
    const stain = noise(u * 0.5, v * 0.5) - 0.5;
    const grain = (noise(u * 20, v * 20) - 0.5) * detail(0.01, fu, fv);
    const k = tone * (1 + stain * 0.2 + grain * 0.25);
    out.r = color.r * k * (1 - j) + joint.r * j;
    out.g = color.g * k * (1 - j) + joint.g * j;
    out.b = color.b * k * (1 - j) + joint.b * j;
  };
}

/** Gravel or tarmac: fine speckle over a base colour. */
export function speckle(color: Rgb, coarseness = 1): Material {
  return (u, v, fu, fv, out) => {
    const fine = (noise(u * 40 * coarseness, v * 40 * coarseness) - 0.5) * detail(0.01 / coarseness, fu, fv);
    const broad = noise(u * 0.4, v * 0.4) - 0.5;
    set(out, color, 1 + fine * 0.9 + broad * 0.15);
  };
}

/** Wooden floorboards running along v, `plank` metres wide, with staggered ends and grain. */
export function floorboards(tones: readonly Rgb[], plank = 0.18): Material {
  return (u, v, fu, fv, out) => {
    const column = Math.floor(u / plank);
    const length = 1.4 + hash(column, 0, 2) * 0.8;
    const start = hash(column, 1, 2) * length;
    const piece = Math.floor((v + start) / length);
    const gapSide = lines(u / plank, 0.025, fu / plank);
    const gapEnd = lines((v + start) / length, 0.004, fv / length);
    const gap = Math.max(gapSide, gapEnd);
    const h = hash(column, piece, 9);
    const tone = tones[Math.floor(h * tones.length)]!;
    const grain = noise(u * 14 + h * 40, v * 0.9) - 0.5;
    const figure = noise(u * 50 + h * 13, v * 3) - 0.5;
    const k =
      (1 + (hash(column, piece, 4) - 0.5) * 0.2 * detail(plank, fu, fv)) *
      (1 + grain * 0.5 * detail(0.02, fu, fv) + figure * 0.3 * detail(0.005, fu, fv));
    set(out, tone, k * (1 - gap * 0.7));
  };
}

/** Square tiles `size` metres with grout lines; `veined` gives them a marble figure. */
export function tiles(color: Rgb, size: number, grout: Rgb, veined = false, width = size): Material {
  return (u, v, fu, fv, out) => {
    const g = Math.max(lines(u / width, 0.009 / width, fu / width), lines(v / size, 0.009 / size, fv / size));
    const tile = hash(Math.floor(u / width), Math.floor(v / size), 17);
    let k = 1 + (tile - 0.5) * 0.08 * detail(size, fu, fv);
    if (veined) {
      const vein = Math.abs(Math.sin((u * 3 + v * 2 + noise(u * 1.6 + tile * 9, v * 1.6) * 5) * 4));
      k *= 1 - (1 - vein) ** 14 * 0.18 * detail(0.01, fu, fv);
    }
    out.r = color.r * k * (1 - g) + grout.r * g;
    out.g = color.g * k * (1 - g) + grout.g * g;
    out.b = color.b * k * (1 - g) + grout.b * g;
    out.occlusion = 1 - g * 0.15;
  };
}

/** Woven fabric: a fine weave, soft folds, slightly darker seams. */
export function fabric(color: Rgb): Material {
  return (u, v, fu, fv, out) => {
    const weave = (noise(u * 60, v * 60) - 0.5) * detail(0.004, fu, fv);
    const folds = noise(u * 1.4 + 5, v * 1.4) - 0.5;
    set(out, color, 1 + weave * 0.35 + folds * 0.12);
  };
}

/** Planed wood with a visible grain running along u. */
export function wood(color: Rgb, grainScale = 1): Material {
  return (u, v, fu, fv, out) => {
    const grain = noise(u * 0.7 * grainScale, v * 22 * grainScale) - 0.5;
    const rings = Math.sin((v * 40 + noise(u * 0.5, v * 2) * 12) * grainScale);
    set(out, color, 1 + grain * 0.35 * detail(0.01, fu, fv) + rings * 0.06 * detail(0.01, fu, fv));
  };
}

/** Polished stone for worktops: a light base with soft clouds and thin veins. */
export function stone(color: Rgb, veins = 0.3): Material {
  return (u, v, fu, fv, out) => {
    const clouds = noise(u * 0.8, v * 0.8) - 0.5;
    const line = Math.abs(Math.sin((u + v * 0.6 + noise(u * 0.6 + 3, v * 0.6) * 3) * 6));
    const vein = (1 - line) ** 10 * veins * detail(0.005, fu, fv);
    set(out, color, (1 + clouds * 0.1) * (1 - vein));
  };
}
