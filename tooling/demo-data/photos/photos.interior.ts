import { createRandom } from "#tooling/demo-data/demo-data.random.ts";
import { createCamera, depthOf, projectPolygon, type Vec3, vec } from "./photos.camera.ts";
import { rgb, scale } from "./photos.color.ts";
import { bloom, type Grade, meter } from "./photos.finish.ts";
import { drawTree } from "./photos.foliage.ts";
import type { Piece } from "./photos.furniture.ts";
import { aimSun, createLight, type Light } from "./photos.light.ts";
import { paint } from "./photos.material.ts";
import { blurMask, type Canvas, createCanvas, maskPolygon } from "./photos.raster.ts";
import { type Daylight, drawRoom, roomLight, sunOnFloor } from "./photos.room.ts";
import { bathroom } from "./photos.room-bathroom.ts";
import { bedroom } from "./photos.room-bedroom.ts";
import { diningRoom } from "./photos.room-dining.ts";
import { kitchen } from "./photos.room-kitchen.ts";
import { livingRoom } from "./photos.room-living.ts";
import { createScene, drawBox, finish, type Scene } from "./photos.scene.ts";

// Rooms photographed the way agents do: from just inside the door, wide lens, camera level at chest height,
// daylight from the windows and the lamps on. The seed picks the room (living room, kitchen, bedroom,
// bathroom, dining room in turn), its size, finishes, furniture and the light of the day.

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
  const allLamps = [...room.lamps, ...plan.lamps];
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
