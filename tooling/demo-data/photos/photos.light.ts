import type { Random } from "#tooling/demo-data/demo-data.random.ts";
import { type Vec3, vec } from "./photos.camera.ts";
import { linear, type Rgb, rgb, scale } from "./photos.color.ts";

// The light of a scene: where the sun is and what colour, how bright the sky is, how hazy the distance, and
// how the camera's finish grades it. Real estate photos are mostly taken on clear days; some at golden hour,
// some overcast, and the occasional twilight shot with every window lit.

export type LightName = "midday" | "afternoon" | "golden" | "overcast" | "twilight" | "hazy";

export type Light = {
  name: LightName;
  /** Unit vector towards the sun. */
  sun: Vec3;
  /** Light arriving from the sun on a surface facing it, and from the sky on an upward surface. */
  sunColor: Rgb;
  skyLight: Rgb;
  /** Light bounced up from the ground onto downward-facing surfaces. */
  bounce: Rgb;
  /** Colours of the sky itself, straight up and at the horizon, and of the glow around the sun. */
  zenith: Rgb;
  horizon: Rgb;
  glow: Rgb;
  /** How much of the sky is cloud (0 to 1) and the clouds' lit and shaded colours. */
  cloudCover: number;
  cloudLit: Rgb;
  cloudShade: Rgb;
  /** The colour of distant air and the distance (metres) at which it takes half of what is seen. */
  haze: Rgb;
  hazeDistance: number;
  /** Windows glow from inside (dusk). */
  lampsOn: boolean;
  /** Exposure and white balance of the finish (multiplied into linear light). */
  exposure: number;
  balance: Rgb;
};

function sunVector(elevationDeg: number, azimuth: number): Vec3 {
  const e = (elevationDeg * Math.PI) / 180;
  return vec(Math.cos(e) * Math.sin(azimuth), Math.sin(e), Math.cos(e) * Math.cos(azimuth));
}

/**
 * The light `name` with the sun at compass direction `azimuth` (radians, same convention as the camera's
 * yaw), varied a little by `random`.
 */
export function createLight(name: LightName, azimuth: number, random: Random): Light {
  const jitter = (hex: string, amount = 0.06) => {
    const color = rgb(hex);
    const k = 1 + (random.next() - 0.5) * amount;
    return scale(color, k);
  };
  switch (name) {
    case "midday":
      return {
        name,
        sun: sunVector(random.range(42, 60), azimuth),
        sunColor: linear(3.1, 2.95, 2.7),
        skyLight: linear(0.42, 0.52, 0.72),
        bounce: linear(0.288, 0.306, 0.216),
        zenith: jitter("#2f6fc0"),
        horizon: jitter("#c4d8ec"),
        glow: linear(1.2, 1.15, 1.0),
        cloudCover: random.range(0.15, 0.45),
        cloudLit: linear(1.25, 1.25, 1.25),
        cloudShade: linear(0.55, 0.6, 0.7),
        haze: rgb("#b9cbe0"),
        hazeDistance: 900,
        lampsOn: false,
        exposure: 0.42,
        balance: linear(1, 1, 1),
      };
    case "afternoon":
      return {
        name,
        sun: sunVector(random.range(24, 36), azimuth),
        sunColor: linear(3.0, 2.75, 2.35),
        skyLight: linear(0.4, 0.5, 0.7),
        bounce: linear(0.288, 0.288, 0.198),
        zenith: jitter("#3a77c4"),
        horizon: jitter("#d2deea"),
        glow: linear(1.4, 1.25, 0.95),
        cloudCover: random.range(0.1, 0.4),
        cloudLit: linear(1.3, 1.24, 1.15),
        cloudShade: linear(0.55, 0.58, 0.68),
        haze: rgb("#c9d3df"),
        hazeDistance: 800,
        lampsOn: false,
        exposure: 0.44,
        balance: linear(1.02, 1, 0.97),
      };
    case "golden":
      return {
        name,
        sun: sunVector(random.range(9, 16), azimuth),
        sunColor: linear(2.9, 2.15, 1.3),
        skyLight: linear(0.36, 0.42, 0.58),
        bounce: linear(0.306, 0.25, 0.16),
        zenith: jitter("#4a80c4"),
        horizon: jitter("#f0d2a8"),
        glow: linear(2.2, 1.6, 0.85),
        cloudCover: random.range(0.1, 0.4),
        cloudLit: linear(1.6, 1.2, 0.85),
        cloudShade: linear(0.5, 0.5, 0.58),
        haze: rgb("#e6c7a6"),
        hazeDistance: 600,
        lampsOn: random.chance(0.3),
        exposure: 0.5,
        balance: linear(1.04, 1, 0.93),
      };
    case "overcast":
      return {
        name,
        sun: sunVector(random.range(30, 50), azimuth),
        sunColor: linear(0.25, 0.25, 0.26),
        skyLight: linear(1.15, 1.18, 1.24),
        bounce: linear(0.396, 0.414, 0.36),
        zenith: jitter("#b9c1cb"),
        horizon: jitter("#e4e7ea"),
        glow: linear(0.3, 0.3, 0.3),
        cloudCover: 1,
        cloudLit: linear(1.05, 1.07, 1.1),
        cloudShade: linear(0.62, 0.65, 0.7),
        haze: rgb("#d3d8de"),
        hazeDistance: 450,
        lampsOn: false,
        exposure: 0.62,
        balance: linear(0.99, 1, 1.02),
      };
    case "twilight":
      return {
        name,
        sun: sunVector(-3, azimuth),
        sunColor: linear(0, 0, 0),
        skyLight: linear(0.12, 0.14, 0.24),
        bounce: linear(0.09, 0.081, 0.072),
        zenith: jitter("#1c2e5c", 0.1),
        horizon: jitter("#e79a66", 0.1),
        glow: linear(0.8, 0.4, 0.2),
        cloudCover: random.range(0.05, 0.3),
        cloudLit: linear(0.9, 0.5, 0.45),
        cloudShade: linear(0.12, 0.12, 0.2),
        haze: rgb("#6d6f8a"),
        hazeDistance: 700,
        lampsOn: true,
        exposure: 1.35,
        balance: linear(1, 1, 1.04),
      };
    case "hazy":
      return {
        name,
        sun: sunVector(random.range(18, 30), azimuth),
        sunColor: linear(2.3, 2.15, 1.85),
        skyLight: linear(0.55, 0.6, 0.72),
        bounce: linear(0.324, 0.324, 0.252),
        zenith: jitter("#6d97c8"),
        horizon: jitter("#e3e4e2"),
        glow: linear(1.8, 1.65, 1.35),
        cloudCover: random.range(0.05, 0.25),
        cloudLit: linear(1.3, 1.28, 1.2),
        cloudShade: linear(0.7, 0.72, 0.78),
        haze: rgb("#dfe2e4"),
        hazeDistance: 300,
        lampsOn: false,
        exposure: 0.47,
        balance: linear(1.02, 1, 0.98),
      };
  }
}

/** Turns the sun to compass direction `azimuth`, keeping its height. */
export function aimSun(light: Light, azimuth: number) {
  const elevation = (Math.asin(Math.max(-1, Math.min(1, light.sun.y))) * 180) / Math.PI;
  light.sun = sunVector(elevation, azimuth);
}

/**
 * Light on a flat face with normal `n`: what the sun adds (before shadows) and the sky's share (before AO).
 */
export function faceLight(light: Light, n: Vec3): { direct: Rgb; ambient: Rgb } {
  const facing = Math.max(0, n.x * light.sun.x + n.y * light.sun.y + n.z * light.sun.z);
  const up = 0.5 + 0.5 * n.y;
  return {
    direct: scale(light.sunColor, facing),
    ambient: linear(
      light.skyLight.r * up + light.bounce.r * (1 - up),
      light.skyLight.g * up + light.bounce.g * (1 - up),
      light.skyLight.b * up + light.bounce.b * (1 - up),
    ),
  };
}
