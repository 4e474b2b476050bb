import type { Vec3 } from "./photos.camera.ts";
import { vec } from "./photos.camera.ts";
import type { Material } from "./photos.material.ts";
import { clamp, hash, noise } from "./photos.noise.ts";
import type { Daylight, Room, RoomWindow } from "./photos.room.ts";
import { drawBox, drawFace, type Face, type Scene } from "./photos.scene.ts";

// A window seen from inside: an opening with depth (reveals and a sill), the frame and glazing bars against
// a bright, overexposed view of a garden, and drapes either side.

const REVEAL = 0.15;

export function windowPlane(room: Room, window: RoomWindow) {
  // Centre of the opening on the wall's inner face, and the inward normal.
  if (window.wall === "back")
    return { normal: vec(0, 0, -1), at: (u: number, v: number) => vec(u, v, room.depth) };
  if (window.wall === "left") return { normal: vec(1, 0, 0), at: (u: number, v: number) => vec(0, v, u) };
  return { normal: vec(-1, 0, 0), at: (u: number, v: number) => vec(room.width, v, u) };
}

/** The window's depth: the view at the back of the opening, the reveals and sill round it. */
export function drawOpening(scene: Scene, room: Room, window: RoomWindow, daylight: Daylight) {
  const { normal, at } = windowPlane(room, window);
  const out = vec(-normal.x * REVEAL, 0, -normal.z * REVEAL);
  const shift = (p: Vec3) => vec(p.x + out.x, p.y, p.z + out.z);
  const { u0, u1, v0, v1 } = window;
  const a = at(u0, v0);
  const b = at(u1, v0);
  const c = at(u1, v1);
  const d = at(u0, v1);
  const axisU = window.wall === "back" ? vec(1, 0, 0) : vec(0, 0, 1);
  // The view: frame and glazing bars against an overexposed outdoors.
  drawFace(scene, {
    corners: [shift(a), shift(b), shift(c), shift(d)],
    origin: shift(at(u0, v0)),
    u: axisU,
    v: vec(0, 1, 0),
    material: windowView(window, daylight, scene.camera.position.y - v0),
    grow: 1,
  });
  const reveal: Material = (_u, _v, _fu, _fv, sample) => {
    sample.r = 0.72;
    sample.g = 0.71;
    sample.b = 0.68;
  };
  const sides: Omit<Face, "material">[] = [
    { corners: [a, b, shift(b), shift(a)], origin: a, u: axisU, v: vec(out.x, 0, out.z) },
    { corners: [d, c, shift(c), shift(d)], origin: d, u: axisU, v: vec(out.x, 0, out.z) },
    { corners: [a, d, shift(d), shift(a)], origin: a, u: vec(0, 1, 0), v: vec(out.x, 0, out.z) },
    { corners: [b, c, shift(c), shift(b)], origin: b, u: vec(0, 1, 0), v: vec(out.x, 0, out.z) },
  ].map((face) => ({ ...face, v: unitOf(face.v) }));
  for (const face of sides) drawFace(scene, { ...face, material: reveal, grow: 0.8 });
  // A sill proud of the wall.
  const sill = { x0: 0, x1: 0, y0: v0 - 0.04, y1: v0, z0: 0, z1: 0 };
  const p = a;
  const q = b;
  sill.x0 = Math.min(p.x, q.x) - (window.wall === "back" ? 0.06 : 0);
  sill.x1 = Math.max(p.x, q.x) + (window.wall === "back" ? 0.06 : 0);
  sill.z0 = Math.min(p.z, q.z) - (window.wall === "back" ? 0 : 0.06);
  sill.z1 = Math.max(p.z, q.z) + (window.wall === "back" ? 0 : 0.06);
  if (window.wall === "back") sill.z0 -= 0.05;
  else if (window.wall === "left") sill.x1 += 0.05;
  else sill.x0 -= 0.05;
  if (v0 > 0.3) drawBox(scene, sill, { sides: reveal });
}

function unitOf(a: Vec3): Vec3 {
  const length = Math.hypot(a.x, a.y, a.z) || 1;
  return vec(a.x / length, a.y / length, a.z / length);
}

/** What is seen through the glass: sky, trees and a lawn, far brighter than the room (it clips). */
function windowView(window: RoomWindow, daylight: Daylight, horizonAbove: number): Material {
  const { u0, u1, v0, v1, frame } = window;
  const [columns, rows] = window.panes;
  const width = u1 - u0;
  const height = v1 - v0;
  const bright = daylight.evening ? 0.25 : 7;
  const sky = daylight.view;
  const seed = hash(Math.floor(u0 * 10), Math.floor(v0 * 10), 5) * 50;
  return (u, v, _fu, _fv, out) => {
    const edge = Math.min(u, width - u, v, height - v);
    const pu = (u / width) * columns;
    const pv = (v / height) * rows;
    const bar =
      (Math.abs(pu - Math.round(pu)) * (width / columns) < 0.025 &&
        Math.round(pu) > 0 &&
        Math.round(pu) < columns) ||
      (Math.abs(pv - Math.round(pv)) * (height / rows) < 0.025 &&
        Math.round(pv) > 0 &&
        Math.round(pv) < rows);
    if (edge < 0.06 || bar) {
      out.r = frame.r;
      out.g = frame.g;
      out.b = frame.b;
      out.er = 0;
      out.eg = 0;
      out.eb = 0;
      return;
    }
    out.r = 0;
    out.g = 0;
    out.b = 0;
    // Trees beyond the garden rise above the horizon line; below it, a bright lawn.
    const above = v - horizonAbove;
    const treeTop = 0.25 + noise(u * 0.8 + seed, 3) * 0.7;
    let r: number;
    let g: number;
    let b: number;
    if (above > treeTop) {
      const t = clamp((above - treeTop) / 1.5);
      r = sky.r * (1.1 - t * 0.25);
      g = sky.g * (1.1 - t * 0.2);
      b = sky.b * (1.1 - t * 0.1);
    } else if (above > -0.1) {
      const leaf = 0.35 + 0.4 * noise(u * 3 + seed, v * 3);
      r = 0.36 * leaf;
      g = 0.42 * leaf;
      b = 0.3 * leaf;
    } else {
      const lawn = 0.7 + 0.3 * noise(u * 2, v * 6 + seed);
      r = 0.5 * lawn;
      g = 0.58 * lawn;
      b = 0.42 * lawn;
    }
    out.er = r * bright;
    out.eg = g * bright;
    out.eb = b * bright;
  };
}

export function drawCurtains(scene: Scene, room: Room, window: RoomWindow, daylight: Daylight) {
  const color = window.curtains!;
  const { normal, at } = windowPlane(room, window);
  const inward = vec(normal.x * 0.09, 0, normal.z * 0.09);
  const top = Math.min(room.height - 0.05, window.v1 + 0.3);
  const drape = Math.min(0.55, (window.u1 - window.u0) * 0.3);
  const axisU = window.wall === "back" ? vec(1, 0, 0) : vec(0, 0, 1);
  const glow = daylight.evening ? 0 : 0.12;
  for (const [start, end] of [
    [window.u0 - drape * 0.6, window.u0 + drape * 0.4],
    [window.u1 - drape * 0.4, window.u1 + drape * 0.6],
  ] as const) {
    const a = at(start, 0.02);
    const b = at(end, 0.02);
    const move = (p: Vec3, y: number) => vec(p.x + inward.x, y, p.z + inward.z);
    const material: Material = (u, v, _fu, _fv, out) => {
      // Vertical folds: light on their crowns, shade in their hollows; backlit where over the glass.
      const fold =
        0.72 +
        0.28 *
          Math.sin(((u - (window.wall === "back" ? a.x : a.z)) / 0.11) * Math.PI * 2 + noise(u, v * 0.3) * 2);
      const over = u > window.u0 && u < window.u1 && v > window.v0 && v < window.v1 ? glow : glow * 0.2;
      out.r = color.r * fold;
      out.g = color.g * fold;
      out.b = color.b * fold;
      out.er = color.r * over * 8;
      out.eg = color.g * over * 8;
      out.eb = color.b * over * 8;
    };
    drawFace(scene, {
      corners: [move(a, 0.02), move(b, 0.02), move(b, top), move(a, top)],
      origin: vec(0, 0, 0),
      u: axisU,
      v: vec(0, 1, 0),
      material,
    });
  }
}
