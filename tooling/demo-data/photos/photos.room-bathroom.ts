import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import { type Piece, place, type Spot } from "./photos.furniture.ts";
import { bath, fronts, toilet, vanity } from "./photos.furniture-fitted.ts";
import { paint, tiles } from "./photos.material.ts";
import { CABINETS, mainWindow, type Plan, shell } from "./photos.room-plan.ts";

/** A bathroom from its door: basin and mirror ahead, the bath along one side, the WC on the other. */
export function bathroom(random: Random): Plan {
  const tileColor = rgb(random.pick(["#f1f0ec", "#e6e2da", "#cfd6d4", "#d9d3c8", "#b9c2c0"]));
  const floorTiles = tiles(
    rgb(random.pick(["#8e8a84", "#bdb6aa", "#d9d4cb", "#5c5a58"])),
    0.6,
    rgb("#7b7873"),
  );
  const room = shell(random, [2.4, 3.2, 2.8, 3.6], floorTiles, []);
  const spot = (wall: Spot["wall"], along: number, out = 0): Spot => ({ wall, along, out, room });
  const wallTiles = tiles(
    tileColor,
    random.pick([0.3, 0.6]),
    rgb("#bdb9b2"),
    random.chance(0.15),
    random.pick([0.3, 0.6]),
  );
  const paintWalls = room.walls;
  const half = random.chance(0.5);
  room.walls = half
    ? (u, v, fu, fv, out) => (v < 1.2 ? wallTiles(u, v, fu, fv, out) : paintWalls(u, v, fu, fv, out))
    : wallTiles;
  room.skirting = tileColor;
  // A small high window on a side wall towards the back (never beside the camera).
  const windowWall = random.pick(["left", "right"] as const);
  const window = mainWindow(random, room, windowWall, false);
  const centre = room.depth - random.range(0.5, 0.8);
  window.u0 = centre - 0.4;

  window.u1 = centre + 0.4;
  window.v0 = 1.35;
  window.v1 = Math.min(room.height - 0.25, 2.1);
  window.panes = [1, 1];
  room.windows.push(window);

  const pieces: Piece[] = [];
  // The shot agents take from the door: basin and mirror ahead, the bath along one side, the WC on the other.
  const bathWall = random.chance(0.5) ? "left" : "right";
  const bathLength = Math.min(room.depth - 0.3, 1.7);
  pieces.push(
    ...place(spot(bathWall, bathWall === "left" ? room.depth : room.depth - bathLength), [bath(bathLength)]),
  );
  const vanityWidth = Math.min(room.width - 1.7, random.range(0.8, 1.2));
  const vanityAt = bathWall === "left" ? room.width - 0.55 - vanityWidth : 0.55;
  const body = paint(random.pick(CABINETS));
  pieces.push(
    ...place(
      spot("back", vanityAt),
      vanity(vanityWidth, body, fronts(random.pick(CABINETS), vanityWidth / 2, rgb("#b9b6ae"), 0.05)),
    ),
  );
  room.decor.push({
    wall: "back",
    u0: vanityAt + vanityWidth / 2 - 0.4,
    u1: vanityAt + vanityWidth / 2 + 0.4,
    v0: 1.15,
    v1: 2.0,
    kind: "mirror",
  });
  const toiletWall = bathWall === "left" ? "right" : "left";
  const toiletAt = room.depth - 1.35;
  pieces.push(...place(spot(toiletWall, toiletWall === "left" ? toiletAt + 0.38 : toiletAt), toilet()));
  room.downlights = [[room.width / 2, room.depth / 2]];
  return {
    room,
    pieces,
    lamps: [],
    plants: [],
  };
}
