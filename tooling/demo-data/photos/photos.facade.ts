import { type Rgb, rgb } from "./photos.color.ts";
import type { Light } from "./photos.light.ts";
import type { Material, Sample } from "./photos.material.ts";
import { clamp, hash, lines, noise, smoothstep } from "./photos.noise.ts";

// A wall with its windows and doors cut in, in the wall's plane coordinates (u along it, v up from the
// ground). Glass is dark and reflects the sky, window reveals throw a shadow, sills stick out, and at dusk
// the rooms behind glow.

export type OpeningKind = "window" | "door" | "patio" | "garage";

export type Opening = {
  kind: OpeningKind;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
  /** Glazing bars: columns and rows of panes. */
  panes?: [number, number];
  frame: Rgb;
  /** The leaf colour of a door or garage door. */
  leaf?: Rgb;
  /** Shutters either side (Mediterranean), their colour. */
  shutters?: Rgb;
  sill?: Rgb;
  /** How far the frame sits back from the wall face (metres): the deeper, the wider the reveal's shadow. */
  recess?: number;
};

/** How a house's windows look: frame colour and the extras of its style. */
export type WindowLook = Pick<Opening, "frame" | "panes" | "sill" | "shutters" | "recess">;

/** A window (or patio door) centred `centre` along the wall, `width` wide, from v0 to v1 up it. */
export function windowAt(
  centre: number,
  width: number,
  v0: number,
  v1: number,
  look: WindowLook,
  kind: OpeningKind = "window",
): Opening {
  return { kind, u0: centre - width / 2, u1: centre + width / 2, v0, v1, ...look };
}

export type FacadeOptions = {
  /** Height of the eaves (v) and how far the roof overhangs: the wall below them is in shade. */
  eaves?: { height: number; overhang: number };
  /**
   * Sun angle on this wall: tangent of the sun's elevation seen square to the wall, and its sideways lean.
   */
  sunSlope: number;
  sunSide: number;
  /** A band of other material at the foot of the wall (a plinth, a brick base under cladding). */
  plinth?: { height: number; material: Material };
  /** Downpipes: where along the wall, how high they reach, their colour. */
  pipes?: { u: number; top: number; color: Rgb }[];
};

const FRAME = 0.055;
const BAR = 0.025;

/** `wall` with `openings` cut in. */
export function facade(
  wall: Material,
  openings: readonly Opening[],
  light: Light,
  options: FacadeOptions,
): Material {
  const { eaves, sunSlope, sunSide, plinth, pipes = [] } = options;
  const pipeShadow = 0.08 * Math.min(3, Math.abs(sunSide));
  const shadeHeight = eaves ? Math.min(2, eaves.overhang * sunSlope) : 0;
  const reflectTop = light.zenith;
  const reflectBottom = light.horizon;
  // A wall pixel checks only the openings near it: the openings are filed by metre along the wall.
  const start = Math.floor(Math.min(0, ...openings.map((opening) => opening.u0)) - 1);
  const buckets: Opening[][] = [];
  for (const opening of openings) {
    for (let metre = Math.floor(opening.u0 - 0.7); metre <= Math.floor(opening.u1 + 0.7); metre += 1) {
      const bucket = buckets[metre - start] ?? [];
      bucket.push(opening);
      buckets[metre - start] = bucket;
    }
  }
  const none: Opening[] = [];
  return (u, v, fu, fv, out) => {
    const near = buckets[Math.floor(u) - start] ?? none;
    for (const opening of near) {
      if (u < opening.u0 - 0.45 || u > opening.u1 + 0.45 || v < opening.v0 - 0.12 || v > opening.v1 + 0.12)
        continue;
      if (opening.shutters && v >= opening.v0 && v <= opening.v1) {
        const width = (opening.u1 - opening.u0) / 2;
        if ((u < opening.u0 && u > opening.u0 - width) || (u > opening.u1 && u < opening.u1 + width)) {
          shutter(opening.shutters, v, fv, out);
          return;
        }
      }
      if (u >= opening.u0 && u <= opening.u1 && v >= opening.v0 && v <= opening.v1) {
        inside(opening, u, v, fu, fv, out, light, reflectTop, reflectBottom, sunSlope, sunSide);
        return;
      }
      if (
        opening.sill &&
        opening.kind === "window" &&
        u > opening.u0 - 0.05 &&
        u < opening.u1 + 0.05 &&
        v < opening.v0 &&
        v > opening.v0 - 0.07
      ) {
        out.r = opening.sill.r;
        out.g = opening.sill.g;
        out.b = opening.sill.b;
        out.er = 0;
        out.eg = 0;
        out.eb = 0;
        out.occlusion = v < opening.v0 - 0.05 ? 0.55 : 1;
        out.sunlit = 1;
        return;
      }
    }
    for (const pipe of pipes) {
      const d = u - pipe.u;
      if (v < pipe.top && d > -0.045 && d < 0.045) {
        // A round pipe: bright down its middle towards the light, darker at its sides.
        const k = 0.55 + 0.55 * Math.cos((d / 0.045) * 1.4);
        out.r = pipe.color.r * k;
        out.g = pipe.color.g * k;
        out.b = pipe.color.b * k;
        out.er = 0;
        out.eg = 0;
        out.eb = 0;
        out.occlusion = 1;
        out.sunlit = 1;
        return;
      }
    }
    if (plinth && v < plinth.height) {
      plinth.material(u, v, fu, fv, out);
      if (plinth.height - v < 0.03) out.occlusion *= 1.15;
    } else {
      wall(u, v, fu, fv, out);
      if (plinth) out.sunlit *= soft(v - plinth.height, 0.04, fv);
    }
    for (const pipe of pipes) {
      const d = (u - pipe.u) * Math.sign(-sunSide || 1);
      if (v < pipe.top && d > 0.045 && d < 0.045 + pipeShadow) out.sunlit = 0;
    }
    // Drip shadow under sills: a short darker band below each window.
    for (const opening of near) {
      if (
        opening.sill &&
        u > opening.u0 - 0.05 &&
        u < opening.u1 + 0.05 &&
        v < opening.v0 - 0.07 &&
        v > opening.v0 - 0.07 - 0.12 * sunSlope
      ) {
        out.sunlit = 0;
      }
    }
    if (eaves) {
      const below = eaves.height - v;
      out.sunlit *= soft(below, shadeHeight, fv);
      out.occlusion *= 0.72 + 0.28 * clamp(below / 0.6);
    }
  };
}

/** 0 below `edge`, 1 above, blended over one pixel's footprint so shadow edges do not stair-step. */
function soft(distance: number, edge: number, footprint: number): number {
  return smoothstep(edge - footprint, edge + footprint, distance);
}

function shutter(color: Rgb, v: number, fv: number, out: Sample) {
  const louvre = 0.045;
  const k = 0.8 + 0.3 * (1 - lines(v / louvre, 0.35, fv / louvre));
  out.r = color.r * k;
  out.g = color.g * k;
  out.b = color.b * k;
  out.er = 0;
  out.eg = 0;
  out.eb = 0;
  out.occlusion = 0.9;
  out.sunlit = 1;
}

function inside(
  opening: Opening,
  u: number,
  v: number,
  fu: number,
  fv: number,
  out: Sample,
  light: Light,
  top: Rgb,
  bottom: Rgb,
  sunSlope: number,
  sunSide: number,
) {
  const { u0, u1, v0, v1, kind, frame } = opening;
  const recess = opening.recess ?? 0.1;
  out.er = 0;
  out.eg = 0;
  out.eb = 0;
  out.sunlit = 1;
  out.occlusion = 1;
  const du = Math.min(u - u0, u1 - u);
  const dvTop = v1 - v;
  // The reveal's shadow: from the head down and from the sun's side across.
  const revealTop = recess * sunSlope;
  const revealSide = recess * Math.abs(sunSide);
  const sideDistance = sunSide > 0 ? u1 - u : u - u0;
  out.sunlit = soft(dvTop, revealTop, fv) * soft(sideDistance, revealSide, fu);
  out.occlusion = 0.65 + 0.35 * clamp(Math.min(du, dvTop) / 0.12);
  if (kind === "door" || kind === "garage") {
    const border = FRAME * 1.2;
    if (du < border || dvTop < border) {
      paintColor(out, frame, 1);
      return;
    }
    const leaf = opening.leaf ?? rgb("#3b4a57");
    if (kind === "garage") {
      const band = ((v - v0) / 0.5) % 1;
      paintColor(out, leaf, band < 0.06 || band > 0.94 ? 0.7 : 1 - band * 0.06);
      return;
    }
    // A panelled door with a glazed top third and a brass handle.
    const w = u1 - u0;
    const h = v1 - v0;
    const lu = (u - u0) / w;
    const lv = (v - v0) / h;
    if (lv > 0.7 && lv < 0.9 && lu > 0.2 && lu < 0.8) {
      glass(out, light, v, v0 + h * 0.7, v0 + h * 0.9, top, bottom, 0.6, u, opening);
      return;
    }
    const panel = lu > 0.17 && lu < 0.83 && ((lv > 0.08 && lv < 0.4) || (lv > 0.45 && lv < 0.65));
    const edge =
      panel && (Math.abs(lu - 0.17) < 0.02 || Math.abs(lv - 0.08) < 0.015 || Math.abs(lv - 0.45) < 0.015);
    const handle = Math.abs(lu - 0.88) < 0.025 && Math.abs(lv - 0.47) < 0.02;
    if (handle) {
      paintColor(out, rgb("#c9a65a"), 1);
      out.er = 0.02;
      return;
    }
    paintColor(out, leaf, edge ? 0.7 : panel ? 0.94 : 1);
    return;
  }
  // Windows and patio doors: a frame, glazing bars, glass.
  if (du < FRAME || dvTop < FRAME || v - v0 < FRAME) {
    paintColor(out, frame, 1);
    return;
  }
  const [columns, rows] = opening.panes ?? [1, 1];
  const pu = ((u - u0 - FRAME) / (u1 - u0 - 2 * FRAME)) * columns;
  const pv = ((v - v0 - FRAME) / (v1 - v0 - 2 * FRAME)) * rows;
  const barU = (BAR / (u1 - u0)) * columns;
  const barV = (BAR / (v1 - v0)) * rows;
  const nearBarU = Math.abs(pu - Math.round(pu)) < barU && Math.round(pu) > 0 && Math.round(pu) < columns;
  const nearBarV = Math.abs(pv - Math.round(pv)) < barV && Math.round(pv) > 0 && Math.round(pv) < rows;
  if ((nearBarU || nearBarV) && (fu < BAR * 2 || fv < BAR * 2)) {
    paintColor(out, frame, 0.95);
    return;
  }
  glass(out, light, v, v0, v1, top, bottom, 1, u, opening);
}

function paintColor(out: Sample, color: Rgb, k: number) {
  out.r = color.r * k;
  out.g = color.g * k;
  out.b = color.b * k;
}

/** Glass: little of its own colour; the sky reflected (more towards the top), curtains and rooms behind. */
function glass(
  out: Sample,
  light: Light,
  v: number,
  v0: number,
  v1: number,
  top: Rgb,
  bottom: Rgb,
  strength: number,
  u: number,
  opening: Opening,
) {
  const t = clamp((v - v0) / Math.max(0.3, v1 - v0));
  const id = hash(Math.floor(opening.u0 * 10), Math.floor(opening.v0 * 10), 3);
  // What stands opposite (trees, houses) darkens the lower reflection in blotches.
  const opposite = clamp((noise(u * 0.7 + id * 9, v * 0.7) - 0.35) * 2.2) * (1 - t * 0.6);
  const fresnel = 0.22 * strength * (1 - opposite * 0.75);
  const streak = 1 + (noise(u * 2 + v * 1.3, v * 0.2) - 0.5) * 0.5;
  out.r = 0.018;
  out.g = 0.02;
  out.b = 0.022;
  out.er = (bottom.r + (top.r - bottom.r) * t) * fresnel * streak;
  out.eg = (bottom.g + (top.g - bottom.g) * t) * fresnel * streak;
  out.eb = (bottom.b + (top.b - bottom.b) * t) * fresnel * streak;
  // Curtains at the sides of some windows, a blind at the top of others: pale fabric in the room's light.
  const lu = (u - opening.u0) / (opening.u1 - opening.u0);
  const curtain = id < 0.45 && (lu < 0.14 || lu > 0.86);
  const blind = id > 0.75 && t > 0.72;
  if (curtain || blind) {
    const fold = curtain ? 0.85 + 0.15 * Math.sin(lu * 90) : 0.95;
    out.r = 0.22 * fold;
    out.g = 0.2 * fold;
    out.b = 0.17 * fold;
    out.occlusion = 0.55;
  }
  if (light.lampsOn && id > 0.25) {
    const warm = (0.5 + id) * (0.7 + 0.3 * t) * (curtain || blind ? 1.4 : 1);
    out.er += 0.9 * warm;
    out.eg += 0.55 * warm;
    out.eb += 0.25 * warm;
  }
  out.sunlit = Math.min(out.sunlit, 0.3);
}
