import type { Random } from "./demo-data.random.ts";

// Shared drawing helpers of the demo photo generator: the size of every photo, colour arithmetic and a few
// shapes both exteriors and interiors use. Pure string building; sharp renders the result.

/** Every generated photo is a 3:2 landscape as large as the widest stored variant, like a phone photo. */
export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1067;

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour by a fraction of the way to white/black. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const target = amount > 0 ? 255 : 0;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** A vertical linear gradient definition. */
export function verticalGradient(id: string, stops: readonly string[]): string {
  const step = stops.length > 1 ? 100 / (stops.length - 1) : 0;
  const body = stops
    .map((color, index) => `<stop offset="${index * step}%" stop-color="${color}"/>`)
    .join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${body}</linearGradient>`;
}

/** A whole SVG document of the photo size. */
export function svgDocument(defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" ` +
    `viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}"><defs>${defs}</defs>${body}</svg>`
  );
}

/** A polygon from [x, y] pairs. */
export function polygon(points: readonly (readonly [number, number])[], fill: string, extra = ""): string {
  return `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(" ")}" fill="${fill}" ${extra}/>`;
}

/** A rectangle, optionally rounded. */
export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  radius = 0,
  extra = "",
): string {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" rx="${radius}" fill="${fill}" ${extra}/>`;
}

/** A leafy round tree or a pine, standing on `groundY`. */
export function tree(random: Random, x: number, groundY: number, scale: number): string {
  const trunk = rect(x - 9 * scale, groundY - 90 * scale, 18 * scale, 90 * scale, "#6b4a2e");
  const green = random.pick(["#3f7d3a", "#4d8f45", "#2f6b3a", "#5a9a4a", "#6e8f3a"]);
  if (random.chance(0.35)) {
    const tiers = [0, 1, 2]
      .map((tier) => {
        const top = groundY - (330 - tier * 80) * scale;
        const half = (70 + tier * 28) * scale;
        const bottom = top + 150 * scale;
        return polygon(
          [
            [x, top],
            [x + half, bottom],
            [x - half, bottom],
          ],
          shade(green, -0.15 + tier * 0.08),
        );
      })
      .join("");
    return trunk + tiers;
  }
  const blobs = Array.from({ length: 4 }, () => {
    const cx = x + random.int(-55, 55) * scale;
    const cy = groundY - random.int(150, 230) * scale;
    const r = random.int(60, 90) * scale;
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${shade(green, random.next() * 0.25 - 0.1)}"/>`;
  }).join("");
  return trunk + blobs;
}

/** A potted plant whose pot stands on `baseY`. */
export function pottedPlant(random: Random, x: number, baseY: number, scale: number): string {
  const pot = polygon(
    [
      [x - 34 * scale, baseY - 70 * scale],
      [x + 34 * scale, baseY - 70 * scale],
      [x + 26 * scale, baseY],
      [x - 26 * scale, baseY],
    ],
    random.pick(["#c8734a", "#e8e2d6", "#3d4a57", "#b9a58a"]),
  );
  const leaves = Array.from({ length: 7 }, (_, index) => {
    const angle = -80 + index * 27 + random.int(-8, 8);
    const length = random.int(70, 120) * scale;
    return (
      `<ellipse cx="${round(x)}" cy="${round(baseY - 70 * scale - length / 2)}" rx="${round(16 * scale)}" ` +
      `ry="${round(length / 2)}" fill="${shade("#4f8a45", random.next() * 0.3 - 0.15)}" ` +
      `transform="rotate(${angle} ${round(x)} ${round(baseY - 70 * scale)})"/>`
    );
  }).join("");
  return leaves + pot;
}

/** Keeps the SVG text short: a tenth of a pixel is finer than anything visible. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
