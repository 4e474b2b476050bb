import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import {
  bookcase,
  cabinet,
  type Furniture,
  type Piece,
  place,
  rug,
  type Spot,
  sofa,
  table,
  tableTop,
  television,
} from "./photos.furniture.ts";
import { paint, wood } from "./photos.material.ts";
import {
  ACCENT_FABRICS,
  ACCENTS,
  art,
  boards,
  CABINETS,
  collect,
  downlights,
  FABRICS,
  LINEN,
  mainWindow,
  type Plan,
  shell,
  side,
  WOOD,
} from "./photos.room-plan.ts";

/** A living room: sofa, coffee table, rug, media unit or bookcase, lamps, a plant. */
export function livingRoom(random: Random): Plan {
  const room = shell(random, [4.2, 5.8, 5, 6.5], boards(random), []);
  const spot = (wall: Spot["wall"], along: number, out = 0): Spot => ({ wall, along, out, room });
  const sofaColor = random.pick(FABRICS);
  const layout = random.int(0, 1);
  const pieces: Piece[] = [];
  const furniture: Furniture[] = [];
  const plants = [];
  if (layout === 0) {
    // Sofa under a picture on the back wall, window on a side wall, media unit opposite.
    const windowWall = random.chance(0.5) ? "left" : "right";
    room.windows.push(
      mainWindow(
        random,
        room,
        windowWall,
        random.chance(0.4),
        random.chance(0.6) ? random.pick(LINEN) : undefined,
      ),
    );
    const sofaWidth = Math.min(room.width - 1.6, random.range(2, 2.5));
    const sofaAt = (room.width - sofaWidth) / 2;
    pieces.push(...place(spot("back", sofaAt), sofa(sofaWidth, sofaColor, random.pick(ACCENT_FABRICS))));
    room.decor.push(art(random, "back", room.width / 2, 1.25, random.range(0.8, 1.2)));
    pieces.push(
      ...place(spot("free", room.width / 2 - 0.6, room.depth - 2.1), [
        ...table(1.2, 0.6, 0.42, wood(random.pick(WOOD))),
        ...tableTop(0.2, 0.2, 0.42, [
          random.pick(ACCENT_FABRICS),
          random.pick(LINEN),
          random.pick(ACCENT_FABRICS),
        ]),
      ]),
    );
    pieces.push(
      place(spot("free", room.width / 2 - 1.2, room.depth - 2.9), [
        rug(2.4, 1.8, [random.pick(FABRICS), random.pick(FABRICS)]),
      ])[0]!,
    );
    const otherWall = windowWall === "left" ? "right" : "left";
    pieces.push(
      ...place(spot(otherWall, room.depth - 1.2), [
        cabinet(1.6, 0.42, 0.48, wood(random.pick(WOOD))),
        television(1.2, 0.62),
      ]),
    );
    furniture.push(
      side(random, spot("back", sofaAt - 0.55)),
      side(random, spot("back", sofaAt + sofaWidth + 0.05)),
    );
    plants.push({
      x: windowWall === "left" ? 0.45 : room.width - 0.45,
      z: room.depth - 0.45,
      height: random.range(1.1, 1.7),
    });
  } else {
    // Window on the back wall, sofa along one side wall facing a bookcase or media wall on the other.
    room.windows.push(
      mainWindow(
        random,
        room,
        "back",
        random.chance(0.5),
        random.chance(0.7) ? random.pick(LINEN) : undefined,
      ),
    );
    const sofaWall = random.chance(0.5) ? "left" : "right";
    const sofaWidth = Math.min(room.depth - 2, random.range(2, 2.6));
    const along = room.depth - 1.1;
    pieces.push(
      ...place(
        spot(sofaWall, sofaWall === "left" ? along : along - sofaWidth),
        sofa(sofaWidth, sofaColor, random.pick(ACCENT_FABRICS)),
      ),
    );
    room.decor.push(art(random, sofaWall, along - sofaWidth / 2, 1.3, random.range(0.7, 1.1)));
    const otherWall = sofaWall === "left" ? "right" : "left";
    if (random.chance(0.5)) {
      pieces.push(...place(spot(otherWall, room.depth - 2.8), [bookcase(1.8, 2.1, random.pick(CABINETS))]));
    } else {
      pieces.push(
        ...place(spot(otherWall, room.depth - 2.8), [
          cabinet(1.8, 0.42, 0.5, paint(random.pick(CABINETS))),
          television(1.3, 0.7),
        ]),
      );
    }
    const tableX = sofaWall === "left" ? 1.3 : room.width - 2.0;
    pieces.push(
      ...place(spot("free", tableX, along - sofaWidth / 2 - 0.4), [
        ...table(0.7, 0.9, 0.42, wood(random.pick(WOOD))),
        ...tableTop(0.1, 0.3, 0.42, [
          random.pick(ACCENT_FABRICS),
          random.pick(LINEN),
          random.pick(ACCENT_FABRICS),
        ]),
      ]),
    );
    pieces.push(
      place(spot("free", tableX - 0.5, along - sofaWidth / 2 - 1.1), [
        rug(2, 2.3, [random.pick(FABRICS), random.pick(FABRICS)]),
      ])[0]!,
    );
    plants.push({
      x: sofaWall === "left" ? room.width - 0.45 : 0.45,
      z: room.depth - 0.45,
      height: random.range(1.2, 1.8),
    });
    furniture.push(
      side(random, spot(sofaWall, sofaWall === "left" ? along + 0.55 : along - sofaWidth - 0.05)),
    );
  }
  if (random.chance(0.4)) room.feature = { wall: "back", material: paint(random.pick(ACCENTS), 0.04) };
  room.downlights = downlights(random, room);
  return collect(room, pieces, furniture, plants);
}
