import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb, scale } from "./photos.color.ts";
import type { Opening } from "./photos.facade.ts";
import { lawn } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { cladding, paint, paving, render, speckle } from "./photos.material.ts";
import {
  backdrop,
  DRY_GRASS,
  GRASS,
  type Prop,
  type Site,
  type Style,
  shrubRow,
  tree,
  treeLines,
  USUAL_LIGHTS,
} from "./photos.site.ts";

// A contemporary house: two flat-roofed volumes, white or grey render against timber or dark cladding, wide
// dark-framed glazing opening onto a paved terrace, clipped planting and ornamental grasses.

const RENDERS = ["#f3f2ee", "#ebe9e4", "#d8d6d1", "#c9c7c2", "#f0ebe1"].map((hex) => rgb(hex));
const TIMBER = ["#9a6b45", "#b0855a", "#7a5538", "#2e2e2e", "#4a4a48", "#8f8a7e"].map((hex) => rgb(hex));

function build(random: Random, _light: Light): Site {
  const width = random.range(8, 11);
  const depth = random.range(8, 10);
  const height = random.range(6, 6.6);
  const frame = rgb(random.pick(["#2a2c2e", "#3a3d40", "#1f2123"]));
  const wall = render(random.pick(RENDERS));
  const timber = cladding(random.pick(TIMBER), random.range(0.09, 0.14), true);
  const x0 = -width / 2;
  const x1 = width / 2;
  const glazed = random.range(4, Math.min(6, width - 2.5));
  const gx = random.range(0.6, width - glazed - 0.6);
  const front: Opening[] = [
    {
      kind: "patio",
      u0: gx,
      u1: gx + glazed,
      v0: 0.15,
      v1: 2.6,
      panes: [Math.round(glazed / 1.5), 1],
      frame,
      recess: 0.2,
    },
    random.chance(0.5)
      ? {
          kind: "window",
          u0: random.range(0.6, 1.5),
          u1: width - random.range(0.6, 1.5),
          v0: 3.6,
          v1: 4.6,
          panes: [4, 1],
          frame,
          recess: 0.2,
        }
      : {
          kind: "window",
          u0: width * 0.15,
          u1: width * 0.15 + 1.2,
          v0: 3.2,
          v1: 5.3,
          panes: [1, 1],
          frame,
          recess: 0.25,
        },
  ];
  const side: Opening[] = [
    {
      kind: "window",
      u0: depth * 0.25,
      u1: depth * 0.25 + 1.6,
      v0: 3.4,
      v1: 4.7,
      panes: [1, 1],
      frame,
      recess: 0.2,
    },
  ];
  const flat = {
    kind: "flat" as const,
    pitch: 0,
    overhang: 0,
    material: paint(rgb("#8a8a88")),
    trim: rgb(random.pick(["#e9e8e4", "#3a3b3d"])),
  };
  const main: Block = {
    x0,
    x1,
    z0: 0,
    z1: depth,
    height,
    walls: wall,
    openings: { front, left: side, right: side },
    roof: flat,
    plinth: { height: 0.15, material: paint(rgb("#6d6c6a")) },
  };
  const wingWidth = random.range(4.5, 6.5);
  const wingOnRight = random.chance(0.5);
  const wx0 = wingOnRight ? x1 - 0.8 : x0 - wingWidth + 0.8;
  const wx1 = wx0 + wingWidth;
  const wz0 = random.range(-2.2, -1);
  const wing: Block = {
    x0: wx0,
    x1: wx1,
    z0: wz0,
    z1: depth - 2,
    height: random.range(3.1, 3.5),
    walls: timber,
    openings: {
      front: random.chance(0.5)
        ? [
            {
              kind: "window",
              u0: 0.8,
              u1: wingWidth - 0.8,
              v0: 0.7,
              v1: 2.4,
              panes: [2, 1],
              frame,
              recess: 0.25,
            },
          ]
        : [
            {
              kind: "door",
              u0: wingWidth / 2 - 0.55,
              u1: wingWidth / 2 + 0.55,
              v0: 0.15,
              v1: 2.4,
              frame,
              leaf: rgb("#2d2d2d"),
              recess: 0.35,
            },
          ],
    },
    roof: { ...flat, trim: rgb("#3a3b3d") },
  };
  const blocks = [main, wing];
  const terraceDepth = random.range(3, 4.5);
  const patches = [
    {
      x0: x0 - 2,
      x1: x1 + 2,
      z0: -terraceDepth,
      z1: 0,
      material: paving(rgb(random.pick(["#c9c5bd", "#a9a7a2", "#d6d0c4"])), 0.9, rgb("#7b7a76")),
    },
    { x0: wx0 - 0.5, x1: wx1 + 0.5, z0: wz0 - 0.8, z1: wz0, material: speckle(rgb("#9c968c"), 1.4) },
    {
      x0: gx + x0 + glazed / 2 - 0.8,
      x1: gx + x0 + glazed / 2 + 0.8,
      z0: -40,
      z1: -terraceDepth,
      material: paving(rgb("#bfbab0"), 0.8),
    },
  ];
  const grasses = shrubRow(
    random,
    x0 - 2,
    x1 + 2,
    -terraceDepth - 0.6,
    [[gx + x0 + glazed / 2 - 1, gx + x0 + glazed / 2 + 1]],
    0.8,
  ).map((shrub) => ({
    ...shrub,
    leaves: random.chance(0.5) ? scale(rgb("#a59a6a"), 1) : shrub.leaves,
    flowers: undefined,
  }));
  const props: Prop[] = [];
  if (random.chance(0.5)) {
    // A low rendered wall with a planter along the terrace.
    props.push({
      box: { x0: x0 - 2, x1: x0 + 0.5, y0: 0, y1: 0.9, z0: -terraceDepth - 0.3, z1: -terraceDepth },
      sides: wall,
    });
  }
  return {
    blocks,
    props,
    patches,
    footprints: blocks.map(({ x0: a, x1: b, z0: c, z1: d }) => ({ x0: a, x1: b, z0: c, z1: d })),
    trees: [
      ...grasses,
      tree(
        random,
        random.chance(0.5) ? "olive" : "round",
        (wingOnRight ? -1 : 1) * random.range(width / 2 + 3, width / 2 + 7),
        random.range(-4, 2),
        random.range(4, 7),
        random.range(1.6, 2.6),
      ),
      ...backdrop(random, 6, depth + 5, depth + 25, 22, ["round", "conifer", "round"]),
    ],
    lawn: lawn(random.pick(GRASS), DRY_GRASS, 0),
    target: { x: wingOnRight ? 1.5 : -1.5, y: 3, z: depth / 2 },
    distance: random.range(13, 17) + width * 0.2,
    angle: random.range(0.3, 0.6),
    fov: random.range(68, 78),
    eye: random.range(1.45, 1.7),
    horizon: treeLines(random, [250, 400, 18, 30], [60, 120, 9, 15]),
  };
}

/** A contemporary house of flat-roofed volumes. */
export const modernStyle: Style = { lights: USUAL_LIGHTS, build };
