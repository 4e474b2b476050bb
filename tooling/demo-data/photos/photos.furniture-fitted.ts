import { type Rgb, rgb } from "./photos.color.ts";
import { box, LEG, type Piece } from "./photos.furniture.ts";
import { type Material, paint, stone, wood } from "./photos.material.ts";
import { clamp } from "./photos.noise.ts";

// Fitted furniture of kitchens and bathrooms: cabinet fronts, runs of units with worktop, sink and hob, wall
// cupboards, bar stools, the bath, the basin on its vanity unit and the WC.

/** Fronts of cabinets: doors `door` wide with a gap between, a bar handle, a darker plinth at the foot. */
export function fronts(color: Rgb, door: number, handle: Rgb, plinth = 0.1, shaker = false): Material {
  return (u, v, _fu, _fv, out) => {
    if (v < plinth) {
      out.r = color.r * 0.25;
      out.g = color.g * 0.25;
      out.b = color.b * 0.25;
      out.occlusion = 0.6;
      return;
    }
    const across = u / door;
    const within = (across - Math.floor(across)) * door;
    const gap = within < 0.004 || within > door - 0.004;
    const bar = Math.abs(within - door * 0.5) < door * 0.3 && v > plinth + 0.02 && v < plinth + 0.045;
    const frame = shaker && (within < 0.07 || within > door - 0.07 || v < plinth + 0.07);
    const k = gap ? 0.35 : frame ? 1.03 : 1;
    const c = bar ? handle : color;
    out.r = c.r * k;
    out.g = c.g * k;
    out.b = c.b * k;
    out.occlusion = gap ? 0.5 : 1;
  };
}

/** A run of kitchen base units with a worktop, optionally a sink and a hob set into it. */
export function kitchenRun(
  length: number,
  front: Material,
  worktop: Material,
  carcass: Material,
  sinkAt?: number,
  hobAt?: number,
): Piece[] {
  const top: Material = (u, v, fu, fv, out) => {
    worktop(u, v, fu, fv, out);
    if (sinkAt !== undefined && Math.abs(u - sinkAt) < 0.38 && v > 0.12 && v < 0.5) {
      const rim = Math.abs(u - sinkAt) > 0.33 || v < 0.15 || v > 0.47;
      out.r = rim ? 0.5 : 0.18;
      out.g = rim ? 0.5 : 0.18;
      out.b = rim ? 0.52 : 0.19;
      out.occlusion = rim ? 1 : 0.5;
    }
    if (hobAt !== undefined && Math.abs(u - hobAt) < 0.3 && v > 0.08 && v < 0.52) {
      const ring = [0.1, 0.42].some((rv) =>
        [-0.15, 0.15].some((ru) => Math.abs(Math.hypot(u - hobAt - ru, v - rv) - 0.07) < 0.008),
      );
      out.r = ring ? 0.08 : 0.02;
      out.g = ring ? 0.08 : 0.02;
      out.b = ring ? 0.08 : 0.025;
      out.er = 0.04;
      out.eg = 0.04;
      out.eb = 0.045;
    }
  };
  return [
    { box: box(0, length, 0, 0.88, 0.02, 0.6), look: { sides: carcass, front } },
    { box: box(0, length, 0.88, 0.92, 0, 0.62), look: { sides: worktop, top } },
  ];
}

/** Wall cupboards above a worktop. */
export function wallUnits(length: number, front: Material, carcass: Material): Piece {
  return { box: box(0, length, 1.45, 2.2, 0, 0.34), look: { sides: carcass, front, bottom: carcass } };
}

/** A stool at a kitchen island: a round-ish seat on a pedestal. */
export function stool(seat: Material): Piece[] {
  return [
    { box: box(0, 0.38, 0.62, 0.69, 0, 0.38), look: { sides: seat, bevel: 0.025 } },
    { box: box(0.165, 0.215, 0, 0.62, 0.165, 0.215), look: { sides: LEG } },
    { box: box(0.06, 0.32, 0, 0.02, 0.06, 0.32), look: { sides: LEG } },
  ];
}

/** A bath along a wall: white panel and rim, the tub's inside seen from above. */
export function bath(length: number): Piece {
  const white = rgb("#ecebe6");
  const top: Material = (u, v, _fu, _fv, out) => {
    const rim = Math.min(u, length - u, v, 0.75 - v) < 0.07;
    const k = rim ? 1 : 0.82 - 0.15 * clamp(1 - Math.min(u, length - u, v, 0.75 - v) / 0.2);
    out.r = white.r * k;
    out.g = white.g * k;
    out.b = white.b * k * 1.01;
  };
  return { box: box(0, length, 0, 0.56, 0, 0.75), look: { sides: paint(white, 0.02), top, bevel: 0.03 } };
}

/** A basin on a vanity unit, and its tap. */
export function vanity(width: number, body: Material, front: Material): Piece[] {
  const white = paint(rgb("#f0efea"), 0.01);
  const basinTop: Material = (u, v, _fu, _fv, out) => {
    const dx = (u - 0.25) / 0.2;
    const dz = (v - 0.22) / 0.15;
    const inside = dx * dx + dz * dz < 1;
    const k = inside ? 0.78 : 1;
    out.r = 0.88 * k;
    out.g = 0.88 * k;
    out.b = 0.86 * k;
  };
  return [
    { box: box(0, width, 0.15, 0.82, 0, 0.48), look: { sides: body, front } },
    {
      box: box(width / 2 - 0.25, width / 2 + 0.25, 0.82, 0.95, 0.05, 0.45),
      look: { sides: white, top: basinTop },
    },
    {
      box: box(width / 2 - 0.02, width / 2 + 0.02, 0.95, 1.15, 0.36, 0.4),
      look: { sides: paint(rgb("#b9b9b9")) },
    },
  ];
}

/** A toilet: pan, seat and cistern, all white. */
export function toilet(): Piece[] {
  const white = paint(rgb("#f1f0ec"), 0.01);
  return [
    { box: box(0.06, 0.32, 0, 0.4, 0.2, 0.62), look: { sides: white, bevel: 0.06 } },
    { box: box(0.02, 0.36, 0.4, 0.43, 0.12, 0.64), look: { sides: white, bevel: 0.015 } },
    { box: box(0, 0.38, 0.43, 0.8, 0, 0.18), look: { sides: white, bevel: 0.03 } },
  ];
}

/** Worktop materials a kitchen may have. */
export const WORKTOPS: readonly Material[] = [
  stone(rgb("#e9e6e1"), 0.35),
  stone(rgb("#3a3a3c"), 0.15),
  wood(rgb("#a8784a")),
  stone(rgb("#cfc8bb"), 0.2),
];
