import type { Vec3 } from "./photos.camera.ts";
import { projectPolygon, vec } from "./photos.camera.ts";
import { type Rgb, rgb } from "./photos.color.ts";
import type { Material, Sample } from "./photos.material.ts";
import { clamp, noise, smoothstep } from "./photos.noise.ts";
import { blurMask, createMask, maskPolygon } from "./photos.raster.ts";
import { drawCurtains, drawOpening, windowPlane } from "./photos.room-window.ts";
import { drawFace, type Face, type Scene } from "./photos.scene.ts";

// The shell of a room seen from just inside its front wall: floor, ceiling, a back wall and two side walls
// (x from 0 to width, z from 0 at the camera's back to depth, y up). Windows are openings with depth: their
// reveals, frames and a bright, overexposed view (as in any interior photo), light pours in from them, lamps
// add warm pools, and corners collect shadow.

export type Wall = "back" | "left" | "right";

/**
 * A window in a wall: along it u0 to u1 (x for the back wall, z for side walls), v0 to v1 up from the floor.
 */
export type RoomWindow = {
  wall: Wall;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  panes: [number, number];
  frame: Rgb;
  /** Drapes either side. */
  curtains?: Rgb;
};

/** Something hung on or let into a wall: a framed picture, a mirror, a door, a headboard panel. */
export type WallDecor = {
  wall: Wall;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  kind: "art" | "door" | "mirror";
  colors?: Rgb[];
};

/** A lamp: where its light comes from, its colour and strength; `down` lights only what is below it. */
export type Lamp = { position: Vec3; color: Rgb; power: number; down?: boolean };

export type Room = {
  width: number;
  depth: number;
  height: number;
  walls: Material;
  /** A different finish on one wall (paint, tiles, panelling). */
  feature?: { wall: Wall; material: Material };
  floor: Material;
  ceiling: Material;
  skirting: Rgb;
  windows: RoomWindow[];
  decor: WallDecor[];
  lamps: Lamp[];
  /** Ceiling downlights (x, z), drawn as bright discs and lighting the room below. */
  downlights: [number, number][];
};

/** The daylight: colour and strength of the view and its light; the sun, if it reaches in. */
export type Daylight = {
  view: Rgb;
  strength: number;
  sun?: { direction: Vec3; color: Rgb };
  evening: boolean;
};

/**
 * The room's light at a point: each window acts as a soft panel of daylight (falling off with distance and
 * angle), bounced light fills the rest, lamps add their pools.
 */
export function roomLight(
  room: Room,
  daylight: Daylight,
): (x: number, y: number, z: number, n: Vec3, out: Rgb) => void {
  const panels = room.windows.map((window) => {
    const { normal, at } = windowPlane(room, window);
    const centre = at((window.u0 + window.u1) / 2, (window.v0 + window.v1) / 2);
    const area = (window.u1 - window.u0) * (window.v1 - window.v0);
    return { cx: centre.x, cy: centre.y, cz: centre.z, nx: normal.x, ny: normal.y, nz: normal.z, area };
  });
  const totalArea = panels.reduce((sum, panel) => sum + panel.area, 0);
  const surface = 2 * (room.width * room.depth + room.width * room.height + room.depth * room.height);
  const { view, strength } = daylight;
  // What the walls bounce around: a share of all the light the windows let in.
  const fill = ((strength * totalArea) / surface) * 1.6;
  const lamps = [
    ...room.lamps,
    ...room.downlights.map(([x, z]) => ({
      position: vec(x, room.height - 0.02, z),
      color: rgb("#ffd9a8"),
      power: 0.9,
      down: true,
    })),
  ];
  return (x, y, z, n, out) => {
    let r = view.r * fill + 0.02;
    let g = view.g * fill + 0.02;
    let b = view.b * fill + 0.02;
    for (const panel of panels) {
      const dx = panel.cx - x;
      const dy = panel.cy - y;
      const dz = panel.cz - z;
      const d2 = dx * dx + dy * dy + dz * dz;
      const d = Math.sqrt(d2);
      const towards = (n.x * dx + n.y * dy + n.z * dz) / d;
      const out1 = -(panel.nx * dx + panel.ny * dy + panel.nz * dz) / d;
      if (towards <= -0.2 || out1 <= 0) continue;
      const k = (strength * panel.area * (towards + 0.2) * out1) / (d2 + panel.area * 0.6);
      r += view.r * k;
      g += view.g * k;
      b += view.b * k;
    }
    for (const lamp of lamps) {
      const dx = lamp.position.x - x;
      const dy = lamp.position.y - y;
      const dz = lamp.position.z - z;
      const d2 = dx * dx + dy * dy + dz * dz + 0.05;
      const d = Math.sqrt(d2);
      let k = (n.x * dx + n.y * dy + n.z * dz) / d;
      if (k <= 0) continue;
      if (lamp.down) {
        const below = -dy / d;
        if (below <= 0) continue;
        k *= below * below;
      }
      k = (k * lamp.power) / d2;
      r += lamp.color.r * k;
      g += lamp.color.g * k;
      b += lamp.color.b * k;
    }
    out.r = r;
    out.g = g;
    out.b = b;
  };
}

/** Marks where the sun through the windows lands on the floor (each pane its own patch, so bars show). */
export function sunOnFloor(scene: Scene, room: Room, daylight: Daylight) {
  const mask = createMask(scene.canvas.width, scene.canvas.height);
  scene.sunPatch = mask;
  const sun = daylight.sun?.direction;
  if (!sun || sun.y <= 0.05) return;
  for (const window of room.windows) {
    const { at } = windowPlane(room, window);
    const [columns, rows] = window.panes;
    const w = (window.u1 - window.u0) / columns;
    const h = (window.v1 - window.v0) / rows;
    for (let column = 0; column < columns; column += 1) {
      for (let row = 0; row < rows; row += 1) {
        const u0 = window.u0 + column * w + 0.04;
        const u1 = u0 + w - 0.08;
        const v0 = window.v0 + row * h + 0.04;
        const v1 = v0 + h - 0.08;
        const corners = [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)].map((p) =>
          vec(p.x - (sun.x * p.y) / sun.y, 0, p.z - (sun.z * p.y) / sun.y),
        );
        if (corners.some((p) => p.x < -1 || p.x > room.width + 1 || p.z < -1 || p.z > room.depth + 1))
          continue;
        maskPolygon(mask, projectPolygon(scene.camera, corners), 1);
      }
    }
  }
  blurMask(mask, (3 * scene.canvas.width) / 1600);
}

/** Draws the floor, ceiling and walls with their windows, reveals, views, decor and curtains. */
export function drawRoom(scene: Scene, room: Room, daylight: Daylight) {
  const { width: W, depth: D, height: H } = room;
  const cornerShade = (a: number, b: number) =>
    (0.62 + 0.38 * smoothstep(0, 0.45, a)) * (0.62 + 0.38 * smoothstep(0, 0.45, b));
  drawFace(scene, {
    corners: [vec(0, 0, 0), vec(W, 0, 0), vec(W, 0, D), vec(0, 0, D)],
    origin: vec(0, 0, 0),
    u: vec(1, 0, 0),
    v: vec(0, 0, 1),
    material: room.floor,
    occlusion: (u, v, sample) => {
      sample.occlusion *= cornerShade(Math.min(u, W - u), D - v);
    },
    receivesShadow: true,
    receivesSun: true,
  });
  drawFace(scene, {
    corners: [vec(0, H, 0), vec(W, H, 0), vec(W, H, D), vec(0, H, D)],
    origin: vec(0, H, 0),
    u: vec(1, 0, 0),
    v: vec(0, 0, 1),
    material: withDownlights(room.ceiling, room.downlights),
    occlusion: (u, v, sample) => {
      sample.occlusion *= cornerShade(Math.min(u, W - u), D - v);
    },
  });
  for (const window of room.windows) drawOpening(scene, room, window, daylight);
  const walls: { wall: Wall; face: Omit<Face, "material" | "occlusion">; length: number }[] = [
    {
      wall: "back",
      face: {
        corners: [vec(0, 0, D), vec(W, 0, D), vec(W, H, D), vec(0, H, D)],
        origin: vec(0, 0, D),
        u: vec(1, 0, 0),
        v: vec(0, 1, 0),
      },
      length: W,
    },
    {
      wall: "left",
      face: {
        corners: [vec(0, 0, 0), vec(0, 0, D), vec(0, H, D), vec(0, H, 0)],
        origin: vec(0, 0, 0),
        u: vec(0, 0, 1),
        v: vec(0, 1, 0),
      },
      length: D,
    },
    {
      wall: "right",
      face: {
        corners: [vec(W, 0, 0), vec(W, 0, D), vec(W, H, D), vec(W, H, 0)],
        origin: vec(W, 0, 0),
        u: vec(0, 0, 1),
        v: vec(0, 1, 0),
      },
      length: D,
    },
  ];
  for (const { wall, face, length } of walls) {
    const base = room.feature?.wall === wall ? room.feature.material : room.walls;
    const openings = room.windows.filter((window) => window.wall === wall);
    const decor = room.decor.filter((item) => item.wall === wall);
    drawFace(scene, {
      ...face,
      material: wallMaterial(base, openings, decor, room.skirting, H),
      // Side walls darken into the back corners and towards the floor and ceiling.
      occlusion: (u, v, sample) => {
        sample.occlusion *= cornerShade(
          wall === "back" ? Math.min(u, length - u) : length - u,
          Math.min(v, H - v) * 1.5,
        );
      },
    });
  }
  for (const window of room.windows) if (window.curtains) drawCurtains(scene, room, window, daylight);
}

function wallMaterial(
  base: Material,
  openings: RoomWindow[],
  decor: WallDecor[],
  skirting: Rgb,
  height: number,
): Material {
  return (u, v, fu, fv, out) => {
    for (const opening of openings) {
      if (u > opening.u0 && u < opening.u1 && v > opening.v0 && v < opening.v1) {
        out.alpha = 0;
        return;
      }
    }
    for (const item of decor) {
      if (u > item.u0 && u < item.u1 && v > item.v0 && v < item.v1) {
        decorate(item, u, v, out);
        return;
      }
    }
    if (v < 0.11) {
      out.r = skirting.r;
      out.g = skirting.g;
      out.b = skirting.b;
      out.occlusion = v > 0.095 ? 0.75 : 1;
      return;
    }
    base(u, v, fu, fv, out);
    // The skirting's top edge and the ceiling line throw a thin shade.
    if (v < 0.13) out.occlusion *= 0.85;
    if (v > height - 0.04) out.occlusion *= 0.8;
  };
}

function decorate(item: WallDecor, u: number, v: number, out: Sample) {
  const lu = (u - item.u0) / (item.u1 - item.u0);
  const lv = (v - item.v0) / (item.v1 - item.v0);
  const edge = Math.min(u - item.u0, item.u1 - u, v - item.v0, item.v1 - v);
  if (item.kind === "door") {
    // A white panelled door in its architrave, with a handle.
    const white = 0.75;
    const panel = lu > 0.18 && lu < 0.82 && ((lv > 0.08 && lv < 0.45) || (lv > 0.52 && lv < 0.88));
    const k = edge < 0.07 ? (edge < 0.012 ? 0.6 : 0.95) : panel ? 0.92 : 1;
    const handle = Math.abs(lu - 0.85) < 0.04 && Math.abs(lv - 0.48) < 0.012;
    out.r = handle ? 0.35 : white * k;
    out.g = handle ? 0.33 : white * k;
    out.b = handle ? 0.3 : white * 0.97 * k;
    out.occlusion = edge < 0.02 ? 0.7 : 1;
    return;
  }
  if (item.kind === "mirror") {
    // Silvered glass: it shows the room opposite, so it is about as bright as the room, a little cooler,
    // lighter towards the top where it catches the ceiling.
    const frame = edge < 0.03;
    const k = frame ? 0.06 : 0.42 + 0.25 * smoothstep(0.1, 0.95, lv) + 0.05 * noise(u * 0.8, v * 0.5);
    out.r = k * 0.95;
    out.g = k * 0.98;
    out.b = k;
    out.occlusion = 1;
    return;
  }
  // A framed picture: frame, white mount, an abstract or landscape print.
  const colors = item.colors ?? [rgb("#c9b79c"), rgb("#5b6f7a"), rgb("#e0d8c8")];
  if (edge < 0.025) {
    out.r = colors[0]!.r * 0.3;
    out.g = colors[0]!.g * 0.3;
    out.b = colors[0]!.b * 0.3;
    out.occlusion = 0.8;
    return;
  }
  if (edge < 0.07) {
    out.r = 0.78;
    out.g = 0.77;
    out.b = 0.74;
    out.occlusion = edge < 0.03 ? 0.8 : 1;
    return;
  }
  const pick = Math.floor(
    clamp(lv * 0.7 + noise(u * 1.5 + item.u0, v * 1.5) * 0.6, 0, 0.999) * colors.length,
  );
  const color = colors[pick]!;
  const texture = 0.9 + 0.2 * noise(u * 20, v * 20);
  out.r = color.r * texture;
  out.g = color.g * texture;
  out.b = color.b * texture;
}

function withDownlights(ceiling: Material, lights: [number, number][]): Material {
  return (u, v, fu, fv, out) => {
    ceiling(u, v, fu, fv, out);
    for (const [x, z] of lights) {
      const d = Math.hypot(u - x, v - z);
      if (d < 0.06) {
        out.er = 6;
        out.eg = 5.2;
        out.eb = 4;
      } else if (d < 0.075) {
        out.r *= 0.8;
        out.g *= 0.8;
        out.b *= 0.8;
      }
    }
  };
}
