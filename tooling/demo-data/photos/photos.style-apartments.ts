import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb, scale } from "./photos.color.ts";
import type { Opening } from "./photos.facade.ts";
import type { Block } from "./photos.house.ts";
import type { Light } from "./photos.light.ts";
import { brick, type Material, paint, paving, render, speckle } from "./photos.material.ts";
import { LEAVES, type Prop, type Site, type Style, tree } from "./photos.site.ts";
import { BRICKS, MORTAR } from "./photos.style-suburban.ts";

// A block of flats seen from across the street: storeys of regular windows, balconies with glass or metal
// balustrades, a glazed entrance under a canopy, street trees and the pavement.

const RENDERS = ["#eceae5", "#d9d6cf", "#e6dccb", "#c8c9c6"].map((hex) => rgb(hex));
const FRAMES = ["#2b2d30", "#e9e8e3", "#5b5f63", "#3b3127"].map((hex) => rgb(hex));

/** Glass balustrade: greenish, reflecting the sky, seen through (drawn at part opacity). */
function balustrade(light: Light): Material {
  return (u, v, _fu, _fv, out) => {
    out.r = 0.05;
    out.g = 0.07;
    out.b = 0.07;
    const t = Math.min(1, Math.max(0, v));
    out.er = light.horizon.r * (0.15 + 0.1 * t);
    out.eg = light.horizon.g * (0.17 + 0.1 * t);
    out.eb = light.horizon.b * (0.17 + 0.1 * t);
    void u;
  };
}

function build(random: Random, light: Light): Site {
  const floors = random.int(4, 6);
  const storey = 3;
  const height = floors * storey + 0.6;
  const bays = random.int(5, 8);
  const bay = random.range(3.2, 3.8);
  const width = bays * bay;
  const depth = 13;
  const x0 = -width / 2;
  const walls = random.chance(0.5) ? brick(random.pick(BRICKS), MORTAR) : render(random.pick(RENDERS));
  const frame = random.pick(FRAMES);
  const front: Opening[] = [];
  const props: Prop[] = [];
  const glassRails = random.chance(0.6);
  const rail = glassRails ? balustrade(light) : paint(rgb("#2d2f31"));
  const slab = paint(rgb("#d7d5d0"), 0.04);
  const withBalconies = random.chance(0.75);
  for (let floor = 0; floor < floors; floor += 1) {
    for (let index = 0; index < bays; index += 1) {
      const centre = (index + 0.5) * bay;
      const v0 = floor * storey;
      if (floor === 0) {
        const entrance = index === Math.floor(bays / 2);
        front.push(
          entrance
            ? {
                kind: "patio",
                u0: centre - 1.2,
                u1: centre + 1.2,
                v0: 0.1,
                v1: 2.7,
                panes: [2, 1],
                frame,
                recess: 0.4,
              }
            : {
                kind: "window",
                u0: centre - 0.9,
                u1: centre + 0.9,
                v0: 0.8,
                v1: 2.5,
                panes: [2, 1],
                frame,
                recess: 0.15,
              },
        );
        if (entrance)
          props.push({
            box: { x0: x0 + centre - 1.8, x1: x0 + centre + 1.8, y0: 3, y1: 3.2, z0: -1.5, z1: 0 },
            sides: slab,
            after: 0,
          });
        continue;
      }
      const balcony = withBalconies && index % 2 === (floor % 2 === 0 ? 0 : 1);
      front.push(
        balcony
          ? {
              kind: "patio",
              u0: centre - 0.85,
              u1: centre + 0.85,
              v0: v0 + 0.1,
              v1: v0 + 2.5,
              panes: [2, 1],
              frame,
              recess: 0.15,
            }
          : {
              kind: "window",
              u0: centre - 0.8,
              u1: centre + 0.8,
              v0: v0 + 0.8,
              v1: v0 + 2.4,
              panes: [2, 1],
              frame,
              sill: rgb("#cfcbc2"),
              recess: 0.15,
            },
      );
      if (balcony) {
        const bx0 = x0 + centre - 1.4;
        const bx1 = x0 + centre + 1.4;
        props.push(
          { box: { x0: bx0, x1: bx1, y0: v0 - 0.1, y1: v0 + 0.1, z0: -1.4, z1: 0 }, sides: slab, after: 0 },
          {
            box: { x0: bx0, x1: bx1, y0: v0 + 0.1, y1: v0 + 1.1, z0: -1.42, z1: -1.38 },
            sides: rail,
            after: 0,
          },
        );
      }
    }
  }
  const block: Block = {
    x0,
    x1: x0 + width,
    z0: 0,
    z1: depth,
    height,
    walls,
    openings: { front, left: [], right: [] },
    roof: {
      kind: "flat",
      pitch: 0,
      overhang: 0,
      material: paint(rgb("#777")),
      trim: rgb(random.pick(["#d9d7d2", "#4b4d50"])),
    },
    plinth: { height: 0.5, material: paint(rgb("#6e6c69")) },
  };
  const trees = Array.from({ length: random.int(2, 3) }, (_, index) =>
    tree(
      random,
      "round",
      x0 + (index + 0.5) * (width / 3) + random.range(-2, 2),
      -4.2,
      random.range(7, 10),
      random.range(2, 3.2),
    ),
  );
  return {
    blocks: [block],
    props,
    patches: [
      { x0: -200, x1: 200, z0: -5, z1: 0, material: paving(rgb("#b0aca4"), 0.6, rgb("#86837d")) },
      { x0: -200, x1: 200, z0: -5.15, z1: -5, material: paint(rgb("#c4c0b8")) },
    ],
    footprints: [{ x0, x1: x0 + width, z0: 0, z1: depth }],
    trees,
    lawn: speckle(rgb("#4a4a4c"), 1.6),
    target: { x: random.range(-bay, bay), y: height / 2, z: 0 },
    distance: random.range(19, 24),
    angle: random.range(0.3, 0.55),
    fov: random.range(70, 78),
    eye: random.range(1.5, 1.7),
    horizon: [
      {
        distance: random.range(120, 260),
        height: random.range(14, 22),
        leaves: scale(random.pick(LEAVES), 1),
      },
    ],
  };
}

/** A block of flats from across the street. */
export const apartmentsStyle: Style = {
  lights: ["midday", "afternoon", "overcast", "golden", "afternoon", "twilight", "hazy"],
  build,
};
