import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb, scale } from "./photos.color.ts";
import type { Opening } from "./photos.facade.ts";
import { lawn } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { cladding, floorboards, paving, roof, wood } from "./photos.material.ts";
import { DRY_GRASS, type Prop, type Site, type Style, tree } from "./photos.site.ts";

// A timber cabin in the woods: board cladding, a steep metal or shingle roof with its gable to the camera,
// a big glazed gable end, a deck, and conifers all round with hills behind.

const TIMBER = ["#8a6440", "#6b4a30", "#a27a52", "#2f2f2f", "#7a2e22", "#2f4a3a", "#c9b28e"].map((hex) =>
  rgb(hex),
);
const ROOFS = ["#2b2c2e", "#3a3b3c", "#6e3326", "#4a4f4b"].map((hex) => rgb(hex));
const PINE = ["#2c4028", "#31462b", "#27392a", "#3a4d2e"].map((hex) => rgb(hex));

function build(random: Random, _light: Light): Site {
  const width = random.range(7, 9);
  const depth = random.range(7, 9);
  const height = random.range(3, 3.4);
  const timber = random.pick(TIMBER);
  const walls = cladding(timber, random.range(0.14, 0.2), random.chance(0.5));
  const frame = rgb(random.chance(0.5) ? "#2a2a2a" : "#e9e4d8");
  const x0 = -width / 2;
  const x1 = width / 2;
  const pitch = random.range(40, 50);
  const rise = (width / 2) * Math.tan((pitch * Math.PI) / 180);
  const front: Opening[] = [
    {
      kind: "patio",
      u0: width * 0.2,
      u1: width * 0.8,
      v0: 0.6,
      v1: height - 0.2,
      panes: [3, 1],
      frame,
      recess: 0.15,
    },
    {
      kind: "window",
      u0: width / 2 - 1.1,
      u1: width / 2 + 1.1,
      v0: height + 0.4,
      v1: height + rise * 0.6,
      panes: [2, 1],
      frame,
      recess: 0.15,
    },
  ];
  const side: Opening[] = [
    {
      kind: "window",
      u0: depth * 0.3 - 0.5,
      u1: depth * 0.3 + 0.5,
      v0: 1.2,
      v1: 2.4,
      panes: [1, 2],
      frame,
      recess: 0.1,
    },
    {
      kind: "door",
      u0: depth * 0.7 - 0.45,
      u1: depth * 0.7 + 0.45,
      v0: 0.6,
      v1: 2.6,
      frame,
      leaf: scale(timber, 0.8),
      recess: 0.1,
    },
  ];
  const block: Block = {
    x0,
    x1,
    z0: 0,
    z1: depth,
    height,
    walls,
    openings: { front, left: side, right: side },
    roof: {
      kind: "gable-front",
      pitch,
      overhang: 0.5,
      material: roof(random.chance(0.6) ? "metal" : "slate", random.pick(ROOFS)),
      trim: scale(timber, 0.9),
    },
    plinth: { height: 0.55, material: paving(rgb("#8e8a84"), 0.35, rgb("#6b6862")) },
  };
  const deckDepth = random.range(2.2, 3.2);
  const deck = floorboards(
    [scale(rgb("#9a7652"), 1), scale(rgb("#8a6846"), 1), scale(rgb("#a5815c"), 1)],
    0.14,
  );
  const props: Prop[] = [
    {
      box: { x0: x0 - 0.6, x1: x1 + 0.6, y0: 0, y1: 0.55, z0: -deckDepth, z1: 0 },
      sides: wood(rgb("#6b5238")),
      top: deck,
    },
    {
      box: { x0: -0.8, x1: 0.8, y0: 0, y1: 0.28, z0: -deckDepth - 0.4, z1: -deckDepth },
      sides: wood(rgb("#6b5238")),
      top: deck,
    },
  ];
  const trees = [
    ...Array.from({ length: random.int(5, 8) }, () => {
      const sign = random.chance(0.5) ? -1 : 1;
      const x = sign * random.range(width / 2 + 2.5, width / 2 + 14);
      return tree(
        random,
        "conifer",
        x,
        random.range(-6, depth + 6),
        random.range(9, 18),
        random.range(1.8, 3),
        PINE,
      );
    }),
    ...Array.from({ length: 14 }, () => {
      const shape = random.chance(0.8) ? "conifer" : "round";
      const z = random.range(depth + 4, depth + 40);
      return tree(random, shape, random.range(-40, 40), z, random.range(12, 22), random.range(2, 3.5), PINE);
    }),
  ];
  return {
    blocks: [block],
    props,
    patches: [
      {
        x0: -0.7,
        x1: 0.7,
        z0: -40,
        z1: -deckDepth - 0.4,
        material: paving(rgb("#9e978a"), 0.5, rgb("#5f5a50")),
      },
    ],
    footprints: [{ x0: x0 - 0.6, x1: x1 + 0.6, z0: -deckDepth, z1: depth }],
    trees,
    lawn: lawn(rgb(random.pick(["#66703f", "#5d6a3c", "#73764a"])), DRY_GRASS, 0),
    target: { x: 0, y: 3, z: depth / 2 },
    distance: random.range(12, 15) + width * 0.3,
    angle: random.range(0.35, 0.65),
    fov: random.range(64, 74),
    eye: random.range(1.5, 1.75),
    horizon: [
      { distance: random.range(700, 1200), height: random.range(90, 200), leaves: rgb("#55665e") },
      { distance: random.range(100, 200), height: random.range(20, 30), leaves: random.pick(PINE) },
    ],
  };
}

/** A timber cabin among conifers. */
export const cabinStyle: Style = {
  lights: ["golden", "afternoon", "overcast", "hazy", "midday", "afternoon", "golden", "twilight"],
  build,
};
