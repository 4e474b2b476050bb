import { depthOf, planeLookup, project, projectPolygon, type Vec3, vec } from "./photos.camera.ts";
import { type Rgb, rgb } from "./photos.color.ts";
import { clamp, hash, noise, smoothstep } from "./photos.noise.ts";
import { fillPolygon, maskPolygon, maskRect, shadeRect } from "./photos.raster.ts";
import { later, type Scene } from "./photos.scene.ts";

// Trees, shrubs and distant tree lines: masses of leaves whose outline and clumps come from noise, lit as a
// rough sphere or cone (bright on the sun's side, dark inside and underneath), with sky showing through the
// gaps at their edges. Cartoon trees are circles; these are what a lens sees at a distance.

export type TreeShape = "round" | "conifer" | "cypress" | "olive" | "shrub" | "palm";

export type Tree = {
  /** Where the trunk meets the ground. */
  base: Vec3;
  height: number;
  /** Crown radius in metres (half its width). */
  radius: number;
  shape: TreeShape;
  leaves: Rgb;
  /** Seeds the tree's own noise, so no two trees look alike. */
  id: number;
  /** Blossom dotted over the crown (roses, hydrangeas, bougainvillea). */
  flowers?: Rgb;
};

const BARK = rgb("#6e604f");

/** Draws a tree and nothing else (its shadow is cast separately, before the ground is drawn). */
export function drawTree(scene: Scene, tree: Tree) {
  later(scene, () => drawTreeNow(scene, tree));
}

function drawTreeNow(scene: Scene, tree: Tree) {
  const { camera, canvas, light } = scene;
  const depth = depthOf(camera, tree.base);
  if (depth < 0.5) return;
  const { shape, radius, height, base } = tree;
  const crownBottom =
    shape === "shrub" ? 0 : shape === "round" || shape === "olive" ? height * 0.35 : height * 0.12;
  const centreY = shape === "shrub" ? height * 0.5 : (crownBottom + height) / 2;
  const [cx, cy] = project(camera, vec(base.x, base.y + centreY, base.z));
  const pxPerMetre = camera.focal / depth;
  const rx = radius * pxPerMetre;
  const ry = ((height - crownBottom) / 2) * pxPerMetre;
  if (rx < 0.6) return;
  const haze = depth / (depth + light.hazeDistance);
  const sunIntensity = light.sunColor;
  const { sun } = light;
  const { right, forward } = camera;
  // The sun in screen terms: which way across the crown it comes from.
  const sunRight = sun.x * right.x + sun.z * right.z;
  const sunUp = sun.y;
  const sunToward = -(sun.x * forward.x + sun.z * forward.z);
  // Nearest first: the crown is drawn before the trunk it hides.
  const drawTrunk = () => {
    const [bx, by] = project(camera, base);
    const trunk = Math.max(0.8, radius * (shape === "palm" ? 0.09 : 0.12) * pxPerMetre);
    const topY = shape === "palm" ? cy - ry * 0.6 : cy;
    const lean = shape === "palm" ? (hash(tree.id, 1) - 0.5) * rx * 0.8 : 0;
    const bark = mixHaze(BARK, light.horizon, haze, 0.55 * (light.skyLight.g + sunIntensity.g * 0.45));
    if (shape === "palm") drawPalmFronds(scene, bx + lean, topY, rx, tree, haze);
    fillPolygon(
      canvas,
      [bx - trunk, by, bx + trunk, by, bx + lean + trunk * 0.6, topY, bx + lean - trunk * 0.6, topY],
      (x, y, paint) => {
        // Round: lit on the sun's side, dark on the other; furrowed bark runs up it.
        const across = clamp((x - bx + trunk) / (2 * trunk));
        const side = sunRight > 0 ? across : 1 - across;
        const furrows = noise(((x - bx) / trunk) * 1.5 + tree.id, (y / trunk) * 0.15);
        const k = (0.35 + 0.9 * side * side) * (0.7 + 0.6 * furrows);
        paint.r = bark.r * k;
        paint.g = bark.g * k;
        paint.b = bark.b * k;
      },
    );
  };
  if (shape === "palm") {
    drawTrunk();
    return;
  }
  const clump = shape === "olive" ? 0.22 : shape === "conifer" || shape === "cypress" ? 0.3 : 0.38;
  // Noise coordinates in crown units: the clumps keep their size relative to the tree at any distance.
  const scaleClump = 1 / (Math.max(rx, ry) * clump);
  const ox = tree.id * 7.31;
  const oy = tree.id * 3.17;
  const leaves = tree.leaves;
  const flowers = tree.flowers;
  const sky = light.skyLight;
  const hz = light.horizon;
  const sparse = shape === "olive" ? 0.25 : 0;
  const detailFine = clamp(Math.max(rx, ry) / 40);
  // Broadleaf crowns are a few overlapping masses of branches, not one ball.
  const lobes: number[] = [0, 0.1, 0.72];
  if (shape === "round" || shape === "olive") {
    for (let index = 0; index < 5; index += 1) {
      const angle = hash(tree.id, index, 31) * Math.PI * 2;
      const reach = 0.3 + hash(tree.id, index, 32) * 0.25;
      lobes.push(
        Math.cos(angle) * reach,
        Math.sin(angle) * reach * 0.85,
        0.42 + hash(tree.id, index, 33) * 0.2,
      );
    }
  }
  shadeRect(canvas, cx - rx * 1.3, cy - ry * 1.3, cx + rx * 1.3, cy + ry * 1.25, (x, y, paint) => {
    const nx = (x - cx) / rx;
    const ny = (y - cy) / ry;
    let d: number;
    if (shape === "conifer") {
      const w = clamp((ny + 1) / 2, 0.001, 1);
      d = 1 - Math.abs(nx) / (w * 1.05) - (ny > 0.95 ? (ny - 0.95) * 8 : 0);
    } else if (shape === "cypress") {
      d = 1 - nx * nx * 1.1 - Math.abs(ny) ** 2.2;
    } else if (shape === "shrub") {
      d = 1 - nx * nx - ny * ny * (ny < 0 ? 1 : 3);
    } else {
      d = -1;
      for (let index = 0; index < lobes.length; index += 3) {
        const lx = nx - lobes[index]!;
        const ly = ny - lobes[index + 1]!;
        const r = lobes[index + 2]!;
        const lobe = 1 - (lx * lx + ly * ly) / (r * r);
        if (lobe > d) d = lobe;
      }
    }
    if (d < -0.45) {
      paint.a = 0;
      return;
    }
    const n1 = noise(x * scaleClump + ox, y * scaleClump + oy);
    const n2 = noise(x * scaleClump * 3.7 + oy, y * scaleClump * 3.7 + ox);
    const density = d + (n1 - 0.5) * 1.3 + (n2 - 0.5) * 0.5 * detailFine - sparse * (1 - n2) * 1.2;
    const alpha = smoothstep(0.0, 0.12, density);
    if (alpha <= 0) {
      paint.a = 0;
      return;
    }
    // A rough sphere's normal, bumped by the clumps: lit clumps, shaded hollows.
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
    const bumpX = (n1 - 0.5) * 1.5;
    const lambert = clamp(
      0.2 + 0.8 * (nx * sunRight - ny * sunUp * 0.8 + nz * sunToward * 0.6 + sunUp * 0.4 + bumpX * 0.35),
    );
    const hollow = 0.35 + 0.65 * smoothstep(0.3, 0.7, n2 * 0.5 + n1 * 0.5 + (1 - d) * 0.25);
    const underside = 0.55 + 0.45 * clamp(0.6 - ny * 0.6);
    const sunlit = lambert * hollow * (1 - maskSelfShadow(d));
    const ambient = (0.5 + 0.5 * hollow) * underside * 0.85;
    const tint = 0.85 + 0.3 * n2;
    let lr = leaves.r * tint;
    let lg = leaves.g * tint;
    let lb = leaves.b * tint;
    if (flowers) {
      const bloom = noise(x * scaleClump * 9 + ox, y * scaleClump * 9 + oy);
      if (bloom > 0.6 && hollow > 0.5) {
        lr = flowers.r;
        lg = flowers.g;
        lb = flowers.b;
      }
    }
    const r = lr * (sunIntensity.r * sunlit + sky.r * ambient);
    const g = lg * (sunIntensity.g * sunlit + sky.g * ambient);
    const b = lb * (sunIntensity.b * sunlit + sky.b * ambient);
    paint.r = r + (hz.r - r) * haze;
    paint.g = g + (hz.g - g) * haze;
    paint.b = b + (hz.b - b) * haze;
    paint.a = alpha;
  });
  if (shape !== "shrub") drawTrunk();
}

function maskSelfShadow(d: number): number {
  return clamp(d - 0.6) * 0.8;
}

function mixHaze(color: Rgb, haze: Rgb, h: number, light: number): Rgb {
  return {
    r: color.r * light * (1 - h) + haze.r * h,
    g: color.g * light * (1 - h) + haze.g * h,
    b: color.b * light * (1 - h) + haze.b * h,
  };
}

function drawPalmFronds(scene: Scene, x: number, y: number, rx: number, tree: Tree, haze: number) {
  const { light } = scene;
  const leaves = tree.leaves;
  for (let index = 0; index < 9; index += 1) {
    const angle = (index / 9) * Math.PI * 2 + hash(tree.id, index) * 0.5;
    const length = rx * (0.8 + hash(index, tree.id, 2) * 0.4);
    const droop = Math.cos(angle) > 0 ? 0.45 : 0.3;
    const ex = x + Math.cos(angle) * length;
    const ey = y + Math.sin(angle) * length * 0.45 + length * droop;
    const k = 0.45 + 0.55 * clamp(0.5 + Math.cos(angle) * 0.5);
    const tone = mixHaze(leaves, light.horizon, haze, k * (light.sunColor.g * 0.35 + light.skyLight.g));
    const w = rx * 0.09;
    const mx = (x + ex) / 2;
    const my = (y + ey) / 2 - length * 0.12;
    fillPolygon(
      scene.canvas,
      [x, y - w * 0.3, mx, my - w, ex, ey, mx, my + w, x, y + w * 0.3],
      (_x, _y, paint) => {
        paint.r = tone.r;
        paint.g = tone.g;
        paint.b = tone.b;
      },
    );
  }
}

/**
 * Adds a tree's shadow to the scene's shadow mask: its crown's ellipse cast along the sun onto the ground.
 */
export function castTreeShadow(scene: Scene, tree: Tree) {
  const { camera, light, shadow } = scene;
  const { sun } = light;
  if (sun.y <= 0.05 || light.sunColor.g < 0.5) return;
  const flat = Math.hypot(sun.x, sun.z);
  const reach = (tree.height * 0.6) / (sun.y / flat);
  const dirX = -sun.x / flat;
  const dirZ = -sun.z / flat;
  const centre = vec(tree.base.x + dirX * reach, 0, tree.base.z + dirZ * reach);
  const along = (tree.radius / Math.max(0.25, sun.y)) * 0.7 + tree.height * 0.25;
  const across = tree.radius * (tree.shape === "cypress" ? 0.6 : 1);
  const lookup = planeLookup(camera, vec(0, 0, 0), vec(1, 0, 0), vec(0, 0, 1));
  const point = { u: 0, v: 0, fu: 0, fv: 0, depth: 0 };
  const extent = Math.max(along, across) + tree.radius;
  let [left, top, rightX, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, 0, 0];
  for (const [sx, sz] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    const corner = vec(centre.x + sx * extent, 0, centre.z + sz * extent);
    if (depthOf(camera, corner) < 0.2) continue;
    const [px, py] = project(camera, corner);
    left = Math.min(left, px);
    rightX = Math.max(rightX, px);
    top = Math.min(top, py);
    bottom = Math.max(bottom, py);
  }
  if (!Number.isFinite(left)) return;
  const id = tree.id;
  maskRect(shadow, left, top, rightX, bottom, (x, y, paint) => {
    lookup(x, y, point);
    if (point.depth <= 0) return;
    const dx = point.u - centre.x;
    const dz = point.v - centre.z;
    // Into the shadow's frame: along the sun's direction on the ground, and across it.
    const a = (dx * dirX + dz * dirZ) / along;
    const c = (dx * -dirZ + dz * dirX) / across;
    const d = 1 - a * a - c * c + (noise(point.u * 0.9 + id, point.v * 0.9) - 0.5) * 0.9;
    paint.a = smoothstep(0, 0.25, d) * 0.85;
  });
  if (tree.shape === "shrub") return;
  // The trunk's shadow joins the crown's to the foot of the tree.
  const trunk = tree.radius * 0.12;
  const reachTrunk = reach * 0.75;
  const side = vec(-dirZ * trunk, 0, dirX * trunk);
  const { x, z } = tree.base;
  maskPolygon(
    shadow,
    projectPolygon(camera, [
      vec(x + side.x, 0, z + side.z),
      vec(x + dirX * reachTrunk + side.x, 0, z + dirZ * reachTrunk + side.z),
      vec(x + dirX * reachTrunk - side.x, 0, z + dirZ * reachTrunk - side.z),
      vec(x - side.x, 0, z - side.z),
    ]),
    0.9,
  );
}

/**
 * A band of trees on the horizon `distance` metres away, `height` metres tall, as a hazy mass with a ragged
 * top, between the screen rows of its top and the horizon (plus `below` pixels to tuck under what follows).
 */
export function drawTreeLine(
  scene: Scene,
  distance: number,
  height: number,
  leaves: Rgb,
  seed: number,
  below = 40,
) {
  later(scene, () => drawTreeLineNow(scene, distance, height, leaves, seed, below));
}

function drawTreeLineNow(
  scene: Scene,
  distance: number,
  height: number,
  leaves: Rgb,
  seed: number,
  below: number,
) {
  const { camera, canvas, light } = scene;
  const groundY = camera.cy + (camera.focal * camera.position.y) / distance;
  const top = camera.cy - (camera.focal * (height - camera.position.y)) / distance;
  // Tree lines stand in the haze of the whole landscape before them: more of it than a lone tree that far.
  const haze = Math.min(0.85, (distance * 2.2) / (distance * 2.2 + light.hazeDistance));
  const amplitude = (groundY - top) * 0.45;
  const lit = light.sunColor.g * 0.25 + light.skyLight.g * 0.8;
  const hz = light.horizon;
  const scaleX = 1 / Math.max(20, amplitude * 1.2);
  // The ragged top depends on the column only.
  const edges = new Float32Array(canvas.width);
  for (let x = 0; x < canvas.width; x += 1) {
    edges[x] =
      top +
      (noise(x * scaleX + seed, seed * 0.37) - 0.5) * amplitude * 2.4 +
      (noise(x * scaleX * 6 + seed, 3.3) - 0.5) * amplitude * 0.5;
  }
  shadeRect(canvas, 0, top - amplitude, canvas.width, groundY + below, (x, y, paint) => {
    const edge = edges[x | 0]!;
    if (y < edge - 2) {
      paint.a = 0;
      return;
    }
    const inside = (y - edge) / Math.max(1, groundY - edge);
    const clumps = noise(x * scaleX * 4 + 9, y * scaleX * 4 + seed);
    const k = lit * (0.55 + 0.7 * clumps) * (1 - inside * 0.35);
    paint.r = leaves.r * k * (1 - haze) + hz.r * haze;
    paint.g = leaves.g * k * (1 - haze) + hz.g * haze;
    paint.b = leaves.b * k * (1 - haze) + hz.b * haze;
    paint.a = clamp(y - edge + 1, 0, 1);
  });
}
