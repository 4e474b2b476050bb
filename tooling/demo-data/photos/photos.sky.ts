import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import type { Camera } from "./photos.camera.ts";
import type { Light } from "./photos.light.ts";
import { noise, smoothstep } from "./photos.noise.ts";
import { type Canvas, FULL, putUnder } from "./photos.raster.ts";

// The sky as a camera sees it: brighter and paler towards the horizon, a glow around the sun, and clouds laid
// on a plane high above, so they shrink and flatten into the distance as real ones do.

// The sky has no sharp detail, so it is computed at a third of the resolution and scaled up: a ninth of the
// work.
const STEP = 3;

/** Paints the sky over rows 0 to `bottom` (anything drawn later covers it). */
export function drawSky(canvas: Canvas, camera: Camera, light: Light, random: Random, bottom: number) {
  const rows = Math.min(canvas.height, Math.ceil(bottom));
  const lowWidth = Math.ceil(canvas.width / STEP) + 1;
  const lowRows = Math.ceil(rows / STEP) + 1;
  const low = new Float32Array(lowWidth * lowRows * 3);
  skyInto(low, lowWidth, lowRows, camera, light, random);
  const { width } = canvas;
  for (let y = 0; y < rows; y += 1) {
    const ly = (y + 0.5) / STEP - 0.5;
    const y0 = Math.max(0, Math.floor(ly));
    const ty = Math.max(0, ly - y0);
    const row0 = y0 * lowWidth;
    const row1 = Math.min(lowRows - 1, y0 + 1) * lowWidth;
    for (let x = 0; x < width; x += 1) {
      const lx = (x + 0.5) / STEP - 0.5;
      const x0 = Math.max(0, Math.floor(lx));
      const tx = Math.max(0, lx - x0);
      const a = (row0 + x0) * 3;
      const b = a + 3;
      const c = (row1 + x0) * 3;
      const d = c + 3;
      const index = y * width + x;
      if (canvas.cover[index]! >= FULL) continue;
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      putUnder(
        canvas,
        index,
        low[a]! * w00 + low[b]! * w01 + low[c]! * w10 + low[d]! * w11,
        low[a + 1]! * w00 + low[b + 1]! * w01 + low[c + 1]! * w10 + low[d + 1]! * w11,
        low[a + 2]! * w00 + low[b + 2]! * w01 + low[c + 2]! * w10 + low[d + 2]! * w11,
      );
    }
  }
}

function skyInto(
  out: Float32Array,
  width: number,
  rows: number,
  camera: Camera,
  light: Light,
  random: Random,
) {
  const { right, forward, focal, cx, cy } = camera;
  const { zenith, horizon, glow, sun, cloudLit, cloudShade } = light;
  const offsetX = random.range(0, 50);
  const offsetZ = random.range(0, 50);
  const cover = light.cloudCover;
  // Clouds are denser where the noise is high; the threshold sets how much sky they take.
  const threshold = 0.62 - cover * 0.3;
  const stretch = random.range(0.7, 1.4);
  for (let y = 0; y < rows; y += 1) {
    const dy = (cy - (y + 0.5) * STEP) / focal;
    for (let x = 0; x < width; x += 1) {
      const dx = ((x + 0.5) * STEP - cx) / focal;
      let rx = right.x * dx + forward.x;
      let ry = dy;
      let rz = right.z * dx + forward.z;
      const length = Math.sqrt(rx * rx + ry * ry + rz * rz);
      rx /= length;
      ry /= length;
      rz /= length;
      const up = Math.max(ry, 0);
      const t = Math.sqrt(up);
      let r = horizon.r + (zenith.r - horizon.r) * t;
      let g = horizon.g + (zenith.g - horizon.g) * t;
      let b = horizon.b + (zenith.b - horizon.b) * t;
      const c = rx * sun.x + ry * sun.y + rz * sun.z;
      if (c > 0) {
        const c2 = c * c;
        const c8 = c2 * c2 * c2 * c2;
        const c64 = c8 * c8 * c8 * c8 * c8 * c8 * c8 * c8;
        const halo = 0.25 * c8 + 0.6 * c64 + 8 * c64 * c64 * c64 * c64;
        r += glow.r * halo;
        g += glow.g * halo;
        b += glow.b * halo;
      }
      if (up > 0.005 && cover > 0) {
        // Where the ray meets a cloud layer one unit up, in units of a cloud's size.
        const px = (rx / up) * 0.45 * stretch + offsetX;
        const pz = (rz / up) * 0.45 + offsetZ;
        const n = noise(px, pz);
        const density =
          smoothstep(threshold, threshold + 0.18, n) * smoothstep(0.005, 0.12, up) * (cover >= 1 ? 0.85 : 1);
        if (density > 0) {
          // Brighter where the cloud thins towards the sun: a cheap sense of volume.
          const towards = noise(px + sun.x * 0.08, pz + sun.z * 0.08);
          const lit = smoothstep(-0.06, 0.08, n - towards) * 0.7 + 0.3 * (1 - density);
          const glowShare = c > 0 ? c * c * c * 0.5 : 0;
          const cr = cloudShade.r + (cloudLit.r - cloudShade.r) * lit + glow.r * glowShare;
          const cg = cloudShade.g + (cloudLit.g - cloudShade.g) * lit + glow.g * glowShare;
          const cb = cloudShade.b + (cloudLit.b - cloudShade.b) * lit + glow.b * glowShare;
          r += (cr - r) * density;
          g += (cg - g) * density;
          b += (cb - b) * density;
        }
      }
      const offset = (y * width + x) * 3;
      out[offset] = r;
      out[offset + 1] = g;
      out[offset + 2] = b;
    }
  }
}
