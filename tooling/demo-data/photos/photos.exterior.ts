import { createRandom, type Random } from "#tooling/demo-data/demo-data.random.ts";
import { type Camera, createCamera, depthOf, project, type Vec3, vec } from "./photos.camera.ts";
import type { Grade } from "./photos.finish.ts";
import { castTreeShadow, drawTree, drawTreeLine } from "./photos.foliage.ts";
import { drawGround } from "./photos.ground.ts";
import { type Block, castBlockShadows, castShadow, drawBlock, outline } from "./photos.house.ts";
import { aimSun, createLight, type Light } from "./photos.light.ts";
import { blurMask, type Canvas, createCanvas } from "./photos.raster.ts";
import { createScene, drawBox, finish, later, type Scene } from "./photos.scene.ts";
import type { Prop, Site, Style } from "./photos.site.ts";
import { drawSky } from "./photos.sky.ts";
import { apartmentsStyle } from "./photos.style-apartments.ts";
import { cabinStyle } from "./photos.style-cabin.ts";
import { modernStyle } from "./photos.style-modern.ts";
import { suburbanStyle } from "./photos.style-suburban.ts";
import { terraceStyle } from "./photos.style-terrace.ts";
import { villaStyle } from "./photos.style-villa.ts";

// A house photographed from its garden or the street, the way agents shoot covers: camera at eye height, held
// level, two walls in view, on a good day (mostly). The seed picks the style, then the style's proportions,
// materials and planting, the light and the viewpoint.

const STYLES: readonly Style[] = [
  suburbanStyle,
  modernStyle,
  terraceStyle,
  villaStyle,
  cabinStyle,
  apartmentsStyle,
];

/** The exterior photo for `seed`, as a linear-light canvas and the grade to develop it with. */
export function exteriorPhoto(seed: number, width: number, height: number): { canvas: Canvas; grade: Grade } {
  const random = createRandom(seed * 7919 + 17);
  const style = STYLES[seed % STYLES.length]!;
  // The newest demo listings (the lowest seeds) are the first a visitor sees: bright days, like a portal's
  // front page. Later seeds of a style step through its other lights.
  const lightName =
    seed < 2 * STYLES.length
      ? random.pick(["midday", "afternoon", "afternoon"] as const)
      : style.lights[(Math.floor(seed / STYLES.length) * 5 + random.int(0, 2)) % style.lights.length]!;
  const light = createLight(lightName, 0, random);
  const site = style.build(random, light);
  const side = random.chance(0.5) ? 1 : -1;
  const angle = site.angle * side;
  const camX = site.target.x + Math.sin(angle) * site.distance;
  const camZ = site.target.z - Math.cos(angle) * site.distance;
  const yaw = Math.atan2(site.target.x - camX, site.target.z - camZ);
  const backlit = lightName === "golden" && random.chance(0.3);
  aimSun(light, yaw + (backlit ? random.range(-0.7, 0.7) : Math.PI + side * random.range(0.25, 1.1)));
  const position = vec(camX, site.eye, camZ);
  const camera = frame(position, yaw, site, width, height, random);
  const canvas = createCanvas(width, height);
  const scene = createScene(canvas, camera, light, random);
  later(scene, () => drawSky(canvas, camera, light, random, camera.cy + 2));
  for (const [index, band] of site.horizon.entries()) {
    drawTreeLine(scene, band.distance, band.height, band.leaves, (seed % 97) + index * 13);
  }
  castBlockShadows(scene, site.blocks);
  for (const prop of site.props) castShadow(scene, corners(prop.box));
  for (const tree of site.trees) castTreeShadow(scene, tree);
  blurMask(scene.shadow, (2.5 * width) / 1600);
  later(scene, () => drawGround(scene, site.lawn, site.patches, site.footprints));
  drawByDistance(scene, site);
  finish(scene);
  return { canvas, grade: gradeFor(light, random) };
}

/**
 * A level camera whose frame is shifted so the highest corner of the house sits a little below the top edge.
 */
function frame(
  position: Vec3,
  yaw: number,
  site: Site,
  width: number,
  height: number,
  random: Random,
): Camera {
  const level = createCamera({ position, yaw, fov: site.fov, width, height });
  let topY = height;
  for (const point of site.blocks.flatMap(outline)) {
    if (depthOf(level, point) > 1) topY = Math.min(topY, project(level, point)[1]);
  }
  const shift = (topY - height * random.range(0.08, 0.15)) / height;
  // Never so far down that the ground under the camera fills the frame, nor up past the horizon.
  const limited = Math.max(-0.45, Math.min(0.38, -shift));
  return createCamera({ position, yaw, fov: site.fov, width, height, shift: limited });
}

function corners(box: Prop["box"]): Vec3[] {
  const points: Vec3[] = [];
  for (const x of [box.x0, box.x1])
    for (const y of [box.y0, box.y1]) for (const z of [box.z0, box.z1]) points.push(vec(x, y, z));
  return points;
}

/** Blocks, props and trees from the farthest to the nearest (props fixed to a block follow it). */
function drawByDistance(scene: Scene, site: Site) {
  const { camera } = scene;
  const nearest = (x0: number, x1: number, z0: number, z1: number, y: number) =>
    depthOf(camera, vec(clamp(camera.position.x, x0, x1), y, clamp(camera.position.z, z0, z1)));
  const items: { depth: number; draw: () => void }[] = [];
  site.blocks.forEach((block: Block, index) => {
    const attached = site.props.filter((prop) => prop.after === index);
    items.push({
      depth: nearest(block.x0, block.x1, block.z0, block.z1, 1),
      draw: () => {
        drawBlock(scene, block);
        for (const prop of attached) drawBox(scene, prop.box, { sides: prop.sides, top: prop.top });
      },
    });
  });
  for (const prop of site.props) {
    if (prop.after !== undefined) continue;
    const { box } = prop;
    items.push({
      depth: nearest(box.x0, box.x1, box.z0, box.z1, box.y0),
      draw: () => drawBox(scene, box, { sides: prop.sides, top: prop.top }),
    });
  }
  for (const tree of site.trees)
    items.push({ depth: depthOf(camera, tree.base), draw: () => drawTree(scene, tree) });
  items.sort((a, b) => b.depth - a.depth);
  for (const item of items) item.draw();
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function gradeFor(light: Light, random: Random): Grade {
  const warm = light.name === "golden" ? 6 : light.name === "twilight" ? 2 : 0;
  return {
    exposure: light.exposure * random.range(0.93, 1.07),
    balance: light.balance,
    saturation: light.name === "overcast" ? 0.92 : random.range(1.0, 1.12),
    vignette: random.range(0.18, 0.34),
    shadowTint: { r: -1, g: 0, b: 3 },
    highlightTint: { r: 3 + warm, g: 1 + warm / 2, b: -2 },
    lift: random.range(2, 7),
    grain: random.range(2.5, 4),
  };
}
