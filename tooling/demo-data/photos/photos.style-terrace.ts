import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import type { Opening } from "./photos.facade.ts";
import { lawn, type Patch } from "./photos.ground.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { brick, type Material, paint, paving, render, roof, speckle, tiles } from "./photos.material.ts";
import {
  DRY_GRASS,
  GRASS,
  type Prop,
  type Site,
  type Style,
  shrubRow,
  tree,
  treeLines,
} from "./photos.site.ts";
import { BRICKS, DOORS, MORTAR } from "./photos.style-suburban.ts";

// A terrace of town houses seen obliquely from across the street: one long roof with a chimney stack at each
// party wall, each house its own door colour (some painted), sash windows, bay windows, front gardens behind
// low brick walls, and the pavement.

const PAINTED = ["#efe8da", "#dfe6e8", "#e9dcc6", "#d7e0d2", "#f2e6e0", "#e6e1d4"].map((hex) => rgb(hex));

function perUnit(unit: number, materials: readonly Material[]): Material {
  return (u, v, fu, fv, out) => {
    const index = Math.min(materials.length - 1, Math.max(0, Math.floor(u / unit)));
    materials[index]!(u, v, fu, fv, out);
  };
}

function build(random: Random, _light: Light): Site {
  const count = random.int(4, 6);
  const unit = random.range(4.6, 5.8);
  const storeys = random.chance(0.7) ? 2 : 3;
  const height = storeys * 2.9 + 0.2;
  const depth = 9;
  const length = count * unit;
  const x0 = -length / 2;
  const bricks = random.pick(BRICKS);
  const painted = random.chance(0.35);
  const materials = Array.from({ length: count }, () =>
    painted && random.chance(0.7) ? render(random.pick(PAINTED)) : brick(bricks, MORTAR),
  );
  const walls = perUnit(unit, materials);
  const frame = rgb("#f4f3ef");
  const sill = rgb("#e4e0d6");
  const sash = random.pick<[number, number]>([
    [1, 2],
    [2, 4],
    [2, 2],
  ]);
  const bays = random.chance(0.5);
  const front: Opening[] = [];
  const blocks: Block[] = [];
  const props: Prop[] = [];
  const patches: Patch[] = [];
  const trees = [];
  const gardenDepth = random.range(2.2, 3.2);
  const path = tiles(rgb(random.pick(["#8c4a3a", "#d9d3c4", "#3f3f41"])), 0.15, rgb("#9a9388"));
  const wallTop = paving(rgb("#c9c0b0"), 0.4);
  for (let index = 0; index < count; index += 1) {
    const left = index * unit;
    const mirrored = index % 2 === 1;
    const doorU = mirrored ? left + unit - 1.1 : left + 1.1;
    const windowU = mirrored ? left + unit * 0.38 : left + unit * 0.62;
    front.push({
      kind: "door",
      u0: doorU - 0.48,
      u1: doorU + 0.48,
      v0: 0.3,
      v1: 2.5,
      frame,
      leaf: random.pick(DOORS),
      recess: 0.2,
    });
    if (!bays)
      front.push({
        kind: "window",
        u0: windowU - 0.75,
        u1: windowU + 0.75,
        v0: 0.9,
        v1: 2.6,
        panes: sash,
        frame,
        sill,
        recess: 0.12,
      });
    for (let floor = 1; floor < storeys; floor += 1) {
      const v0 = floor * 2.9 + 0.8;
      front.push({
        kind: "window",
        u0: windowU - 0.7,
        u1: windowU + 0.7,
        v0,
        v1: v0 + 1.6,
        panes: sash,
        frame,
        sill,
        recess: 0.12,
      });
      front.push({
        kind: "window",
        u0: doorU - 0.45,
        u1: doorU + 0.45,
        v0,
        v1: v0 + 1.4,
        panes: sash,
        frame,
        sill,
        recess: 0.12,
      });
    }
    const bx = x0 + windowU;
    if (bays) {
      blocks.push({
        x0: bx - 1.15,
        x1: bx + 1.15,
        z0: -0.75,
        z1: 0.05,
        height: 2.9,
        walls: materials[index]!,
        openings: {
          front: [
            { kind: "window", u0: 0.2, u1: 2.1, v0: 0.7, v1: 2.5, panes: [3, 2], frame, sill, recess: 0.08 },
          ],
          left: [{ kind: "window", u0: 0.15, u1: 0.6, v0: 0.7, v1: 2.5, panes: [1, 2], frame, recess: 0.05 }],
          right: [
            { kind: "window", u0: 0.2, u1: 0.65, v0: 0.7, v1: 2.5, panes: [1, 2], frame, recess: 0.05 },
          ],
        },
        roof: {
          kind: "hip",
          pitch: 20,
          overhang: 0.1,
          material: roof("slate", rgb("#43474d")),
          trim: rgb("#f1f0ec"),
        },
      });
    }
    const gardenPath = x0 + doorU;
    patches.push({ x0: gardenPath - 0.55, x1: gardenPath + 0.55, z0: -gardenDepth, z1: 0, material: path });
    patches.push({
      x0: x0 + left + 0.1,
      x1: x0 + left + unit - 0.1,
      z0: -gardenDepth,
      z1: 0,
      material: random.chance(0.5)
        ? lawn(random.pick(GRASS), DRY_GRASS, 0)
        : speckle(rgb(random.pick(["#a49c8c", "#8a8276"])), 1.3),
    });
    // The garden wall with a gap for the path, and the wall between this garden and the next.
    const wallHeight = random.range(0.6, 0.95);
    const gardenWall = brick(bricks, MORTAR);
    props.push(
      {
        box: {
          x0: x0 + left,
          x1: gardenPath - 0.55,
          y0: 0,
          y1: wallHeight,
          z0: -gardenDepth - 0.22,
          z1: -gardenDepth,
        },
        sides: gardenWall,
        top: wallTop,
      },
      {
        box: {
          x0: gardenPath + 0.55,
          x1: x0 + left + unit,
          y0: 0,
          y1: wallHeight,
          z0: -gardenDepth - 0.22,
          z1: -gardenDepth,
        },
        sides: gardenWall,
        top: wallTop,
      },
    );
    if (index > 0)
      props.push({
        box: { x0: x0 + left - 0.1, x1: x0 + left + 0.1, y0: 0, y1: wallHeight, z0: -gardenDepth, z1: 0 },
        sides: gardenWall,
        top: wallTop,
      });
    trees.push(
      ...shrubRow(
        random,
        x0 + left + 0.3,
        x0 + left + unit - 0.3,
        -gardenDepth + 0.5,
        [[gardenPath - 0.6, gardenPath + 0.6]],
        0.75,
      ),
    );
  }
  blocks.unshift({
    x0,
    x1: x0 + length,
    z0: 0,
    z1: depth,
    height,
    walls,
    openings: { front },
    roof: {
      kind: "gable",
      pitch: random.range(32, 40),
      overhang: 0.25,
      material: roof("slate", rgb(random.pick(["#3f434a", "#4a4644", "#36393e"]))),
      trim: rgb("#e9e7e1"),
      gutter: rgb("#2a2a2a"),
    },
    chimneys: Array.from({ length: count - 1 }, (_, index) => ({
      x: x0 + (index + 1) * unit,
      material: brick(bricks, MORTAR),
    })),
  });
  patches.push(
    {
      x0: -200,
      x1: 200,
      z0: -gardenDepth - 2.6,
      z1: -gardenDepth,
      material: paving(rgb("#a7a39b"), 0.6, rgb("#7d7a74")),
    },
    { x0: -200, x1: 200, z0: -gardenDepth - 2.75, z1: -gardenDepth - 2.6, material: paint(rgb("#bdb9b0")) },
    { x0: -200, x1: 200, z0: -60, z1: -gardenDepth - 2.75, material: speckle(rgb("#4b4b4d"), 1.6) },
  );
  props.push({
    box: { x0: -200, x1: 200, y0: 0, y1: 0.12, z0: -gardenDepth - 2.75, z1: -gardenDepth - 2.6 },
    sides: paint(rgb("#bdb9b0")),
  });
  for (let index = 0; index < random.int(1, 2); index += 1) {
    trees.push(
      tree(
        random,
        "round",
        x0 + random.range(0, length),
        -gardenDepth - 2.2,
        random.range(7, 10),
        random.range(2, 3),
      ),
    );
  }
  return {
    blocks,
    props,
    patches,
    footprints: [{ x0, x1: x0 + length, z0: 0, z1: depth }],
    trees,
    lawn: speckle(rgb("#4b4b4d"), 1.6),
    target: { x: random.range(-unit, unit), y: 3, z: 0 },
    distance: random.range(12, 15),
    angle: random.range(0.55, 0.85),
    fov: random.range(68, 76),
    eye: random.range(1.5, 1.7),
    horizon: treeLines(random, [150, 300, 14, 24], [40, 70, 12, 16]),
  };
}

/** A terrace of town houses from across the street. */
export const terraceStyle: Style = {
  lights: ["afternoon", "midday", "overcast", "afternoon", "golden", "hazy", "midday", "twilight"],
  build,
};
