import {
  type Camera,
  type PlanePoint,
  planeLookup,
  projectPolygon,
  type Vec3,
  vec,
} from "./photos.camera.ts";
import { faceLight, type Light } from "./photos.light.ts";
import { createSample, type Material } from "./photos.material.ts";
import type { Random } from "./photos.random.ts";
import { type Canvas, createMask, fillPolygon, type Mask, maskAt } from "./photos.raster.ts";

// A scene being drawn: the canvas, the camera, the light, and the mask of where the sun's shadows fall on the
// screen (drawn before the surfaces that receive them). Surfaces are drawn back to front.

export type Scene = {
  canvas: Canvas;
  camera: Camera;
  light: Light;
  random: Random;
  /** 1 where the sun is blocked, as seen on screen (ground shadows of the house, trees, furniture). */
  shadow: Mask;
};

/** A flat polygon in the world with a material laid on its plane (origin and unit axes u, v). */
export type Face = {
  corners: readonly Vec3[];
  origin: Vec3;
  u: Vec3;
  v: Vec3;
  material: Material;
  /** Extra occlusion by plane coordinates (corners, contact with the floor), 1 = open. */
  occlusion?: (u: number, v: number) => number;
  /** Reads the scene's shadow mask (ground, floors); faces that cast it must not. */
  receivesShadow?: boolean;
  /** Pushes the edges out by this many pixels so neighbouring faces of one solid close without seams. */
  grow?: number;
  /** Less than 1 lets what is behind show through (glass balustrades). */
  opacity?: number;
};

/** A scene with an empty shadow mask. */
export function createScene(canvas: Canvas, camera: Camera, light: Light, random: Random): Scene {
  return { canvas, camera, light, random, shadow: createMask(canvas.width, canvas.height) };
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
  const { camera, light, canvas, shadow } = scene;
  const points = projectPolygon(camera, face.corners);
  if (points.length < 6) return;
  const normal = visibleNormal(camera, face);
  const { direct, ambient } = faceLight(light, normal);
  const lookup = planeLookup(camera, face.origin, face.u, face.v);
  const point: PlanePoint = { u: 0, v: 0, fu: 0, fv: 0, depth: 0 };
  const sample = createSample();
  const { material, occlusion, receivesShadow } = face;
  const haze = light.horizon;
  const hazeDistance = light.hazeDistance;
  fillPolygon(
    canvas,
    grow(points, face.grow ?? 0.35),
    (x, y, paint) => {
      lookup(x, y, point);
      sample.er = 0;
      sample.eg = 0;
      sample.eb = 0;
      sample.occlusion = 1;
      sample.sunlit = 1;
      material(point.u, point.v, point.fu, point.fv, sample);
      const sun = sample.sunlit * (receivesShadow ? 1 - maskAt(shadow, x, y) : 1);
      const ao = sample.occlusion * (occlusion ? occlusion(point.u, point.v) : 1);
      const h = point.depth / (point.depth + hazeDistance);
      const k = 1 - h;
      paint.r = (sample.r * (direct.r * sun + ambient.r) * ao + sample.er) * k + haze.r * h;
      paint.g = (sample.g * (direct.g * sun + ambient.g) * ao + sample.eg) * k + haze.g * h;
      paint.b = (sample.b * (direct.b * sun + ambient.b) * ao + sample.eb) * k + haze.b * h;
    },
    face.opacity ?? 1,
  );
}

/** A polygon's points pushed away from its centre by `pixels`. */
function grow(points: number[], pixels: number): number[] {
  if (pixels === 0) return points;
  const count = points.length / 2;
  let cx = 0;
  let cy = 0;
  for (let index = 0; index < points.length; index += 2) {
    cx += points[index]! / count;
    cy += points[index + 1]! / count;
  }
  const result: number[] = [];
  for (let index = 0; index < points.length; index += 2) {
    const dx = points[index]! - cx;
    const dy = points[index + 1]! - cy;
    const length = Math.hypot(dx, dy) || 1;
    result.push(points[index]! + (dx / length) * pixels, points[index + 1]! + (dy / length) * pixels);
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

/**
 * A box from (x0, y0, z0) to (x1, y1, z1) with the faces the camera sees: canopies, balconies, garden walls,
 * steps, furniture. `sides` colours the vertical faces and `top` the upper one (the underside uses `sides`).
 */
export function drawBox(
  scene: Scene,
  box: { x0: number; x1: number; y0: number; y1: number; z0: number; z1: number },
  sides: Material,
  top: Material = sides,
  occlusion?: (u: number, v: number) => number,
) {
  const { x0, x1, y0, y1, z0, z1 } = box;
  const { camera } = scene;
  const faces: Face[] = [
    {
      corners: [vec(x1, y0, z1), vec(x0, y0, z1), vec(x0, y1, z1), vec(x1, y1, z1)],
      origin: vec(x1, 0, z1),
      u: vec(-1, 0, 0),
      v: vec(0, 1, 0),
      material: sides,
      occlusion,
    },
    {
      corners: [vec(x0, y0, z1), vec(x0, y0, z0), vec(x0, y1, z0), vec(x0, y1, z1)],
      origin: vec(x0, 0, z1),
      u: vec(0, 0, -1),
      v: vec(0, 1, 0),
      material: sides,
      occlusion,
    },
    {
      corners: [vec(x1, y0, z0), vec(x1, y0, z1), vec(x1, y1, z1), vec(x1, y1, z0)],
      origin: vec(x1, 0, z0),
      u: vec(0, 0, 1),
      v: vec(0, 1, 0),
      material: sides,
      occlusion,
    },
    {
      corners: [vec(x0, y0, z0), vec(x1, y0, z0), vec(x1, y1, z0), vec(x0, y1, z0)],
      origin: vec(x0, 0, z0),
      u: vec(1, 0, 0),
      v: vec(0, 1, 0),
      material: sides,
      occlusion,
    },
    {
      corners: [vec(x0, y0, z0), vec(x1, y0, z0), vec(x1, y0, z1), vec(x0, y0, z1)],
      origin: vec(0, y0, 0),
      u: vec(1, 0, 0),
      v: vec(0, 0, -1),
      material: sides,
    },
    {
      corners: [vec(x0, y1, z0), vec(x1, y1, z0), vec(x1, y1, z1), vec(x0, y1, z1)],
      origin: vec(0, y1, 0),
      u: vec(1, 0, 0),
      v: vec(0, 0, 1),
      material: top,
    },
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
