import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { rgb } from "./photos.color.ts";
import { type Piece, pendant, place, type Spot, turn } from "./photos.furniture.ts";
import { fronts, kitchenRun, stool, WORKTOPS, wallUnits } from "./photos.furniture-fitted.ts";
import { fabric, paint, tiles } from "./photos.material.ts";
import type { Lamp } from "./photos.room.ts";
import { boards, CABINETS, downlights, FABRICS, mainWindow, type Plan, shell } from "./photos.room-plan.ts";

/** A kitchen: a run of units with worktop, sink and hob, tiles behind, often an island with stools. */
export function kitchen(random: Random): Plan {
  const floor = random.chance(0.5)
    ? boards(random)
    : tiles(rgb(random.pick(["#d6d2ca", "#9a958d", "#5a5855", "#e4e0d8"])), 0.6, rgb("#8a867f"));
  const room = shell(random, [3.6, 5, 4.2, 5.8], floor, []);
  const spot = (wall: Spot["wall"], along: number, out = 0): Spot => ({ wall, along, out, room });
  const cabinetColor = random.pick(CABINETS);
  const front = fronts(
    cabinetColor,
    random.range(0.45, 0.6),
    random.chance(0.5) ? rgb("#2a2a2a") : rgb("#b9b6ae"),
    0.1,
    random.chance(0.4),
  );
  const carcass = paint(cabinetColor);
  const worktop = random.pick(WORKTOPS);
  const runLength = room.width - 0.02;
  const fridge = random.chance(0.6);
  const runStart = fridge ? 0.7 : 0;
  room.windows.push(
    mainWindow(random, room, random.chance(0.6) ? "back" : random.pick(["left", "right"] as const), false),
  );
  const main = room.windows[0]!;
  // The window sits above the worktop when it is on the back wall.
  if (main.wall === "back") {
    main.v0 = 1.05;
    main.v1 = Math.min(room.height - 0.3, 2.2);
  }
  const sinkAt = main.wall === "back" ? (main.u0 + main.u1) / 2 - runStart : runLength * 0.3;
  const pieces: Piece[] = [
    ...place(
      spot("back", runStart),
      kitchenRun(
        runLength - runStart,
        front,
        worktop,
        carcass,
        sinkAt,
        Math.min(runLength - runStart - 0.6, sinkAt + 1.4),
      ),
    ),
  ];
  if (fridge)
    pieces.push(
      ...place(spot("back", 0), [
        {
          box: { x0: 0, x1: 0.68, y0: 0, y1: 2.2, z0: 0, z1: 0.62 },
          look: { sides: carcass, front: fronts(cabinetColor, 0.68, rgb("#b9b6ae"), 0.08) },
        },
      ]),
    );
  if (main.wall !== "back") {
    pieces.push(
      ...place(spot("back", runStart + 0.2), [
        wallUnits(runLength - runStart - 0.4, fronts(cabinetColor, 0.5, rgb("#b9b6ae"), 0), carcass),
      ]),
    );
  }
  // Tiles behind the worktop.
  const splash = tiles(
    rgb(random.pick(["#f2f1ed", "#cfd8d6", "#2f3d46", "#e6dccf", "#9fb0a8"])),
    0.075,
    rgb("#c9c6bf"),
    false,
    0.15,
  );
  const walls = room.walls;
  room.feature = {
    wall: "back",
    material: (u, v, fu, fv, out) =>
      v > 0.92 && v < 1.5 ? splash(u, v, fu, fv, out) : walls(u, v, fu, fv, out),
  };
  const plants = [];
  const lamps: Lamp[] = [];
  if (room.depth > 4.6) {
    const islandWidth = Math.min(room.width - 1.8, random.range(1.6, 2.4));
    const ix = (room.width - islandWidth) / 2;
    const iz = room.depth - 0.62 - 1.1 - 0.9;
    pieces.push(
      ...place(
        spot("free", ix, iz),
        kitchenRun(islandWidth, paint(cabinetColor), worktop, carcass).map(
          (piece) => turn([piece], 0.62)[0]!,
        ),
      ),
    );
    const seat = fabric(random.pick(FABRICS));
    for (let index = 0; index < Math.floor(islandWidth / 0.6); index += 1) {
      pieces.push(...place(spot("free", ix + 0.15 + index * 0.6, iz - 0.45), stool(seat)));
    }
    const shade = random.pick([rgb("#2a2a2a"), rgb("#d8d2c4"), rgb("#8a6a4a")]);
    for (let index = 0; index < 2; index += 1) {
      const lamp = pendant(ix + islandWidth * (0.3 + index * 0.4), iz + 0.31, room.height, 0.75, shade, true);
      pieces.push(...lamp.pieces);
      lamps.push(...lamp.lamps);
    }
  } else {
    plants.push({ x: room.width - 0.5, z: 0.9, height: 0.9 });
    room.downlights = downlights(random, room);
  }
  return { room, pieces, lamps, plants };
}
