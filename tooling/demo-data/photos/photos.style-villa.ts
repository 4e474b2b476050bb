import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb, scale } from "./photos.color.ts";
import { type Opening, type WindowLook, windowAt } from "./photos.facade.ts";
import { lawn, type Patch } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { paint, paving, render, roof, speckle } from "./photos.material.ts";
import { DRY_GRASS, type Prop, type Site, type Style, tree, water } from "./photos.site.ts";

// A Mediterranean villa: warm render, a low hipped roof of clay tiles, shuttered windows, a stone terrace,
// often a pool, and cypresses, olives and the odd palm under a clear sky.

const WALLS = ["#f1ebe0", "#e8cf9c", "#ecc4a8", "#e6d3b0", "#f4efe6", "#dcb88a"].map((hex) => rgb(hex));
const SHUTTERS = ["#3f6b4f", "#3f6f8f", "#7d9a8a", "#f0eee8", "#6b4a33", "#4d6470"].map((hex) => rgb(hex));
const TERRACOTTA = ["#b5603a", "#a4553a", "#c07048", "#9c5a3c"].map((hex) => rgb(hex));
const OLIVE = rgb("#6d7552");
const CYPRESS = rgb("#2f4025");
const LAVENDER = rgb("#7c8a6a");

function build(random: Random, light: Light): Site {
  const width = random.range(11, 15);
  const depth = random.range(8, 10);
  const storeys = random.chance(0.65) ? 2 : 1;
  const height = storeys === 2 ? random.range(5.8, 6.3) : random.range(3.2, 3.5);
  const walls = render(random.pick(WALLS));
  const shutters = random.pick(SHUTTERS);
  const frame = rgb("#f2efe8");
  const sill = rgb("#d9cdb8");
  const x0 = -width / 2;
  const x1 = width / 2;
  const columns = Math.max(3, Math.round(width / 2.8));
  const doorColumn = Math.floor(columns / 2);
  const look: WindowLook = { panes: [2, 3], frame, shutters, sill, recess: 0.22 };
  const front: Opening[] = [];
  for (let index = 0; index < columns; index += 1) {
    const centre = (width * (index + 0.5)) / columns;
    front.push(
      index === doorColumn
        ? windowAt(centre, 1.6, 0.15, 2.6, { ...look, sill: undefined, recess: 0.25 }, "patio")
        : windowAt(centre, 1.1, 0.9, 2.4, look),
    );
    if (storeys === 2) front.push(windowAt(centre, 1, 3.7, 5, { ...look, panes: [2, 2] }));
  }
  const side = [windowAt(depth / 2, 1, 1, 2.4, look)];
  const tiles = roof("tile", random.pick(TERRACOTTA));
  const blocks: Block[] = [
    {
      x0,
      x1,
      z0: 0,
      z1: depth,
      height,
      walls,
      openings: { front, left: side, right: side },
      roof: {
        kind: "hip",
        pitch: random.range(20, 26),
        overhang: random.range(0.4, 0.6),
        material: tiles,
        trim: scale(random.pick(WALLS), 0.95),
      },
      plinth: { height: 0.3, material: paving(rgb("#bca98a"), 0.4) },
    },
  ];
  if (random.chance(0.5)) {
    const wing = random.range(4, 5.5);
    const onRight = random.chance(0.5);
    blocks.push({
      x0: onRight ? x1 - 0.01 : x0 - wing,
      x1: onRight ? x1 + wing : x0 + 0.01,
      z0: 1.2,
      z1: depth - 1,
      height: 3.3,
      walls,
      openings: {
        front: [windowAt(wing / 2, 1.1, 0.9, 2.4, look)],
      },
      roof: { kind: "hip", pitch: 22, overhang: 0.45, material: tiles, trim: blocks[0]!.roof.trim },
    });
  }
  const terrace = paving(rgb(random.pick(["#d8c8a8", "#cdbb9c", "#e0d4bc"])), 0.5, rgb("#b0a084"));
  const terraceDepth = random.range(3.5, 5);
  const patches: Patch[] = [{ x0: x0 - 1, x1: x1 + 1, z0: -terraceDepth, z1: 0, material: terrace }];
  const props: Prop[] = [];
  const pool = random.chance(0.6);
  if (pool) {
    const px0 = random.range(x0, x1 - 8);
    const pz1 = -terraceDepth - 0.6;
    const pz0 = pz1 - random.range(4, 5);
    patches.push(
      { x0: px0 - 1.2, x1: px0 + 9.2, z0: pz0 - 1.2, z1: pz1 + 0.6, material: terrace },
      {
        x0: px0 - 0.35,
        x1: px0 + 8.35,
        z0: pz0 - 0.35,
        z1: pz1 + 0.35,
        material: paint(rgb("#e9e3d6"), 0.04),
      },
      { x0: px0, x1: px0 + 8, z0: pz0, z1: pz1, material: water(light) },
    );
  } else {
    patches.push({
      x0: -1,
      x1: 1,
      z0: -40,

      z1: -terraceDepth,
      material: speckle(rgb("#c9b99a"), 1.2),
    });
  }
  const pot = paint(rgb("#b8734e"), 0.08);
  for (const x of [x0 + width / 2 - 1.3, x0 + width / 2 + 1.3]) {
    props.push({ box: { x0: x - 0.3, x1: x + 0.3, y0: 0, y1: 0.6, z0: -0.9, z1: -0.3 }, sides: pot });
  }
  const trees = [
    ...Array.from({ length: random.int(2, 4) }, (_, index) => {
      const x = (index % 2 === 0 ? -1 : 1) * random.range(width / 2 + 1.5, width / 2 + 5);
      return tree(
        random,
        "cypress",
        x,
        random.range(-2, depth),
        random.range(8, 12),
        random.range(0.9, 1.3),
        [CYPRESS],
      );
    }),
    ...Array.from({ length: random.int(1, 2) }, () => {
      // Beside the terrace and the pool, never in them.
      const x = (random.chance(0.5) ? -1 : 1) * random.range(width / 2 + 2.5, width / 2 + 7);
      const z = random.range(-terraceDepth - 8, -terraceDepth - 2);
      return tree(random, "olive", x, z, random.range(4, 7), random.range(2, 3), [OLIVE]);
    }),
    // Lavender along the terrace.
    ...Array.from({ length: 6 }, (_, index) => ({
      ...tree(random, "shrub", x0 + 0.6 + index * 0.9, -terraceDepth - 0.4, 0.6, 0.45, [LAVENDER]),
      flowers: rgb("#9a7fc4"),
    })),
    ...Array.from({ length: 6 }, () => {
      const shape = random.chance(0.6) ? "cypress" : "olive";
      const z = random.range(depth + 6, depth + 30);
      const palette = [shape === "cypress" ? CYPRESS : OLIVE];
      return tree(
        random,
        shape,
        random.range(-30, 30),
        z,
        random.range(7, 12),
        random.range(1.2, 2.5),
        palette,
      );
    }),
  ];
  return {
    blocks,
    props,
    patches,
    footprints: blocks.map(({ x0: a, x1: b, z0: c, z1: d }) => ({ x0: a, x1: b, z0: c, z1: d })),
    trees,
    lawn: lawn(rgb("#6f7544"), DRY_GRASS, 0),
    target: { x: 0, y: 3, z: depth / 2 },
    distance: random.range(15, 19) + width * 0.2,
    angle: random.range(0.25, 0.55),
    fov: random.range(66, 76),
    eye: random.range(1.5, 1.8),
    horizon: [
      { distance: random.range(400, 700), height: random.range(40, 90), leaves: rgb("#6b7a6a") },
      { distance: random.range(80, 160), height: random.range(8, 14), leaves: OLIVE },
    ],
  };
}

/** A Mediterranean villa with its terrace and often a pool. */
export const villaStyle: Style = {
  lights: ["midday", "afternoon", "golden", "afternoon", "midday", "twilight"],
  build,
};
