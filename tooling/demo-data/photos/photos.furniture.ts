import { type Rgb, rgb, scale } from "./photos.color.ts";
import { fabric, type Material, paint } from "./photos.material.ts";
import { clamp, hash, noise } from "./photos.noise.ts";
import type { Lamp, Wall } from "./photos.room.ts";
import type { BoxLook, Extent } from "./photos.scene.ts";

// Furniture as boxes in believable proportions (a seat at 45 cm, a worktop at 92 cm, a bed at 55 cm), built
// in a frame local to the wall it stands against and placed in the room: x along the wall, z out from it.

/** One box of a piece of furniture and how its faces look; `lamp` marks a light that glows. */
export type Piece = { box: Extent; look: BoxLook };
export type Furniture = { pieces: Piece[]; lamps: Lamp[] };

/** Where a wall-standing piece goes: which wall, how far along it, in a room of this size. */
export type Spot = {
  wall: Wall | "free";
  along: number;
  out?: number;
  room: { width: number; depth: number };
};

/** A box from its extents. */
export function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): Extent {
  return { x0, x1, y0, y1, z0, z1 };
}

/** Mirrors pieces front to back within `depth` (a chair turned to face the other way). */
export function turn(pieces: Piece[], depth: number): Piece[] {
  return pieces.map(({ box: b, look }) => ({
    box: box(b.x0, b.x1, b.y0, b.y1, depth - b.z1, depth - b.z0),
    look: { ...look, front: look.back ?? look.sides, back: look.front ?? look.sides },
  }));
}

/**
 * Local boxes (x along, z out from the wall) to room boxes, the local front becoming the face into the room.
 */

export function place(spot: Spot, pieces: Piece[]): Piece[] {
  const { wall, along, out = 0, room } = spot;
  return pieces.map(({ box: b, look }) => {
    if (wall === "free")
      return { box: box(b.x0 + along, b.x1 + along, b.y0, b.y1, b.z0 + out, b.z1 + out), look };
    if (wall === "back") {
      return {
        box: box(along + b.x0, along + b.x1, b.y0, b.y1, room.depth - out - b.z1, room.depth - out - b.z0),
        look,
      };
    }
    if (wall === "left") {
      // Facing +x: local front (-z) becomes the right face; local x runs towards the camera (-z).
      return {
        box: box(out + b.z0, out + b.z1, b.y0, b.y1, along - b.x1, along - b.x0),
        look: {
          ...look,
          right: look.front ?? look.sides,
          left: look.back ?? look.sides,
          back: look.left ?? look.sides,
          front: look.right ?? look.sides,
        },
      };
    }
    return {
      box: box(room.width - out - b.z1, room.width - out - b.z0, b.y0, b.y1, along + b.x0, along + b.x1),
      look: {
        ...look,
        left: look.front ?? look.sides,
        right: look.back ?? look.sides,
        front: look.left ?? look.sides,
        back: look.right ?? look.sides,
      },
    };
  });
}

/** Dark metal legs and rods. */
export const LEG = paint(rgb("#2a2522"));

/** A sofa `width` wide: plinth, back, arms, seat and back cushions, short legs, scatter cushions. */
export function sofa(width: number, color: Rgb, accent?: Rgb): Piece[] {
  const cloth = fabric(color);
  const cushion = fabric(scale(color, 1.06));
  const depth = 0.95;
  const seats = width > 1.6 ? 3 : width > 1.1 ? 2 : 1;
  const inner = width - 0.4;
  const pieces: Piece[] = [
    { box: box(0.2, width - 0.2, 0.1, 0.42, 0, depth - 0.2), look: { sides: cloth, bevel: 0.06 } },
    { box: box(0, width, 0.1, 0.86, depth - 0.22, depth), look: { sides: cloth, bevel: 0.06 } },
    { box: box(0, 0.2, 0.1, 0.64, 0.02, depth - 0.2), look: { sides: cloth, bevel: 0.06 } },
    { box: box(width - 0.2, width, 0.1, 0.64, 0.02, depth - 0.2), look: { sides: cloth, bevel: 0.06 } },
  ];
  for (let index = 0; index < seats; index += 1) {
    const x0 = 0.2 + (inner / seats) * index + 0.01;
    const x1 = 0.2 + (inner / seats) * (index + 1) - 0.01;
    pieces.push(
      { box: box(x0, x1, 0.42, 0.55, 0.01, depth - 0.24), look: { sides: cushion, bevel: 0.05 } },
      {
        box: box(x0 + 0.02, x1 - 0.02, 0.5, 0.84, depth - 0.42, depth - 0.22),
        look: { sides: cushion, bevel: 0.05 },
      },
    );
  }
  for (const x of [0.05, width - 0.1]) {
    for (const z of [0.05, depth - 0.1])
      pieces.push({ box: box(x, x + 0.05, 0, 0.1, z, z + 0.05), look: { sides: LEG } });
  }
  // Scatter cushions propped against the back at each end.
  if (accent && width > 1.1) {
    const pillow = fabric(accent);
    for (const x of [0.24, width - 0.66]) {
      pieces.push({
        box: box(x, x + 0.42, 0.52, 0.92, depth - 0.56, depth - 0.42),
        look: { sides: pillow, bevel: 0.08 },
      });
    }
  }
  return pieces;
}

/** A table on four legs: `top` is its surface, `height` to the top. */
export function table(
  width: number,
  depth: number,
  height: number,
  top: Material,
  legs: Material = LEG,
  thickness = 0.04,
): Piece[] {
  const pieces: Piece[] = [
    { box: box(0, width, height - thickness, height, 0, depth), look: { sides: top, bevel: 0.006 } },
  ];
  const t = 0.05;
  for (const x of [0.04, width - 0.04 - t]) {
    for (const z of [0.04, depth - 0.04 - t])
      pieces.push({ box: box(x, x + t, 0, height - thickness, z, z + t), look: { sides: legs } });
  }
  return pieces;
}

/** A dining chair: seat, back rest, legs; facing local -z. */
export function chair(color: Rgb, frame: Material): Piece[] {
  const seat = fabric(color);
  return [
    { box: box(0, 0.45, 0.43, 0.49, 0, 0.45), look: { sides: seat, bevel: 0.02 } },
    { box: box(0.03, 0.42, 0.62, 0.86, 0.41, 0.44), look: { sides: frame, bevel: 0.01 } },
    { box: box(0.03, 0.07, 0.48, 0.62, 0.41, 0.44), look: { sides: frame } },
    { box: box(0.38, 0.42, 0.48, 0.62, 0.41, 0.44), look: { sides: frame } },
    ...[0.02, 0.39].flatMap((x) =>
      [0.02, 0.39].map((z) => ({ box: box(x, x + 0.04, 0, 0.43, z, z + 0.04), look: { sides: frame } })),
    ),
  ];
}

/** A rug lying on the floor: a border, a field with a faint pattern, and pile. */
export function rug(width: number, depth: number, colors: readonly Rgb[]): Piece {
  const [field, border, motif] = [
    colors[0]!,
    colors[1] ?? scale(colors[0]!, 0.7),
    colors[2] ?? scale(colors[0]!, 1.2),
  ];
  const material: Material = (u, v, fu, fv, out) => {
    const edge = Math.min(u, width - u, v, depth - v);
    const pile = 0.9 + 0.2 * noise(u * 40, v * 40) * clamp(1.5 - Math.max(fu, fv) / 0.01);
    const pattern = Math.sin(u * 9) * Math.sin(v * 9) > 0.6 ? motif : field;
    const color = edge < 0.12 && edge > 0.04 ? border : pattern;
    out.r = color.r * pile;
    out.g = color.g * pile;
    out.b = color.b * pile;
  };
  return { box: box(0, width, 0, 0.012, 0, depth), look: { sides: material } };
}

/** A bed against its headboard: base, mattress, duvet with a fold, pillows, a throw across the foot. */
export function bed(
  width: number,
  length: number,
  linen: Rgb,
  throwColor: Rgb,
  headboard: Material,
): Piece[] {
  const sheet = fabric(linen);
  const duvet = fabric(scale(linen, 0.97));
  const pillows = fabric(scale(linen, 1.05));
  const pillowCount = width > 1.3 ? 2 : 1;
  const pieces: Piece[] = [
    { box: box(-0.05, width + 0.05, 0, 1.15, 0, 0.08), look: { sides: headboard, bevel: 0.03 } },
    { box: box(0, width, 0.08, 0.32, 0.08, length), look: { sides: headboard } },
    { box: box(0.01, width - 0.01, 0.32, 0.52, 0.1, length - 0.02), look: { sides: sheet, bevel: 0.05 } },
    { box: box(-0.03, width + 0.03, 0.27, 0.58, 0.55, length + 0.02), look: { sides: duvet, bevel: 0.07 } },
    {
      box: box(-0.04, width + 0.04, 0.25, 0.6, length - 0.5, length + 0.04),
      look: { sides: fabric(throwColor), bevel: 0.05 },
    },
  ];
  for (let index = 0; index < pillowCount; index += 1) {
    const x0 = 0.08 + index * ((width - 0.16) / pillowCount);
    const x1 = x0 + (width - 0.16) / pillowCount - 0.05;
    pieces.push({ box: box(x0, x1, 0.52, 0.68, 0.12, 0.45), look: { sides: pillows, bevel: 0.07 } });
  }
  return pieces;
}

/** A small box table or cabinet with a top and a front (bedside tables, sideboards, media units). */
export function cabinet(
  width: number,
  depth: number,
  height: number,
  body: Material,
  front?: Material,
): Piece {
  return {
    box: box(0, width, 0, height, 0, depth),
    look: { sides: body, front: front ?? body, bevel: 0.008 },
  };
}

/** A table lamp standing at local (x, z) on a surface at height `at`: base, glowing shade, its light. */
export function tableLamp(x: number, z: number, at: number, shade: Rgb, on: boolean): Furniture {
  const glow: Material = (_u, v, _fu, _fv, out) => {
    const k = on ? 1.6 + v * 2 : 0;
    out.r = shade.r;
    out.g = shade.g;
    out.b = shade.b;
    out.er = shade.r * k;
    out.eg = shade.g * k * 0.92;
    out.eb = shade.b * k * 0.75;
  };
  return {
    pieces: [
      {
        box: box(x - 0.06, x + 0.06, at, at + 0.3, z - 0.06, z + 0.06),
        look: { sides: paint(rgb("#d9d2c4")) },
      },
      {
        box: box(x - 0.17, x + 0.17, at + 0.3, at + 0.55, z - 0.17, z + 0.17),
        look: { sides: glow, bevel: 0.02 },
      },
    ],
    lamps: on ? [{ position: { x, y: at + 0.45, z }, color: rgb("#ffcf8a"), power: 0.35 }] : [],
  };
}

/** A pendant hanging from the ceiling at local (x, z): cord, shade, the pool of light under it. */
export function pendant(
  x: number,
  z: number,
  ceiling: number,
  drop: number,
  shade: Rgb,
  on: boolean,
): Furniture {
  const bottom = ceiling - drop;
  const glow: Material = (_u, _v, _fu, _fv, out) => {
    out.r = shade.r;
    out.g = shade.g;
    out.b = shade.b;
  };
  const bulb: Material = (_u, _v, _fu, _fv, out) => {
    out.r = 0.8;
    out.g = 0.8;
    out.b = 0.8;
    out.er = on ? 8 : 0.2;
    out.eg = on ? 6.5 : 0.2;
    out.eb = on ? 4.5 : 0.2;
  };
  return {
    pieces: [
      { box: box(x - 0.006, x + 0.006, bottom + 0.22, ceiling, z - 0.006, z + 0.006), look: { sides: LEG } },
      {
        box: box(x - 0.16, x + 0.16, bottom, bottom + 0.22, z - 0.16, z + 0.16),
        look: { sides: glow, bottom: bulb, bevel: 0.02 },
      },
    ],
    lamps: on
      ? [{ position: { x, y: bottom - 0.05, z }, color: rgb("#ffd29a"), power: 0.9, down: true }]
      : [],
  };
}

/** A bookcase: uprights, shelves and rows of book spines in many colours. */
export function bookcase(width: number, height: number, frame: Rgb): Piece {
  const shelf = 0.36;
  const material: Material = (u, v, _fu, _fv, out) => {
    const level = Math.floor(v / shelf);
    const within = v - level * shelf;
    if (within < 0.025 || u < 0.025 || u > width - 0.025) {
      out.r = frame.r;
      out.g = frame.g;
      out.b = frame.b;
      return;
    }
    const spine = Math.floor(u / 0.035 + level * 17);
    const h = hash(spine, level, 8);
    const bookHeight = 0.2 + hash(spine, level, 9) * 0.1;
    if (within > bookHeight + 0.025 || h < 0.15) {
      out.r = frame.r * 0.35;
      out.g = frame.g * 0.35;
      out.b = frame.b * 0.35;
      out.occlusion = 0.6;
      return;
    }
    const hue = hash(spine, level, 10);
    out.r = 0.08 + hue * 0.45;
    out.g = 0.08 + hash(spine, level, 11) * 0.3;
    out.b = 0.06 + (1 - hue) * 0.3;
    out.occlusion = 0.8;
  };
  return { box: box(0, width, 0, height, 0, 0.32), look: { sides: paint(frame), front: material } };
}

/** A flat television: black glass with a dim sheen, on or off. */
export function television(width: number, at: number): Piece {
  const screen: Material = (u, v, _fu, _fv, out) => {
    const edge = Math.min(u, width - u, v, width * 0.5625 - v);
    out.r = 0.015;
    out.g = 0.015;
    out.b = 0.017;
    const sheen = edge > 0.015 ? 0.03 * clamp(1 - Math.abs(u / width - v / (width * 0.5625))) : 0;
    out.er = sheen;
    out.eg = sheen;
    out.eb = sheen * 1.1;
  };
  return {
    box: box(0, width, at, at + width * 0.5625, 0.03, 0.08),
    look: { sides: paint(rgb("#121212")), front: screen },
  };
}

/** A few things on a table top at height `at`: a stack of books and a vase, at local (x, z). */
export function tableTop(x: number, z: number, at: number, colors: readonly Rgb[]): Piece[] {
  return [
    { box: box(x, x + 0.26, at, at + 0.035, z, z + 0.2), look: { sides: paint(colors[0]!), bevel: 0.004 } },
    {
      box: box(x + 0.02, x + 0.24, at + 0.035, at + 0.065, z + 0.01, z + 0.19),
      look: { sides: paint(colors[1]!), bevel: 0.004 },
    },
    {
      box: box(x + 0.4, x + 0.52, at, at + 0.22, z + 0.04, z + 0.16),
      look: { sides: paint(colors[2]!, 0.02), bevel: 0.04 },
    },
  ];
}
