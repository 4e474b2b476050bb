// A pinhole camera held level, as property photographers do (upright walls, no converging verticals); the
// frame is shifted up or down instead of tilting, like a shift lens. World units are metres, y points up.

export type Vec3 = { x: number; y: number; z: number };

export type Camera = {
  position: Vec3;
  /** Unit vectors of the view: right, up and forward. */
  right: Vec3;
  up: Vec3;
  forward: Vec3;
  /** Focal length in pixels and the pixel the view axis goes through. */
  focal: number;
  cx: number;
  cy: number;
};

/**
 * Where a plane's pixel lies: its plane coordinates (metres along the plane's axes), how many metres of u and
 * of v one pixel spans there (for filtering textures), and its distance ahead.
 */
export type PlanePoint = { u: number; v: number; fu: number; fv: number; depth: number };
/** Fills `out` with the plane point seen at pixel (x, y). */
export type PlaneLookup = (x: number, y: number, out: PlanePoint) => void;

const NEAR = 0.05;

/** A vector from components. */
export function vec(x: number, y: number, z: number): Vec3 {
  return { x, y, z };
}

/**
 * A level camera at `position` looking along the compass direction `yaw` (radians; 0 looks along +z, positive
 * turns towards +x), with a horizontal field of view in degrees; `shift` moves the frame up (a fraction of
 * the height) to keep roofs or ceilings in view without tilting.
 */
export function createCamera(options: {
  position: Vec3;
  yaw: number;
  fov: number;
  width: number;
  height: number;
  shift?: number;
}): Camera {
  const { position, yaw, fov, width, height, shift = 0 } = options;
  const focal = width / 2 / Math.tan((fov * Math.PI) / 360);
  return {
    position,
    right: vec(Math.cos(yaw), 0, -Math.sin(yaw)),
    up: vec(0, 1, 0),
    forward: vec(Math.sin(yaw), 0, Math.cos(yaw)),
    focal,
    cx: width / 2,
    cy: height / 2 + shift * height,
  };
}

function dot(a: Vec3, b: Vec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

function toView(camera: Camera, point: Vec3): Vec3 {
  const d = vec(point.x - camera.position.x, point.y - camera.position.y, point.z - camera.position.z);
  return vec(dot(d, camera.right), dot(d, camera.up), dot(d, camera.forward));
}

/** The pixel a world point is seen at (the point must be in front of the camera). */
export function project(camera: Camera, point: Vec3): [number, number] {
  const v = toView(camera, point);
  return [camera.cx + (camera.focal * v.x) / v.z, camera.cy - (camera.focal * v.y) / v.z];
}

/** Distance of a world point ahead of the camera. */
export function depthOf(camera: Camera, point: Vec3): number {
  return toView(camera, point).z;
}

/** A world polygon as screen points [x0, y0, x1, y1, ...], cut where it passes behind the camera. */
export function projectPolygon(camera: Camera, points: readonly Vec3[]): number[] {
  const view = points.map((point) => toView(camera, point));
  const clipped: Vec3[] = [];
  for (let index = 0; index < view.length; index += 1) {
    const a = view[index]!;
    const b = view[(index + 1) % view.length]!;
    if (a.z >= NEAR) clipped.push(a);
    if (a.z >= NEAR !== b.z >= NEAR) {
      const t = (NEAR - a.z) / (b.z - a.z);
      clipped.push(vec(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, NEAR));
    }
  }
  const result: number[] = [];
  for (const v of clipped)
    result.push(camera.cx + (camera.focal * v.x) / v.z, camera.cy - (camera.focal * v.y) / v.z);
  return result;
}

/**
 * The inverse of the perspective mapping of the plane through `origin` spanned by unit axes `u` and `v`:
 * for any pixel, where on the plane it looks and how far away that is (textures stay in true perspective).
 */
export function planeLookup(camera: Camera, origin: Vec3, u: Vec3, v: Vec3): PlaneLookup {
  const { focal, cx, cy } = camera;
  const column = (d: Vec3) => {
    const x = dot(d, camera.right);
    const y = dot(d, camera.up);
    const z = dot(d, camera.forward);
    return [focal * x + cx * z, -focal * y + cy * z, z] as const;
  };
  const o = vec(origin.x - camera.position.x, origin.y - camera.position.y, origin.z - camera.position.z);
  const [a, d, g] = column(u);
  const [b, e, h] = column(v);
  const [c, f, i] = column(o);
  // The inverse of [[a b c] [d e f] [g h i]] by cofactors; its scale does not matter (homogeneous).
  const A = e * i - f * h;
  const B = c * h - b * i;
  const C = b * f - c * e;
  const D = f * g - d * i;
  const E = a * i - c * g;
  const F = c * d - a * f;
  const G = d * h - e * g;
  const H = b * g - a * h;
  const I = a * e - b * d;
  const det = a * A + b * D + c * G;
  return (x, y, out) => {
    const w = G * x + H * y + I;
    const u = (A * x + B * y + C) / w;
    const v = (D * x + E * y + F) / w;
    out.u = u;
    out.v = v;
    out.fu = Math.max(Math.abs((A - u * G) / w), Math.abs((B - u * H) / w));
    out.fv = Math.max(Math.abs((D - v * G) / w), Math.abs((E - v * H) / w));
    out.depth = det / w;
  };
}

/** The unit direction in the world of the ray through pixel (x, y). */
export function rayDirection(camera: Camera, x: number, y: number, out: Vec3) {
  const dx = (x - camera.cx) / camera.focal;
  const dy = (camera.cy - y) / camera.focal;
  const { right, up, forward } = camera;
  out.x = right.x * dx + up.x * dy + forward.x;
  out.y = right.y * dx + up.y * dy + forward.y;
  out.z = right.z * dx + up.z * dy + forward.z;
  const length = Math.hypot(out.x, out.y, out.z);
  out.x /= length;
  out.y /= length;
  out.z /= length;
}
