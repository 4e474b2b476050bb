import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { vec } from "./photos.camera.ts";
import { type Rgb, rgb } from "./photos.color.ts";
import { cabinet, type Furniture, type Piece, place, type Spot, tableLamp } from "./photos.furniture.ts";
import { fronts } from "./photos.furniture-fitted.ts";
import { floorboards, type Material, paint, wood } from "./photos.material.ts";
import type { Lamp, Room, RoomWindow } from "./photos.room.ts";

// What the room modules share: the palettes of finishes and fabrics, the empty room, its main window,
// pictures, lamps on side tables, and how a room's pieces are gathered into a plan.

/** A room to photograph: its shell, the furniture in it, the lamps that are on, where plants stand. */
export type Plan = {
  room: Room;
  pieces: Piece[];
  lamps: Lamp[];
  plants: { x: number; z: number; height: number }[];
};

export const WALLS = [
  "#eeeae2",
  "#e9e4da",
  "#e2e0da",
  "#dfe3de",
  "#e6dfd3",
  "#f1eee8",
  "#d9dcd6",
  "#e8e1d8",
].map((hex) => rgb(hex));

export const ACCENTS = ["#6f8375", "#3f4e5e", "#b77f62", "#c9b9a0", "#8c9aa5", "#2f3a35", "#a98e7a"].map(
  (hex) => rgb(hex),
);

export const OAK = [
  ["#b08458", "#a67a50", "#bb8f62", "#9c7048"],
  ["#c9a57c", "#c09b72", "#d2b088", "#b8946b"],
  ["#7a5638", "#6e4c31", "#85603f", "#654529"],
  ["#a9a196", "#9d958a", "#b3aba0", "#948c80"],
].map((tones) => tones.map((hex) => rgb(hex)));

export const FABRICS = [
  "#7f8a8f",
  "#c8bca8",
  "#3e4a5c",
  "#5f6e5a",
  "#a7a19a",
  "#b88a5c",
  "#d6d0c6",
  "#8b5a4a",
  "#4a4f55",
].map((hex) => rgb(hex));

export const ACCENT_FABRICS = [
  "#c98b4f",
  "#5d7a8c",
  "#b5654a",
  "#d8c9a3",
  "#3e5e4e",
  "#8c6f8f",
  "#e0d6c2",
].map((hex) => rgb(hex));

export const LINEN = ["#f2f0eb", "#e9e4da", "#dfe3e6", "#ece6dd"].map((hex) => rgb(hex));

export const WOOD = ["#8a6442", "#b48a60", "#5e4330", "#c9a982"].map((hex) => rgb(hex));

export const CABINETS = ["#f1efea", "#2f3b45", "#6f7f6f", "#d9d4ca", "#3b3b3b", "#a9b4b8"].map((hex) =>
  rgb(hex),
);

export const ART = [
  ["#c9b79c", "#5b6f7a", "#e0d8c8", "#2f3e46"],
  ["#2b2b2b", "#d9cfc1", "#b35c44", "#e8e2d6"],
  ["#8fa3a8", "#dfe6e4", "#4a6670", "#c2b59b"],
  ["#e4c9a8", "#a45a3f", "#f1e9dc", "#6b705c"],
].map((tones) => tones.map((hex) => rgb(hex)));

export function shell(
  random: Random,
  size: [number, number, number, number],
  floor: Material,
  windows: RoomWindow[],
): Room {
  const [w0, w1, d0, d1] = size;
  return {
    width: random.range(w0, w1),
    depth: random.range(d0, d1),
    height: random.range(2.45, 2.8),
    walls: paint(random.pick(WALLS), 0.04),
    floor,
    ceiling: paint(rgb("#f3f2ef"), 0.02),
    skirting: rgb("#efeeea"),
    windows,
    decor: [],
    lamps: [],
    downlights: [],
  };
}

export function boards(random: Random): Material {
  return floorboards(random.pick(OAK), random.range(0.14, 0.2));
}

/** The main window: on the back wall or a side wall, a window or glazed doors, with or without curtains. */
export function mainWindow(
  random: Random,
  room: Room,
  wall: "back" | "left" | "right",
  doors: boolean,
  curtains?: Rgb,
): RoomWindow {
  const length = wall === "back" ? room.width : room.depth;
  const width = Math.min(length - 1.2, doors ? random.range(1.6, 2.4) : random.range(1.2, 2.2));
  const at = wall === "back" ? random.range(0.35, 0.65) * length : random.range(0.45, 0.7) * length;
  const v0 = doors ? 0.02 : random.range(0.75, 0.95);
  const frame = random.chance(0.75) ? rgb("#f2f1ee") : rgb("#2c2e30");
  return {
    wall,
    u0: Math.max(0.5, at - width / 2),
    u1: Math.min(length - 0.5, at + width / 2),
    v0,
    v1: Math.min(room.height - 0.25, doors ? 2.15 : v0 + random.range(1.25, 1.55)),
    panes: doors ? [2, 3] : [random.pick([2, 3]), random.pick([1, 2])],
    frame,
    curtains,
  };
}

export function art(
  random: Random,
  wall: "back" | "left" | "right",
  centre: number,
  bottom: number,
  width: number,
) {
  return {
    wall,
    u0: centre - width / 2,
    u1: centre + width / 2,
    v0: bottom,
    v1: bottom + width * random.range(0.7, 1.3),
    kind: "art" as const,
    colors: random.pick(ART),
  };
}

/** A side table with a lamp on it, at a wall spot. */
export function side(random: Random, spot: Spot): Furniture {
  const lamp = tableLamp(0.25, 0.25, 0.55, random.pick(LINEN), true);
  return {
    pieces: place(spot, [cabinet(0.5, 0.5, 0.55, wood(random.pick(WOOD))), ...lamp.pieces]),
    lamps: placeLamps(spot, lamp.lamps),
  };
}

export function placeLamps(spot: Spot, lamps: Lamp[]): Lamp[] {
  return lamps.map((lamp) => {
    const [piece] = place(spot, [
      {
        box: {
          x0: lamp.position.x,
          x1: lamp.position.x,
          y0: lamp.position.y,
          y1: lamp.position.y,
          z0: lamp.position.z,
          z1: lamp.position.z,
        },
        look: { sides: paint(rgb("#000000")) },
      },
    ]);
    return { ...lamp, position: vec(piece!.box.x0, piece!.box.y0, piece!.box.z0) };
  });
}

export function downlights(random: Random, room: Room): [number, number][] {
  if (random.chance(0.4)) return [];
  const lights: [number, number][] = [];
  for (const z of [room.depth * 0.3, room.depth * 0.7]) lights.push([room.width / 2, z]);

  return lights;
}

export function collect(room: Room, pieces: Piece[], furniture: Furniture[], plants: Plan["plants"]): Plan {
  return {
    room,
    pieces: [...pieces, ...furniture.flatMap((item) => item.pieces)],
    lamps: furniture.flatMap((item) => item.lamps),
    plants,
  };
}

export function bedside(random: Random, spot: Spot): Furniture {
  const lamp = tableLamp(0.25, 0.22, 0.55, random.pick(LINEN), true);
  return {
    pieces: place(spot, [
      cabinet(0.5, 0.42, 0.55, wood(random.pick(WOOD)), fronts(random.pick(WOOD), 0.5, rgb("#b9b6ae"), 0.05)),
      ...lamp.pieces,
    ]),
    lamps: placeLamps(spot, lamp.lamps),
  };
}
