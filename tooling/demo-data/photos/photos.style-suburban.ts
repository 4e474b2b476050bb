import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import { type Opening, type WindowLook, windowAt } from "./photos.facade.ts";
import { lawn } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { brick, cladding, paint, paving, render, roof, speckle } from "./photos.material.ts";
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

// A detached family house on its lawn: brick, clapboard or render, gable or hipped roof, often a garage.

export const BRICKS = [
  ["#8a4a35", "#7b3f2d", "#96543b", "#6e3b2c"],
  ["#b07a55", "#a06a4a", "#bd8a62", "#94644a"],
  ["#7d5a4a", "#6d4c3e", "#8a6655", "#5e4438"],
  ["#c2a283", "#b29275", "#cfb194", "#a5876c"],
].map((tones) => tones.map((hex) => rgb(hex)));
export const MORTAR = rgb("#b8b2a6");
const RENDERS = ["#ece7dc", "#f1ede4", "#e3d9c6", "#d9d5cc", "#efe2c8"].map((hex) => rgb(hex));
const BOARDS = ["#f2f0ea", "#a9b7bd", "#cfd3cc", "#7d8f8e", "#3f4a52", "#e8dcc2", "#9fae9a"].map((hex) =>
  rgb(hex),
);
export const DOORS = ["#2e3f4f", "#7a2630", "#254634", "#1f2328", "#8a6a3a", "#4e6a7f"].map((hex) =>
  rgb(hex),
);
const ROOFS = ["#3b3f45", "#4b4540", "#5a3a32", "#2c2f33", "#6b5d50"].map((hex) => rgb(hex));
const GUTTERS = ["#f2f2ef", "#2b2b2b", "#7a7a78", "#5a4636"].map((hex) => rgb(hex));

function build(random: Random, _light: Light): Site {
  const width = random.range(9, 12.5);
  const depth = random.range(7, 9);
  const storeys = random.chance(0.75) ? 2 : 1;
  const height = storeys === 2 ? random.range(5.4, 5.9) : random.range(2.8, 3.1);
  const wallKind = random.int(0, 2);
  const walls =
    wallKind === 0
      ? brick(random.pick(BRICKS), MORTAR)
      : wallKind === 1
        ? cladding(random.pick(BOARDS), random.range(0.14, 0.2))
        : render(random.pick(RENDERS));
  const frame = random.chance(0.7) ? rgb("#f3f2ee") : rgb("#2b2d30");
  const sill = rgb("#d8d4cc");
  const door = random.pick(DOORS);
  const x0 = -width / 2;
  const x1 = width / 2;
  const front: Opening[] = [];
  const doorAt = random.range(0.35, 0.55) * width;
  front.push({
    kind: "door",
    u0: doorAt - 0.5,
    u1: doorAt + 0.5,
    v0: 0.2,
    v1: 2.3,
    frame,
    leaf: door,
    recess: 0.15,
  });
  const columns = Math.max(2, Math.round(width / 3.2));
  const wide = random.chance(0.35);
  const look: WindowLook = { panes: wide ? [3, 2] : [2, 2], frame, sill, recess: 0.1 };
  for (let index = 0; index < columns + 1; index += 1) {
    const centre = (width * (index + 0.5)) / (columns + 1);
    const w = wide ? 1.6 : 1.15;
    if (Math.abs(centre - doorAt) > 1.4) front.push(windowAt(centre, w, 0.95, 2.35, look));
    if (storeys === 2) front.push(windowAt(centre, w, 3.5, 4.75, look));
  }
  const sideWindows = (length: number): Opening[] => [
    windowAt(length * 0.3, 1, 1, 2.2, { ...look, panes: [1, 2] }),
    ...(storeys === 2 ? [windowAt(length * 0.6, 0.9, 3.6, 4.7, { ...look, panes: [1, 2] })] : []),
  ];
  const roofMaterial = roof(random.chance(0.5) ? "slate" : "tile", random.pick(ROOFS));
  const gutter = random.pick(GUTTERS);
  const main: Block = {
    x0,
    x1,
    z0: 0,
    z1: depth,
    height,
    walls,
    openings: { front, left: sideWindows(depth), right: sideWindows(depth) },
    roof: {
      kind: random.chance(0.6) ? "gable" : "hip",
      pitch: random.range(30, 40),
      overhang: random.range(0.3, 0.5),
      material: roofMaterial,
      trim: rgb("#eeeeea"),
      gutter,
    },
    plinth:
      wallKind === 0
        ? undefined
        : {
            height: 0.35,
            material: wallKind === 1 ? brick(random.pick(BRICKS), MORTAR) : paint(rgb("#8d8a84")),
          },
    chimneys: random.chance(0.4)
      ? [{ x: x0 + width * random.range(0.15, 0.85), material: brick(BRICKS[0]!, MORTAR) }]
      : undefined,
  };
  const blocks = [main];
  const bed = speckle(rgb("#3a2a1f"), 0.6);
  const drive = random.chance(0.5) ? speckle(rgb("#5a5a58"), 1.5) : paving(rgb("#a9a49a"), 0.5);
  const path = paving(rgb("#b9b2a3"), 0.6);
  const patches = [];
  const garage = random.chance(0.55);
  let targetX = 0;
  if (garage) {
    const gx0 = x1;
    const gx1 = x1 + random.range(3.4, 4);
    const gz0 = random.range(0.3, 1.2);
    blocks.push({
      x0: gx0,
      x1: gx1,
      z0: gz0,
      z1: gz0 + 6,
      height: 2.8,
      walls,
      openings: {
        front: [
          {
            kind: "garage",
            u0: 0.35,
            u1: gx1 - gx0 - 0.35,
            v0: 0,
            v1: 2.3,
            frame,
            leaf: random.chance(0.5) ? rgb("#f1f0ec") : door,
          },
        ],
      },
      roof: {
        kind: random.chance(0.5) ? "gable-front" : "hip",
        pitch: 25,
        overhang: 0.3,
        material: roofMaterial,
        trim: rgb("#eeeeea"),
        gutter,
      },
      plinth: main.plinth,
    });
    patches.push({ x0: gx0 + 0.1, x1: gx1 - 0.1, z0: -60, z1: gz0, material: drive });
    targetX = 1.8;
  }
  patches.push({ x0: x0 - 0.2, x1: x1 + 0.2, z0: -1.4, z1: 0, material: bed });
  patches.push({ x0: x0 + doorAt - 0.7, x1: x0 + doorAt + 0.7, z0: -60, z1: 0, material: path });
  const doorX = x0 + doorAt;
  const props: Prop[] = [
    // A step and a small canopy over the door.
    {
      box: { x0: doorX - 0.9, x1: doorX + 0.9, y0: 0, y1: 0.18, z0: -0.9, z1: 0 },
      sides: paving(rgb("#bdb6a8"), 0.45),
    },
  ];
  if (random.chance(0.6)) {
    props.push({
      box: { x0: doorX - 1, x1: doorX + 1, y0: 2.45, y1: 2.6, z0: -0.9, z1: 0 },
      sides: paint(rgb("#eeeeea")),
      after: 0,
    });
  }
  const trees = [
    ...shrubRow(random, x0 - 0.3, x1 + 0.3, -0.75, [[doorX - 0.7, doorX + 0.7]]),
    ...Array.from({ length: random.int(1, 3) }, () => {
      const sideX = random.chance(0.5) ? -1 : 1;
      return tree(
        random,
        random.chance(0.25) ? "conifer" : "round",
        sideX * random.range(width / 2 + 4, width / 2 + 11),
        random.range(-3, 12),
        random.range(7, 13),
        random.range(2.4, 4.2),
      );
    }),
    ...backdrop(random, 6, depth + 6, depth + 25, 25, ["round", "round", "conifer"]),
  ];
  return {
    blocks,
    props,
    patches,
    footprints: blocks.map(({ x0: a, x1: b, z0: c, z1: d }) => ({ x0: a, x1: b, z0: c, z1: d })),
    trees,
    lawn: lawn(random.pick(GRASS), DRY_GRASS, random.chance(0.25) ? random.range(0.7, 1) : 0),
    target: { x: targetX, y: 3, z: depth / 2 },
    distance: random.range(12, 16) + width * 0.3,
    angle: random.range(0.3, 0.65),
    fov: random.range(66, 76),
    eye: random.range(1.45, 1.75),
    horizon: treeLines(random, [250, 400, 18, 30], [70, 140, 10, 16]),
  };
}

/** A detached family house on its lawn. */
export const suburbanStyle: Style = { lights: USUAL_LIGHTS, build };
