import { type Camera, projectPolygon, type Vec3, vec } from "./photos.camera.ts";
import type { Rgb } from "./photos.color.ts";
import { facade, type Opening } from "./photos.facade.ts";
import { type Material, paint } from "./photos.material.ts";
import { clamp } from "./photos.noise.ts";
import { maskPolygon } from "./photos.raster.ts";
import { drawChimney, roofFaces } from "./photos.roof.ts";
import { drawBox, drawFace, type Face, facesCamera, type Scene, unit } from "./photos.scene.ts";

// A house as boxes with roofs: each block has a rectangular plan (front wall at z0 facing the street, -z),
// walls with their openings, and a gable, hip, flat or mono-pitch roof with overhanging eaves. Blocks cast
// their shadow on the ground and are queued farthest first (the scene draws them nearest first).

export type RoofKind = "gable" | "gable-front" | "hip" | "flat" | "shed";

export type Block = {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  /** Where the walls end (the eaves), metres above the ground; `floor` raises the block (balconies). */
  height: number;
  floor?: number;
  walls: Material;
  /** Openings per wall, in that wall's coordinates (u to the right as seen from outside, v up). */
  openings: Partial<Record<Side, Opening[]>>;
  roof: {
    kind: RoofKind;
    pitch: number;
    overhang: number;
    material: Material;
    /** Fascia and verge boards, or the coping of a flat roof. */
    trim: Rgb;
    /** Gutters along the eaves and downpipes at the front corners, in this colour. */
    gutter?: Rgb;
  };
  /** A band of other material at the foot of the walls. */
  plinth?: { height: number; material: Material };
  chimneys?: { x: number; material: Material }[];
};

export type Side = "front" | "right" | "back" | "left";

/** The height of the ridge above the eaves. */
function rise(block: Block): number {
  const { kind, pitch } = block.roof;
  const slope = Math.tan((pitch * Math.PI) / 180);
  const depth = block.z1 - block.z0;
  const width = block.x1 - block.x0;
  if (kind === "flat") return 0;
  if (kind === "gable-front") return (width / 2) * slope;
  if (kind === "shed") return depth * slope;
  return (Math.min(depth, kind === "hip" ? width : depth) / 2) * slope;
}

/** Every corner of the block's volume (walls and roof, chimneys included): for shadows and framing. */
export function outline(block: Block): Vec3[] {
  const { x0, x1, z0, z1, height } = block;
  const base = block.floor ?? 0;
  const top = height + rise(block);
  const points: Vec3[] = [];
  for (const [x, z] of [
    [x0, z0],
    [x1, z0],
    [x1, z1],
    [x0, z1],
  ] as const) {
    points.push(vec(x, base, z), vec(x, height + (block.roof.kind === "flat" ? 0.3 : 0), z));
  }
  const mx = (x0 + x1) / 2;
  const mz = (z0 + z1) / 2;
  if (block.roof.kind === "gable") points.push(vec(x0, top, mz), vec(x1, top, mz));
  if (block.roof.kind === "gable-front") points.push(vec(mx, top, z0), vec(mx, top, z1));
  if (block.roof.kind === "shed") points.push(vec(x0, top, z0), vec(x1, top, z0));
  if (block.roof.kind === "hip") points.push(vec(mx, top, mz));
  for (const chimney of block.chimneys ?? []) points.push(vec(chimney.x, top + 1, mz));
  return points;
}

/** Adds the shadow the blocks cast on the ground to the scene's mask. */
export function castBlockShadows(scene: Scene, blocks: readonly Block[]) {
  for (const block of blocks) castShadow(scene, outline(block));
}

/** Adds the ground shadow of a convex solid with these corners to the scene's mask. */
export function castShadow(scene: Scene, corners: readonly Vec3[]) {
  const { sun } = scene.light;
  if (sun.y <= 0.05 || scene.light.sunColor.g < 0.5) return;
  const cast = corners.map((p) => [p.x - (sun.x * p.y) / sun.y, p.z - (sun.z * p.y) / sun.y] as const);
  const points = projectPolygon(
    scene.camera,
    convexHull(cast).map(([x, z]) => vec(x, 0, z)),
  );
  maskPolygon(scene.shadow, points, 1);
}

function convexHull(points: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: readonly number[], a: readonly number[], b: readonly number[]) =>
    (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
  const lower: [number, number][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push([p[0], p[1]]);
  }
  const upper: [number, number][] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push([p[0], p[1]]);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Blocks sorted so that the farthest from the camera comes first. */
export function backToFront(camera: Camera, blocks: readonly Block[]): Block[] {
  const distance = (block: Block) => {
    const x = clamp(camera.position.x, block.x0, block.x1);
    const z = clamp(camera.position.z, block.z0, block.z1);
    return Math.hypot(x - camera.position.x, z - camera.position.z);
  };
  return [...blocks].sort((a, b) => distance(b) - distance(a));
}

/** Draws one block: the walls that face the camera, the eaves' undersides, the roof, its boards. */
export function drawBlock(scene: Scene, block: Block) {
  const { camera, light } = scene;
  const { x0, x1, z0, z1, height, roof } = block;
  const base = block.floor ?? 0;
  const top = height + rise(block);
  const mx = (x0 + x1) / 2;
  const mz = (z0 + z1) / 2;
  const sides: { side: Side; a: [number, number]; b: [number, number]; normal: Vec3 }[] = [
    { side: "back", a: [x1, z1], b: [x0, z1], normal: vec(0, 0, 1) },
    { side: "left", a: [x0, z1], b: [x0, z0], normal: vec(-1, 0, 0) },
    { side: "right", a: [x1, z0], b: [x1, z1], normal: vec(1, 0, 0) },
    { side: "front", a: [x0, z0], b: [x1, z0], normal: vec(0, 0, -1) },
  ];
  const eavesOverhang = roof.kind === "flat" ? 0.05 : roof.overhang;
  const roofs = roofFaces(block, top, camera);
  // Only a gable's overhang shows its underside beside the walls; elsewhere the walls would not hide it all.
  if (roof.kind === "gable" || roof.kind === "gable-front")
    for (const face of roofs.under) drawFace(scene, face);
  for (const { side, a, b, normal } of sides) {
    const mid = vec((a[0] + b[0]) / 2, height / 2, (a[1] + b[1]) / 2);
    if (!facesCamera(camera, mid, normal)) continue;
    const u = unit(vec(b[0] - a[0], 0, b[1] - a[1]));
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const corners = [vec(a[0], base, a[1]), vec(b[0], base, b[1]), vec(b[0], height, b[1])];
    const gableEnd =
      (roof.kind === "gable" && (side === "left" || side === "right")) ||
      (roof.kind === "gable-front" && (side === "front" || side === "back"));
    if (gableEnd) {
      corners.push(side === "left" || side === "right" ? vec(a[0], top, mz) : vec(mx, top, a[1]));
    }
    if (roof.kind === "shed" && side !== "front") {
      // The mono-pitch roof rises from the front: side walls are trapezoids, the back wall full height.
      if (side === "back") {
        corners[2] = vec(b[0], top, b[1]);
        corners.push(vec(a[0], top, a[1]));
      } else {
        const rising = side === "right" ? top : height;
        const falling = side === "right" ? height : top;
        corners[2] = vec(b[0], falling, b[1]);
        corners.push(vec(a[0], rising, a[1]));
      }
    } else {
      corners.push(vec(a[0], height, a[1]));
    }
    // The sun's slope across this wall: how far shadows from the eaves and window heads reach down.
    const facing = normal.x * light.sun.x + normal.z * light.sun.z;
    const sunSlope = facing > 0.02 ? light.sun.y / facing : 10;
    const along = u.x * light.sun.x + u.z * light.sun.z;
    const face: Face = {
      corners,
      origin: vec(a[0], 0, a[1]),
      u,
      v: vec(0, 1, 0),
      material: facade(block.walls, block.openings[side] ?? [], light, {
        eaves: gableEnd ? undefined : { height, overhang: eavesOverhang },
        sunSlope,
        sunSide: facing > 0.02 ? along / facing : 0,
        plinth: block.plinth,
        pipes:
          roof.gutter && side === "front" && roof.kind !== "flat"
            ? [
                { u: 0.12, top: height, color: roof.gutter },
                { u: length - 0.12, top: height, color: roof.gutter },
              ]
            : [],
      }),
      occlusion: (wu, wv, sample) => {
        sample.occlusion *=
          (0.72 + 0.28 * clamp((wv - base) / 0.5)) *
          (0.8 + 0.2 * clamp(wu / 0.4)) *
          (0.8 + 0.2 * clamp((length - wu) / 0.4));
      },
    };
    drawFace(scene, face);
  }
  for (const face of roofs.over) drawFace(scene, face);
  if (roof.gutter && roof.kind !== "flat" && roof.kind !== "gable-front") {
    const o = roof.overhang;
    const eave = height - o * Math.tan((roof.pitch * Math.PI) / 180);
    const gutter = paint(roof.gutter, 0.02);
    drawBox(
      scene,
      { x0: x0 - o, x1: x1 + o, y0: eave - 0.3, y1: eave - 0.16, z0: z0 - o - 0.13, z1: z0 - o - 0.01 },
      { sides: gutter },
    );
  }
  for (const chimney of block.chimneys ?? []) drawChimney(scene, block, top, chimney);
}
