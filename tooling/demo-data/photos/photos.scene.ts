import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import {
  type Camera,
  type PlanePoint,
  planeLookup,
  projectPolygon,
  type Vec3,
  vec,
} from "./photos.camera.ts";
import type { Rgb } from "./photos.color.ts";
import { faceLight, type Light } from "./photos.light.ts";
import { createSample, type Material, type Sample } from "./photos.material.ts";
import { type Canvas, createMask, fillPolygon, type Mask, maskAt } from "./photos.raster.ts";

// A scene being drawn: the canvas, the camera, the light, and the mask of where the sun's shadows fall on the
// screen (drawn before the surfaces that receive them). Surfaces are queued back to front, drawn front to
// back.

export type Scene = {
  canvas: Canvas;
  camera: Camera;
  light: Light;
  random: Random;
  /** 1 where the sun is blocked, as seen on screen (ground shadows of the house, trees, furniture). */
  shadow: Mask;
  /**
   * Drawing units, queued in the order a painter would lay them (farthest first) and run in reverse by
   * `finish`: nearest first, so hidden pixels are skipped (see photos.raster.ts).
   */
  queue: (() => void)[];
  /**
   * Indoors, light is not one sun and one sky: it is the light at a world point on a surface facing `n`
   * (windows, lamps), written into `out`. Outdoors this is absent and the scene's light applies.
   */
  illuminate?: (x: number, y: number, z: number, n: Vec3, out: Rgb) => void;
  /** Indoors, where sunlight through a window falls (1) on the floor, as seen on screen. */
  sunPatch?: Mask;
};

/**
 * Darkens a sample by where it lies on its face (multiplying `sample.occlusion`). It writes rather than
 * returns: a number returned from a closure called per pixel is a heap allocation, and the garbage adds up.
 */
export type Occlusion = (u: number, v: number, sample: Sample) => void;

/** A flat polygon in the world with a material laid on its plane (origin and unit axes u, v). */
export type Face = {
  corners: readonly Vec3[];
  origin: Vec3;
  u: Vec3;
  v: Vec3;
  material: Material;
  /**
   * Extra occlusion by plane coordinates (corners, contact with the floor): multiplies `sample.occlusion`.
   */
  occlusion?: Occlusion;
  /** Reads the scene's shadow mask (ground, floors); faces that cast it must not. */
  receivesShadow?: boolean;
  /** Pushes the edges out by this many pixels so neighbouring faces of one solid close without seams. */
  grow?: number;
  /** Less than 1 lets what is behind show through (glass balustrades). */
  opacity?: number;
  /** Indoors: lit by the scene's sun patch (floors). */
  receivesSun?: boolean;
};

/** A scene with an empty shadow mask. */
export function createScene(canvas: Canvas, camera: Camera, light: Light, random: Random): Scene {
  return { canvas, camera, light, random, shadow: createMask(canvas.width, canvas.height), queue: [] };
}

/** Queues a drawing unit; within it, draw what is nearer first. */
export function later(scene: Scene, unit: () => void) {
  scene.queue.push(unit);
}

/** Runs the queued drawing, nearest first. */
export function finish(scene: Scene) {
  for (let index = scene.queue.length - 1; index >= 0; index -= 1) scene.queue[index]!();
  scene.queue.length = 0;
}

export function add(a: Vec3, b: Vec3): Vec3 {
  return vec(a.x + b.x, a.y + b.y, a.z + b.z);
}
export function sub(a: Vec3, b: Vec3): Vec3 {
  return vec(a.x - b.x, a.y - b.y, a.z - b.z);
}
export function times(a: Vec3, k: number): Vec3 {
  return vec(a.x * k, a.y * k, a.z * k);
}
export function cross(a: Vec3, b: Vec3): Vec3 {
  return vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
export function dot3(a: Vec3, b: Vec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
export function unit(a: Vec3): Vec3 {
  const length = Math.hypot(a.x, a.y, a.z);
  return vec(a.x / length, a.y / length, a.z / length);
}

/** Whether the side of a face with outward normal `normal` through `point` faces the camera. */
export function facesCamera(camera: Camera, point: Vec3, normal: Vec3): boolean {
  return dot3(normal, sub(camera.position, point)) > 0;
}

/** The normal of a face's plane, turned towards the camera. */
function visibleNormal(camera: Camera, face: Face): Vec3 {
  const n = unit(cross(face.v, face.u));
  return facesCamera(camera, face.origin, n) ? n : times(n, -1);
}

/** Draws a face lit by the scene's light: sun (unless shadowed) plus sky, with haze over distance. */
export function drawFace(scene: Scene, face: Face) {
  later(scene, () => drawFaceNow(scene, face));
}

function drawFaceNow(scene: Scene, face: Face) {
  const { camera, light, canvas, shadow } = scene;
  const points = projectPolygon(camera, face.corners);
  if (points.length < 6) return;
  const normal = visibleNormal(camera, face);
  if (scene.illuminate) {
    drawIndoorFace(scene, face, points, normal);
    return;
  }
  const { direct, ambient } = faceLight(light, normal);
  const lookup = planeLookup(camera, face.origin, face.u, face.v);
  const point: PlanePoint = { u: 0, v: 0, fu: 0, fv: 0, depth: 0 };
  const sample = createSample();
  const { material, occlusion, receivesShadow } = face;
  const haze = light.horizon;
  const hazeDistance = light.hazeDistance;
  fillPolygon(
    canvas,
    grow(points, face.grow ?? 0.4),
    (x, y, paint) => {
      lookup(x, y, point);
      evaluate(material, point, sample);
      paint.a = sample.alpha;
      const sun = sample.sunlit * (receivesShadow ? 1 - maskAt(shadow, x, y) : 1);
      if (occlusion) occlusion(point.u, point.v, sample);
      const ao = sample.occlusion;
      const h = point.depth / (point.depth + hazeDistance);
      const k = 1 - h;
      paint.r = (sample.r * (direct.r * sun + ambient.r) * ao + sample.er) * k + haze.r * h;
      paint.g = (sample.g * (direct.g * sun + ambient.g) * ao + sample.eg) * k + haze.g * h;
      paint.b = (sample.b * (direct.b * sun + ambient.b) * ao + sample.eb) * k + haze.b * h;
    },
    face.opacity ?? 1,
  );
}

/** Fills `sample` from a fresh start with the material at a plane point. */
function evaluate(material: Material, point: PlanePoint, sample: Sample) {
  sample.er = 0;
  sample.eg = 0;
  sample.eb = 0;
  sample.occlusion = 1;
  sample.sunlit = 1;
  sample.alpha = 1;
  material(point.u, point.v, point.fu, point.fv, sample);
}

/** A face lit by the room's light: windows and lamps, the sun patch, contact shadows from the mask. */
function drawIndoorFace(scene: Scene, face: Face, points: number[], normal: Vec3) {
  const { camera, canvas, shadow, light } = scene;
  const illuminate = scene.illuminate!;
  const sunPatch = scene.sunPatch;
  const lookup = planeLookup(camera, face.origin, face.u, face.v);
  const point: PlanePoint = { u: 0, v: 0, fu: 0, fv: 0, depth: 0 };
  const sample = createSample();
  const lit: Rgb = { r: 0, g: 0, b: 0 };
  const { material, occlusion, receivesShadow, receivesSun, origin, u: axisU, v: axisV } = face;
  const facing = Math.max(0, normal.x * light.sun.x + normal.y * light.sun.y + normal.z * light.sun.z);
  const sunR = light.sunColor.r * facing;
  const sunG = light.sunColor.g * facing;
  const sunB = light.sunColor.b * facing;
  // Room light changes slowly across a surface: it is worked out for every third pixel of a row.
  let litX = -10;
  let litY = -1;
  fillPolygon(
    canvas,
    grow(points, face.grow ?? 0.4),
    (x, y, paint) => {
      lookup(x, y, point);
      evaluate(material, point, sample);
      paint.a = sample.alpha;
      if (sample.alpha <= 0) return;
      const pu = point.u;
      const pv = point.v;
      if (y !== litY || x - litX > 2.5) {
        illuminate(
          origin.x + axisU.x * pu + axisV.x * pv,
          origin.y + axisU.y * pu + axisV.y * pv,
          origin.z + axisU.z * pu + axisV.z * pv,
          normal,
          lit,
        );
        litX = x;
        litY = y;
      }
      if (occlusion) occlusion(pu, pv, sample);
      const ao = sample.occlusion * (receivesShadow ? 1 - 0.7 * maskAt(shadow, x, y) : 1);
      const sun = receivesSun && sunPatch ? maskAt(sunPatch, x, y) * sample.sunlit : 0;
      paint.r = sample.r * (lit.r * ao + sunR * sun) + sample.er;
      paint.g = sample.g * (lit.g * ao + sunG * sun) + sample.eg;
      paint.b = sample.b * (lit.b * ao + sunB * sun) + sample.eb;
    },
    face.opacity ?? 1,
  );
}

/**
 * A convex polygon with every edge moved `pixels` outwards (along its normal, corners mitred), so faces of
 * one solid overlap a little and no background shows through the seams of their anti-aliased edges.
 */
function grow(points: number[], pixels: number): number[] {
  const count = points.length / 2;
  if (pixels === 0 || count < 3) return points;
  // The winding decides which side of an edge is outside.
  let area = 0;
  for (let index = 0; index < count; index += 1) {
    const next = (index + 1) % count;
    area += points[index * 2]! * points[next * 2 + 1]! - points[next * 2]! * points[index * 2 + 1]!;
  }
  const outward = area > 0 ? -1 : 1;
  const normals: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const next = (index + 1) % count;
    const dx = points[next * 2]! - points[index * 2]!;
    const dy = points[next * 2 + 1]! - points[index * 2 + 1]!;
    const length = Math.hypot(dx, dy) || 1;
    normals.push((dy / length) * outward, (-dx / length) * outward);
  }
  const result: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const previous = (index + count - 1) % count;
    const nx = normals[previous * 2]! + normals[index * 2]!;
    const ny = normals[previous * 2 + 1]! + normals[index * 2 + 1]!;
    const dot =
      normals[previous * 2]! * normals[index * 2]! + normals[previous * 2 + 1]! * normals[index * 2 + 1]!;
    // Mitre: along the sum of the two normals, far enough that both edges move by `pixels` (capped at sharp
    // corners).
    const scale = pixels / Math.max(0.3, 1 + dot);
    result.push(points[index * 2]! + nx * scale, points[index * 2 + 1]! + ny * scale);
  }
  return result;
}

/** A vertical rectangle from a to b (on the ground plan) between heights bottom and top, u along a→b. */
export function wall(a: Vec3, b: Vec3, bottom: number, top: number, material: Material): Face {
  const u = unit(vec(b.x - a.x, 0, b.z - a.z));
  return {
    corners: [vec(a.x, bottom, a.z), vec(b.x, bottom, b.z), vec(b.x, top, b.z), vec(a.x, top, a.z)],
    origin: vec(a.x, 0, a.z),
    u,
    v: vec(0, 1, 0),
    material,
  };
}

/** A horizontal rectangle at height y over [x0, x1] × [z0, z1]; u along x, v along z. */
export function level(x0: number, x1: number, z0: number, z1: number, y: number, material: Material): Face {
  return {
    corners: [vec(x0, y, z0), vec(x1, y, z0), vec(x1, y, z1), vec(x0, y, z1)],
    origin: vec(0, y, 0),
    u: vec(1, 0, 0),
    v: vec(0, 0, 1),
    material,
  };
}

/** The materials of a box's faces: `sides` for any face not named. */
export type BoxLook = {
  sides: Material;
  top?: Material;
  bottom?: Material;
  /** The face towards -z (towards the street, or the camera in a room). */
  front?: Material;
  back?: Material;
  left?: Material;
  right?: Material;
  occlusion?: Occlusion;
  opacity?: number;
  /** Rounds the edges (metres): upholstery and cushions curve away from the light towards their edges. */
  bevel?: number;
};

/** A box's extent. */
export type Extent = { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number };

/**
 * A box with the faces the camera sees: canopies, garden walls, steps, furniture. Each face's plane
 * coordinates start at its lower left corner as seen from outside, so a drawer front's u and v are its own.
 */
export function drawBox(scene: Scene, box: Extent, look: BoxLook) {
  const { x0, x1, y0, y1, z0, z1 } = box;
  const { camera } = scene;
  const { sides, opacity, bevel = 0 } = look;
  const sizes = [x1 - x0, z1 - z0, z1 - z0, x1 - x0, x1 - x0, x1 - x0];
  const heights = [y1 - y0, y1 - y0, y1 - y0, y1 - y0, z1 - z0, z1 - z0];
  const rounded = (index: number) => {
    const width = sizes[index]!;
    const height = heights[index]!;
    const radius = Math.min(bevel, width / 2, height / 2);
    if (radius <= 0) return look.occlusion;
    const base = look.occlusion;
    return (u: number, v: number, sample: Sample) => {
      const edge = Math.min(u, width - u, Math.abs(v), height - Math.abs(v));
      if (edge < radius) sample.occlusion *= 0.72 + 0.28 * Math.sqrt(Math.max(0, edge) / radius);
      if (base) base(u, v, sample);
    };
  };

  const face = (corners: Vec3[], u: Vec3, v: Vec3, material: Material | undefined, index: number): Face => ({
    corners,
    origin: corners[0]!,
    u,
    v,
    material: material ?? sides,
    occlusion: rounded(index),
    opacity,
  });
  const [p000, p100, p010, p110] = [vec(x0, y0, z0), vec(x1, y0, z0), vec(x0, y1, z0), vec(x1, y1, z0)];
  const [p001, p101, p011, p111] = [vec(x0, y0, z1), vec(x1, y0, z1), vec(x0, y1, z1), vec(x1, y1, z1)];
  const [east, west, up, north, south] = [
    vec(1, 0, 0),
    vec(-1, 0, 0),
    vec(0, 1, 0),
    vec(0, 0, 1),
    vec(0, 0, -1),
  ];
  const faces: Face[] = [
    face([p101, p001, p011, p111], west, up, look.back, 0),
    face([p001, p000, p010, p011], south, up, look.left, 1),
    face([p100, p101, p111, p110], north, up, look.right, 2),
    face([p000, p100, p110, p010], east, up, look.front, 3),
    face([p001, p101, p100, p000], east, south, look.bottom, 4),
    face([p010, p110, p111, p011], east, north, look.top, 5),
  ];
  for (const face of faces) {
    const normal = unit(cross(face.v, face.u));
    const centre = vec(
      face.corners.reduce((sum, p) => sum + p.x, 0) / 4,
      face.corners.reduce((sum, p) => sum + p.y, 0) / 4,
      face.corners.reduce((sum, p) => sum + p.z, 0) / 4,
    );
    if (facesCamera(camera, centre, normal)) drawFace(scene, face);
  }
}
