import { createCamera, depthOf, projectPolygon, type Vec3, vec } from "./photos.camera.ts";
import { type Rgb, rgb, scale } from "./photos.color.ts";
import { bloom, type Grade, meter } from "./photos.finish.ts";
import { drawTree } from "./photos.foliage.ts";
import {
  bath,
  bed,
  bookcase,
  cabinet,
  chair,
  type Furniture,
  fronts,
  kitchenRun,
  type Piece,
  pendant,
  place,
  rug,
  type Spot,
  sofa,
  stool,
  table,
  tableLamp,
  tableTop,
  television,
  toilet,
  turn,
  vanity,
  WORKTOPS,
  wallUnits,
} from "./photos.furniture.ts";
import { aimSun, createLight, type Light } from "./photos.light.ts";
import { fabric, floorboards, type Material, paint, tiles, wood } from "./photos.material.ts";
import { createRandom, type Random } from "./photos.random.ts";
import { blurMask, type Canvas, createCanvas, maskPolygon } from "./photos.raster.ts";
import {
  type Daylight,
  drawRoom,
  type Lamp,
  type Room,
  type RoomWindow,
  roomLight,
  sunOnFloor,
} from "./photos.room.ts";
import { createScene, drawBox, finish, type Scene } from "./photos.scene.ts";

// Rooms photographed the way agents do: from just inside the door, wide lens, camera level at chest height,
// daylight from the windows and the lamps on. The seed picks the room (living room, kitchen, bedroom,
// bathroom, dining room in turn), its size, finishes, furniture and the light of the day.

type Plan = {
  room: Room;
  pieces: Piece[];
  lamps: Lamp[];
  plants: { x: number; z: number; height: number }[];
};

const WALLS = ["#eeeae2", "#e9e4da", "#e2e0da", "#dfe3de", "#e6dfd3", "#f1eee8", "#d9dcd6", "#e8e1d8"].map(
  (hex) => rgb(hex),
);
const ACCENTS = ["#6f8375", "#3f4e5e", "#b77f62", "#c9b9a0", "#8c9aa5", "#2f3a35", "#a98e7a"].map((hex) =>
  rgb(hex),
);
const OAK = [
  ["#b08458", "#a67a50", "#bb8f62", "#9c7048"],
  ["#c9a57c", "#c09b72", "#d2b088", "#b8946b"],
  ["#7a5638", "#6e4c31", "#85603f", "#654529"],
  ["#a9a196", "#9d958a", "#b3aba0", "#948c80"],
].map((tones) => tones.map((hex) => rgb(hex)));
const FABRICS = [
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
const ACCENT_FABRICS = ["#c98b4f", "#5d7a8c", "#b5654a", "#d8c9a3", "#3e5e4e", "#8c6f8f", "#e0d6c2"].map(
  (hex) => rgb(hex),
);
const LINEN = ["#f2f0eb", "#e9e4da", "#dfe3e6", "#ece6dd"].map((hex) => rgb(hex));
const WOOD = ["#8a6442", "#b48a60", "#5e4330", "#c9a982"].map((hex) => rgb(hex));
const CABINETS = ["#f1efea", "#2f3b45", "#6f7f6f", "#d9d4ca", "#3b3b3b", "#a9b4b8"].map((hex) => rgb(hex));
const ART = [
  ["#c9b79c", "#5b6f7a", "#e0d8c8", "#2f3e46"],
  ["#2b2b2b", "#d9cfc1", "#b35c44", "#e8e2d6"],
  ["#8fa3a8", "#dfe6e4", "#4a6670", "#c2b59b"],
  ["#e4c9a8", "#a45a3f", "#f1e9dc", "#6b705c"],
].map((tones) => tones.map((hex) => rgb(hex)));

const ROOMS = [livingRoom, kitchen, bedroom, bathroom, diningRoom] as const;

/** The interior photo for `seed`, as a linear-light canvas and the grade to develop it with. */
export function interiorPhoto(seed: number, width: number, height: number): { canvas: Canvas; grade: Grade } {
  const random = createRandom(seed * 104729 + 3);
  const plan = ROOMS[seed % ROOMS.length]!(random);
  const { room } = plan;
  const evening = random.chance(0.12);
  const sunny = !evening && random.chance(0.5);
  const light = createLight(evening ? "twilight" : sunny ? "afternoon" : "overcast", 0, random);
  const main = room.windows[0]!;
  // The sun comes in through the main window, from above and a little to one side.
  const inward = main.wall === "back" ? Math.PI : main.wall === "left" ? Math.PI / 2 : -Math.PI / 2;
  aimSun(light, inward + Math.PI + random.range(-0.6, 0.6));
  const daylight: Daylight = {
    view: evening ? rgb("#4a5a80") : sunny ? rgb("#dfe8f2") : rgb("#e4e8ee"),
    strength: evening ? 0.15 : sunny ? 2.4 : 1.8,
    sun: sunny ? { direction: light.sun, color: light.sunColor } : undefined,
    evening,
  };
  const cameraX = room.width / 2 + random.range(-0.22, 0.22) * room.width;
  const eye = random.range(1.2, 1.45);
  const position = vec(cameraX, eye, random.range(0.2, 0.4));
  const yaw = Math.atan2(room.width / 2 - cameraX, room.depth) + random.range(-0.1, 0.1);
  const fov = room.width < 3.2 ? random.range(82, 88) : random.range(74, 82);
  const camera = createCamera({ position, yaw, fov, width, height, shift: random.range(-0.06, 0.02) });
  const canvas = createCanvas(width, height);
  const scene = createScene(canvas, camera, light, random);
  const allLamps = [...room.lamps, ...plan.lamps].filter(() => true);
  scene.illuminate = roomLight({ ...room, lamps: allLamps }, daylight);
  sunOnFloor(scene, room, daylight);
  contactShadows(scene, plan.pieces);
  drawRoom(scene, room, daylight);
  const items: { depth: number; draw: () => void }[] = plan.pieces.map((piece) => ({
    depth: nearestDepth(scene, piece),
    draw: () => drawBox(scene, piece.box, piece.look),
  }));
  for (const plant of plan.plants) {
    items.push({
      depth: depthOf(camera, vec(plant.x, 0.3, plant.z)) - 0.2,
      draw: () => drawPlant(scene, plant, daylight),
    });
  }
  items.sort((a, b) => b.depth - a.depth);
  for (const item of items) item.draw();
  finish(scene);
  const exposure = meter(canvas, evening ? 0.16 : 0.24);
  bloom(canvas, exposure, 0.12);
  const grade: Grade = {
    exposure,

    balance: evening ? rgb("#f4f0ff") : sunny ? rgb("#ffffff") : rgb("#fbfcff"),
    saturation: random.range(0.95, 1.08),
    vignette: random.range(0.12, 0.25),
    shadowTint: { r: 0, g: 0, b: 2 },
    highlightTint: { r: 2, g: 1, b: -1 },
    lift: random.range(2, 6),
    grain: random.range(2, 3.5),
  };
  return { canvas, grade };
}

function nearestDepth(scene: Scene, piece: Piece): number {
  const { camera } = scene;
  const { box } = piece;
  const p = camera.position;
  const x = Math.min(box.x1, Math.max(box.x0, p.x));
  const y = Math.min(box.y1, Math.max(box.y0, p.y));
  const z = Math.min(box.z1, Math.max(box.z0, p.z));
  return Math.hypot(x - p.x, y - p.y, z - p.z);
}

/** Soft darkening on the floor round and under everything standing on it. */
function contactShadows(scene: Scene, pieces: Piece[]) {
  for (const { box } of pieces) {
    if (box.y0 > 0.5) continue;
    const grow = box.y0 < 0.05 ? 0.06 : 0.02;
    const corners: Vec3[] = [
      vec(box.x0 - grow, 0, box.z0 - grow),
      vec(box.x1 + grow, 0, box.z0 - grow),
      vec(box.x1 + grow, 0, box.z1 + grow),
      vec(box.x0 - grow, 0, box.z1 + grow),
    ];
    maskPolygon(scene.shadow, projectPolygon(scene.camera, corners), box.y1 < 0.05 ? 0.15 : 0.8);
  }
  blurMask(scene.shadow, (14 * scene.canvas.width) / 1600);
}

function drawPlant(scene: Scene, plant: { x: number; z: number; height: number }, daylight: Daylight) {
  const pot = paint(rgb("#d8d2c6"), 0.05);
  const indoor: Light = {
    ...scene.light,
    sunColor: scale(daylight.view, daylight.strength * 0.6),
    skyLight: scale(daylight.view, daylight.strength * 0.12 + 0.25),
    hazeDistance: 1e9,
  };
  drawTree(
    { ...scene, light: indoor },
    {
      base: vec(plant.x, 0.3, plant.z),
      height: plant.height,
      radius: plant.height * 0.35,
      shape: "shrub",
      leaves: rgb("#3d6b33"),
      id: Math.floor(plant.x * 100 + plant.z * 10),
    },
  );
  // Queued after the leaves, so drawn before them: the pot stands in front of the foliage's foot.
  drawBox(
    scene,
    { x0: plant.x - 0.17, x1: plant.x + 0.17, y0: 0, y1: 0.38, z0: plant.z - 0.17, z1: plant.z + 0.17 },
    { sides: pot },
  );
}

// ---- Rooms ----

function shell(
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

function boards(random: Random): Material {
  return floorboards(random.pick(OAK), random.range(0.14, 0.2));
}

/** The main window: on the back wall or a side wall, a window or glazed doors, with or without curtains. */
function mainWindow(
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

function art(random: Random, wall: "back" | "left" | "right", centre: number, bottom: number, width: number) {
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

function livingRoom(random: Random): Plan {
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

/** A side table with a lamp on it, at a wall spot. */
function side(random: Random, spot: Spot): Furniture {
  const lamp = tableLamp(0.25, 0.25, 0.55, random.pick(LINEN), true);
  return {
    pieces: place(spot, [cabinet(0.5, 0.5, 0.55, wood(random.pick(WOOD))), ...lamp.pieces]),
    lamps: placeLamps(spot, lamp.lamps),
  };
}

function placeLamps(spot: Spot, lamps: Lamp[]): Lamp[] {
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

function downlights(random: Random, room: Room): [number, number][] {
  if (random.chance(0.4)) return [];
  const lights: [number, number][] = [];
  for (const z of [room.depth * 0.3, room.depth * 0.7]) lights.push([room.width / 2, z]);

  return lights;
}

function collect(room: Room, pieces: Piece[], furniture: Furniture[], plants: Plan["plants"]): Plan {
  return {
    room,
    pieces: [...pieces, ...furniture.flatMap((item) => item.pieces)],
    lamps: furniture.flatMap((item) => item.lamps),
    plants,
  };
}

function kitchen(random: Random): Plan {
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

function bedroom(random: Random): Plan {
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

function bedside(random: Random, spot: Spot): Furniture {
  const lamp = tableLamp(0.25, 0.22, 0.55, random.pick(LINEN), true);
  return {
    pieces: place(spot, [
      cabinet(0.5, 0.42, 0.55, wood(random.pick(WOOD)), fronts(random.pick(WOOD), 0.5, rgb("#b9b6ae"), 0.05)),
      ...lamp.pieces,
    ]),
    lamps: placeLamps(spot, lamp.lamps),
  };
}

function bathroom(random: Random): Plan {
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

function diningRoom(random: Random): Plan {
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
