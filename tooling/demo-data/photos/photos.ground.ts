import type { Rgb } from "./photos.color.ts";
import { createSample, type Material } from "./photos.material.ts";
import { clamp, lines, noise, smoothstep } from "./photos.noise.ts";
import { FULL, putUnder } from "./photos.raster.ts";
import type { Scene } from "./photos.scene.ts";

// The ground from the camera's feet to the horizon: lawn by default, with paths, drives, terraces, beds and
// pools laid on it as rectangles of other materials, darker where it meets a wall. The camera is level, so
// every pixel row of the ground lies at one distance: the ground is drawn row by row, stepping along each row
// in plane coordinates, which is several times cheaper than the general perspective mapping.

/** A rectangle of the ground plan (x across, z away from the street) covered with another material. */
export type Patch = { x0: number; x1: number; z0: number; z1: number; material: Material };
/** A footprint the ground meets (a house, a wall): the ground darkens next to it. */
export type Footprint = { x0: number; x1: number; z0: number; z1: number };

/** A mown lawn: broad patches of lusher and drier grass, mowing stripes, blades up close. */
export function lawn(green: Rgb, dry: Rgb, stripe: number): Material {
  return (u, v, fu, fv, out) => {
    const footprint = Math.max(fu, fv);
    const patches = smoothstep(0.45, 0.7, noise(u * 0.08 + 3, v * 0.08));
    const clumps = noise(u * 0.9, v * 0.9) - 0.5;
    // Tufts and thinner patches a metre or so across: a lawn is never one even green.
    const tufts = noise(u * 0.35 + 11, v * 0.35 + 5) - 0.5;
    let k = 1 + clumps * 0.45 + tufts * 0.35;
    let hollow = 0;
    if (footprint < 0.03) {
      const blades = (noise(u * 30, v * 30) - 0.5) * clamp(1.5 - footprint / 0.02);
      k += blades * 0.5;
      hollow = Math.max(0, -blades) * 0.4;
      if (footprint < 0.009) {
        const fine = (noise(u * 110 + 5, v * 110) - 0.5) * clamp(1.5 - footprint / 0.006);
        k += fine * 0.5;
        hollow += Math.max(0, -fine) * 0.3;
      }
    }
    if (stripe > 0) k *= 0.96 + lines(u / (2 * stripe), 0.5, fu / (2 * stripe)) * 0.08;
    const t = patches * 0.55;
    out.r = (green.r + (dry.r - green.r) * t) * k;
    out.g = (green.g + (dry.g - green.g) * t) * k;
    out.b = (green.b + (dry.b - green.b) * t) * k;
    out.occlusion = 1 - hollow;
  };
}

/** Draws the ground plane from the bottom of the frame up to the horizon, with its patches. */
export function drawGround(
  scene: Scene,
  base: Material,
  patches: readonly Patch[],
  footprints: readonly Footprint[],
) {
  const { camera, canvas, light, shadow } = scene;
  const { width } = canvas;
  const { right, forward, focal, cx, cy, position } = camera;
  const height = position.y;
  const sample = createSample();
  const sunOnGround = Math.max(0, light.sun.y);
  const direct = {
    r: light.sunColor.r * sunOnGround,
    g: light.sunColor.g * sunOnGround,
    b: light.sunColor.b * sunOnGround,
  };
  const ambient = light.skyLight;
  const haze = light.horizon;
  const near = footprints.map((f) => ({ x0: f.x0 - 1, x1: f.x1 + 1, z0: f.z0 - 1, z1: f.z1 + 1, f }));
  const chosen: Material[] = new Array(width);
  const firstRow = Math.max(0, Math.floor(cy + 1));
  for (let y = firstRow; y < canvas.height; y += 1) {
    const below = (y + 0.5 - cy) / focal;
    // The ray through this row meets the ground `distance` ahead; along the row it moves by `step` metres
    // per pixel, sideways along the camera's right.
    const distance = height / below;
    const step = distance / focal;
    const startOffset = (0.5 - cx) * step;
    let u = position.x + forward.x * distance + right.x * startOffset;
    let v = position.z + forward.z * distance + right.z * startOffset;
    const du = right.x * step;
    const dv = right.z * step;
    // How much ground one pixel covers: across the row one step; down the rows much more (foreshortening).
    const footU = step;
    const footV = step / below;
    const fu = Math.abs(right.x) * footU + Math.abs(forward.x) * footV;
    const fv = Math.abs(right.z) * footU + Math.abs(forward.z) * footV;
    const h = distance / (distance + light.hazeDistance);
    const k = 1 - h;
    chosen.fill(base);
    // Which patch each pixel of the row lies in: clip the row's line against each rectangle.
    for (const patch of patches) {
      const [from, to] = clipLine(u, v, du, dv, patch, width);
      for (let x = from; x < to; x += 1) chosen[x] = patch.material;
    }
    const rowShadow = y * width;
    for (let x = 0; x < width; x += 1, u += du, v += dv) {
      if (canvas.cover[rowShadow + x]! >= FULL) continue;
      sample.occlusion = 1;
      sample.sunlit = 1;
      sample.er = 0;
      sample.eg = 0;
      sample.eb = 0;
      chosen[x]!(u, v, fu, fv, sample);
      let ao = sample.occlusion;
      for (const box of near) {
        if (u > box.x0 && u < box.x1 && v > box.z0 && v < box.z1) {
          const f = box.f;
          const d = Math.max(f.x0 - u, 0, u - f.x1, f.z0 - v, v - f.z1);
          if (d < 1) ao *= 0.5 + 0.5 * Math.sqrt(d);
        }
      }
      const sun = sample.sunlit * (1 - shadow.value[rowShadow + x]!);
      putUnder(
        canvas,
        rowShadow + x,
        (sample.r * (direct.r * sun + ambient.r * ao) + sample.er) * k + haze.r * h,
        (sample.g * (direct.g * sun + ambient.g * ao) + sample.eg) * k + haze.g * h,
        (sample.b * (direct.b * sun + ambient.b * ao) + sample.eb) * k + haze.b * h,
      );
    }
  }
}

/** The pixel range [from, to) of a row (starting at u, v and stepping du, dv) inside a patch. */
function clipLine(
  u: number,
  v: number,
  du: number,
  dv: number,
  patch: Patch,
  width: number,
): [number, number] {
  let t0 = 0;
  let t1 = width;
  for (const [start, delta, low, high] of [
    [u, du, patch.x0, patch.x1],
    [v, dv, patch.z0, patch.z1],
  ] as const) {
    if (Math.abs(delta) < 1e-12) {
      if (start < low || start > high) return [0, 0];
      continue;
    }
    let a = (low - start) / delta;
    let b = (high - start) / delta;
    if (a > b) [a, b] = [b, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, b);
  }
  if (t1 <= t0) return [0, 0];
  return [Math.max(0, Math.ceil(t0)), Math.min(width, Math.floor(t1) + 1)];
}
