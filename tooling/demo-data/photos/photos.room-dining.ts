import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import { cabinet, chair, type Piece, pendant, place, rug, type Spot, table } from "./photos.furniture.ts";
import { fronts } from "./photos.furniture-fitted.ts";
import { paint, wood } from "./photos.material.ts";
import {
  ACCENTS,
  art,
  boards,
  FABRICS,
  LINEN,
  mainWindow,
  type Plan,
  shell,
  WOOD,
} from "./photos.room-plan.ts";

/** A dining room: table and chairs on a rug under a pendant, a sideboard and a picture. */
export function diningRoom(random: Random): Plan {
  const room = shell(random, [3.8, 5, 4.2, 5.5], boards(random), []);
  const spot = (wall: Spot["wall"], along: number, out = 0): Spot => ({ wall, along, out, room });
  const windowWall = random.chance(0.5) ? "left" : "right";
  room.windows.push(
    mainWindow(
      random,
      room,
      windowWall,
      random.chance(0.5),
      random.chance(0.5) ? random.pick(LINEN) : undefined,
    ),
  );
  const tableWidth = Math.min(room.width - 1.8, random.range(1.6, 2.2));
  const tableDepth = 0.95;
  const tx = (room.width - tableWidth) / 2;
  const tz = room.depth / 2 - 0.2;
  const top = wood(random.pick(WOOD));
  const pieces: Piece[] = [...place(spot("free", tx, tz), table(tableWidth, tableDepth, 0.75, top))];
  const seat = random.pick(FABRICS);
  const frame = wood(random.pick(WOOD));
  const count = Math.max(2, Math.floor(tableWidth / 0.65));
  for (let index = 0; index < count; index += 1) {
    const x = tx + 0.1 + index * ((tableWidth - 0.2) / count) + ((tableWidth - 0.2) / count - 0.45) / 2;
    pieces.push(...place(spot("free", x, tz + tableDepth - 0.05), chair(seat, frame)).map((piece) => piece));
  }
  pieces.push(
    place(spot("free", tx - 0.6, tz - 0.8), [
      rug(tableWidth + 1.2, tableDepth + 1.6, [random.pick(FABRICS), random.pick(FABRICS)]),
    ])[0]!,
  );
  pieces.push(
    ...place(spot("back", room.width / 2 - 0.9), [
      cabinet(1.8, 0.45, 0.8, wood(random.pick(WOOD)), fronts(random.pick(WOOD), 0.45, rgb("#8a7a5a"), 0.05)),
    ]),
  );
  room.decor.push(art(random, "back", room.width / 2, 1.2, random.range(0.9, 1.3)));
  const lamp = pendant(
    room.width / 2,
    tz + tableDepth / 2,
    room.height,
    random.range(0.8, 1),
    random.pick([rgb("#2a2a2a"), rgb("#d8d2c4"), rgb("#b08d57")]),
    true,
  );
  pieces.push(...lamp.pieces);
  const plants = [
    {
      x: windowWall === "left" ? 0.45 : room.width - 0.45,
      z: room.depth - 0.5,
      height: random.range(1.2, 1.7),
    },
  ];
  if (random.chance(0.4)) room.feature = { wall: "back", material: paint(random.pick(ACCENTS), 0.04) };
  return { room, pieces, lamps: lamp.lamps, plants };
}
