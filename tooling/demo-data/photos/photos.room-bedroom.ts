import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import { bed, cabinet, type Furniture, type Piece, place, type Spot } from "./photos.furniture.ts";
import { fronts } from "./photos.furniture-fitted.ts";
import { fabric, paint, wood } from "./photos.material.ts";
import {
  ACCENTS,
  art,
  bedside,
  boards,
  CABINETS,
  collect,
  FABRICS,
  LINEN,
  mainWindow,
  type Plan,
  shell,
  WOOD,
} from "./photos.room-plan.ts";

/** A bedroom: a made bed against its headboard, bedside tables and lamps, a wardrobe or a picture. */
export function bedroom(random: Random): Plan {
  const floor = random.chance(0.4)
    ? fabric(rgb(random.pick(["#c9bfae", "#a8a39a", "#d8d0c2"])))
    : boards(random);
  const room = shell(random, [3.4, 4.6, 3.8, 5], floor, []);
  const spot = (wall: Spot["wall"], along: number, out = 0): Spot => ({ wall, along, out, room });
  const windowWall = random.chance(0.6) ? (random.chance(0.5) ? "left" : "right") : "back";
  const bedWidth = random.chance(0.7) ? random.range(1.5, 1.8) : 1.35;
  const pieces: Piece[] = [];
  const furniture: Furniture[] = [];
  const headboard = random.chance(0.5) ? fabric(random.pick(FABRICS)) : wood(random.pick(WOOD));
  if (windowWall === "back") {
    // The bed along a side wall, the window beyond.
    room.windows.push(mainWindow(random, room, "back", false, random.pick(LINEN)));
    const wall = random.chance(0.5) ? "left" : "right";
    const along = room.depth - 0.75;
    pieces.push(
      ...place(
        spot(wall, wall === "left" ? along : along - bedWidth),
        bed(bedWidth, 2.05, random.pick(LINEN), random.pick(FABRICS), headboard),
      ),
    );
    room.decor.push(art(random, wall, along - bedWidth / 2, 1.35, random.range(0.6, 0.9)));
    furniture.push(bedside(random, spot(wall, wall === "left" ? along + 0.55 : along + 0.05)));
  } else {
    room.windows.push(mainWindow(random, room, windowWall, false, random.pick(LINEN)));
    const at = (room.width - bedWidth) / 2;
    pieces.push(
      ...place(spot("back", at), bed(bedWidth, 2.05, random.pick(LINEN), random.pick(FABRICS), headboard)),
    );
    room.decor.push(art(random, "back", room.width / 2, 1.4, random.range(0.7, 1.1)));
    furniture.push(
      bedside(random, spot("back", at - 0.55)),
      bedside(random, spot("back", at + bedWidth + 0.05)),
    );
    const other = windowWall === "left" ? "right" : "left";
    if (random.chance(0.6)) {
      pieces.push(
        ...place(spot(other, 0.3), [
          cabinet(
            1.6,
            0.6,
            2.2,
            paint(random.pick(CABINETS)),
            fronts(random.pick(CABINETS), 0.53, rgb("#b9b6ae"), 0.05),
          ),
        ]),
      );
    }
  }
  if (random.chance(0.5))
    room.feature = {
      wall: windowWall === "back" ? "left" : "back",
      material: paint(random.pick(ACCENTS), 0.04),
    };
  if (floor !== room.floor) return collect(room, pieces, furniture, []);
  return collect(
    room,
    pieces,
    furniture,
    random.chance(0.5) ? [{ x: room.width - 0.45, z: 0.8, height: 1.2 }] : [],
  );
}
