import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { vec } from "./photos.camera.ts";
import { type Rgb, rgb, scale } from "./photos.color.ts";
import type { Tree, TreeShape } from "./photos.foliage.ts";
import type { Footprint, Patch } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light, LightName } from "./photos.light.ts";
import type { Material } from "./photos.material.ts";
import { clamp, noise } from "./photos.noise.ts";

// What an exterior style builds: the house and what stands around it, and how the photographer frames it.
// Shared by the style modules (one per kind of house) and the exterior scene that draws them.

/** A box standing on its own: a garden wall, steps, a canopy, a balcony, a planter. */
export type Prop = {
  box: { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number };
  sides: Material;
  top?: Material;
  /** Drawn right after block number `after` (balconies, canopies on a facade) instead of by distance. */
  after?: number;
};

export type Site = {
  blocks: Block[];
  props: Prop[];
  patches: Patch[];
  footprints: Footprint[];
  trees: Tree[];
  lawn: Material;
  /** The point the camera aims at, how far back and how far round (radians) it stands. */
  target: { x: number; y: number; z: number };
  distance: number;
  angle: number;
  fov: number;
  /** How high the camera is (eye height unless the photographer stood on something). */
  eye: number;
  /** Bands of trees (or hills) on the horizon, farthest first. */
  horizon: { distance: number; height: number; leaves: Rgb }[];
};

/** A kind of house: the light it is shown in, and how to build a site of it (given the light). */
export type Style = { lights: readonly LightName[]; build: (random: Random, light: Light) => Site };

export const LEAVES = ["#3f5a26", "#4a6429", "#34502a", "#566b2c", "#3b5530", "#51622f"].map((hex) =>
  rgb(hex),
);
export const GRASS = ["#5b6e3a", "#56693a", "#61703f", "#4e6435", "#5f7440"].map((hex) => rgb(hex));
export const DRY_GRASS = rgb("#8a8556");
export const FLOWERS = ["#d8485a", "#f0f0f4", "#e9c53d", "#b05cc4", "#f08a4b", "#e87fa8"].map((hex) =>
  rgb(hex),
);

/** Light used most: bright days, with the odd golden hour, overcast day, twilight or hazy morning. */
export const USUAL_LIGHTS: readonly LightName[] = [
  "midday",
  "afternoon",
  "afternoon",
  "midday",
  "golden",
  "overcast",
  "afternoon",
  "twilight",
  "hazy",
  "midday",
  "golden",
  "afternoon",
];

/** A tree of `shape` with randomised size and colour. */
export function tree(
  random: Random,
  shape: TreeShape,
  x: number,
  z: number,
  height: number,
  radius: number,
  palette: readonly Rgb[] = LEAVES,
): Tree {
  return {
    base: vec(x, 0, z),
    height,
    radius,
    shape,
    leaves: scale(random.pick(palette), random.range(0.88, 1.12)),
    id: random.int(0, 9999),
  };
}

type Band = [distanceMin: number, distanceMax: number, heightMin: number, heightMax: number];

/** Two bands of trees on the horizon, a far hazy one and a nearer one, each within its ranges (metres). */
export function treeLines(
  random: Random,
  far: Band,
  near: Band,
  palette: readonly Rgb[] = LEAVES,
): Site["horizon"] {
  return [far, near].map(([d0, d1, h0, h1]) => ({
    distance: random.range(d0, d1),
    height: random.range(h0, h1),
    leaves: random.pick(palette),
  }));
}

/** Shrubs along a line from x0 to x1 at depth z, skipping gaps (doors, paths), some in flower. */
export function shrubRow(
  random: Random,
  x0: number,
  x1: number,
  z: number,
  gaps: readonly [number, number][],
  size = 1,
): Tree[] {
  const shrubs: Tree[] = [];
  for (let x = x0 + random.range(0, 0.5); x < x1; x += random.range(0.7, 1.3) * size) {
    if (gaps.some(([a, b]) => x > a - 0.4 && x < b + 0.4)) continue;
    const shrub = tree(
      random,
      "shrub",
      x,
      z + random.range(-0.2, 0.2),
      random.range(0.6, 1.3) * size,
      random.range(0.4, 0.75) * size,
    );
    if (random.chance(0.3)) shrub.flowers = random.pick(FLOWERS);
    if (random.chance(0.2))
      shrub.leaves = scale(rgb(random.pick(["#6b7d2a", "#5b3a3f", "#3d5a3c"])), random.range(0.9, 1.1));
    shrubs.push(shrub);
  }
  return shrubs;
}

/** Background trees scattered behind the house, between `near` and `far` metres back. */
export function backdrop(
  random: Random,
  count: number,
  near: number,
  far: number,
  spread: number,
  shapes: readonly TreeShape[],
): Tree[] {
  return Array.from({ length: count }, () =>
    tree(
      random,
      random.pick(shapes),
      random.range(-spread, spread),
      random.range(near, far),
      random.range(9, 17),
      random.range(2.8, 5),
    ),
  );
}

/** Pool water: clear turquoise over pale tiles, the sky mirrored on its surface, rippling. */
export function water(light: Light): Material {
  const deep = rgb("#2f9fb3");
  const sky = light.zenith;
  const horizon = light.horizon;
  return (u, v, fu, fv, out) => {
    const ripple = noise(u * 1.8 + v * 0.4, v * 1.8) - noise(u * 1.8 + 0.06, v * 1.8 + 0.05);
    const caustic = clamp(1 - Math.abs(noise(u * 3, v * 3) - 0.5) * 6) * (fu < 0.05 ? 1 : 0.3);
    const fresnel = clamp(0.25 + ripple * 3 + Math.min(1, fv / Math.max(fu, 1e-4) / 30) * 0.4);
    out.r = deep.r * (0.8 + caustic * 0.6) * (1 - fresnel);
    out.g = deep.g * (0.8 + caustic * 0.6) * (1 - fresnel);
    out.b = deep.b * (0.8 + caustic * 0.6) * (1 - fresnel);
    out.er = (sky.r * 0.6 + horizon.r * 0.4) * fresnel;
    out.eg = (sky.g * 0.6 + horizon.g * 0.4) * fresnel;
    out.eb = (sky.b * 0.6 + horizon.b * 0.4) * fresnel;
    out.sunlit = 0.6;
  };
}
