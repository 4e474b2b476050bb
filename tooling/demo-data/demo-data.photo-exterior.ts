import {
  PHOTO_HEIGHT as H,
  polygon,
  rect,
  round,
  shade,
  svgDocument,
  tree,
  verticalGradient,
  PHOTO_WIDTH as W,
} from "./demo-data.photo-svg.ts";
import { createRandom, type Random } from "./demo-data.random.ts";

// A house seen from its garden: sky, hills, lawn, one of four house styles, trees and bushes. The seed picks
// every colour, size and position, so one number always draws the same picture.

const SKIES = [
  { top: "#4f8fd0", bottom: "#d6ecfa", sun: "#fff6d5", lit: false },
  { top: "#2f3f7a", bottom: "#f4a261", sun: "#ffd29a", lit: true },
  { top: "#7fb8e6", bottom: "#fde8cc", sun: "#fffbe8", lit: false },
  { top: "#8b98a8", bottom: "#e2e6ea", sun: "#f5f5f0", lit: false },
  { top: "#5d4a8c", bottom: "#f7b7a3", sun: "#ffe0b8", lit: true },
] as const;
const WALLS = [
  "#f2e8d5",
  "#e9d8c4",
  "#c96f53",
  "#f5f3ee",
  "#9fb7c9",
  "#d9c27e",
  "#b8c4a8",
  "#e3b5a4",
  "#7d8c99",
];
const ROOFS = ["#5a3d31", "#3e4a57", "#8a3b2e", "#2f2f35", "#6d5c4d", "#4a5d4a"];
const DOORS = ["#2f4858", "#7a2e2e", "#3a5a40", "#f0c05a", "#1f2933", "#8c5a3c"];
const STYLES = ["gable", "hip", "modern", "townhouse"] as const;
type Style = (typeof STYLES)[number];

const HORIZON = H * 0.62;
const GROUND = H * 0.86;

/** The SVG of an exterior photo for `seed`. */
export function exteriorSvg(seed: number): string {
  const random = createRandom(seed * 7919 + 17);
  const sky = random.pick(SKIES);
  const style: Style = STYLES[seed % STYLES.length]!;
  const defs =
    verticalGradient("sky", [sky.top, sky.bottom]) +
    verticalGradient("lawn", ["#7fae57", "#4f7f38"]) +
    verticalGradient("glass", sky.lit ? ["#ffd98a", "#f3a64b"] : ["#cfe3f2", "#6f8fa8"]) +
    `<radialGradient id="sun"><stop offset="0%" stop-color="${sky.sun}"/><stop offset="35%" stop-color="${sky.sun}" stop-opacity="0.9"/><stop offset="100%" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>`;
  const sunX = random.int(120, W - 120);
  const body = [
    rect(0, 0, W, HORIZON + 10, "url(#sky)"),
    `<circle cx="${sunX}" cy="${random.int(90, 260)}" r="150" fill="url(#sun)"/>`,
    clouds(random),
    hills(random),
    rect(0, HORIZON, W, H - HORIZON, "url(#lawn)"),
    backgroundTrees(random),
    house(random, style),
    foreground(random),
  ].join("");
  return svgDocument(defs, body);
}

function clouds(random: Random): string {
  return Array.from({ length: random.int(2, 5) }, () => {
    const x = random.int(0, W);
    const y = random.int(60, 300);
    const s = 0.6 + random.next();
    return [0, 1, 2, 3]
      .map((part) => {
        const cx = x + (part - 1.5) * 55 * s;
        const cy = y - (part === 1 || part === 2 ? 25 : 0) * s;
        return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(70 * s)}" ry="${round(38 * s)}" fill="#ffffff" fill-opacity="0.8"/>`;
      })
      .join("");
  }).join("");
}

function hills(random: Random): string {
  const color = random.pick(["#8fae8b", "#9bb3a0", "#a7b59a", "#8aa3a8"]);
  const far = `M0 ${HORIZON} Q ${W * 0.25} ${HORIZON - random.int(60, 160)} ${W * 0.5} ${HORIZON - 20} T ${W} ${HORIZON - random.int(30, 120)} L ${W} ${HORIZON + 10} L 0 ${HORIZON + 10} Z`;
  return `<path d="${far}" fill="${color}"/>`;
}

function backgroundTrees(random: Random): string {
  return Array.from({ length: random.int(3, 7) }, () =>
    tree(random, random.int(0, W), HORIZON + random.int(10, 40), 0.45 + random.next() * 0.2),
  ).join("");
}

function foreground(random: Random): string {
  const left = tree(random, random.int(90, 220), GROUND + 40, 1.15 + random.next() * 0.3);
  const right = random.chance(0.6)
    ? tree(random, random.int(W - 220, W - 90), GROUND + 50, 1 + random.next() * 0.4)
    : "";
  const path = polygon(
    [
      [W / 2 - 45, GROUND],
      [W / 2 + 45, GROUND],
      [W / 2 + 160, H],
      [W / 2 - 160, H],
    ],
    "#d8cdb8",
  );
  return path + left + right;
}

function house(random: Random, style: Style): string {
  const wall = random.pick(WALLS);
  const roof = random.pick(ROOFS);
  const door = random.pick(DOORS);
  if (style === "townhouse") return townhouses(random);
  const width = random.int(640, 860);
  const height = style === "modern" ? random.int(330, 420) : random.int(280, 360);
  const left = W / 2 - width / 2 + random.int(-60, 60);
  const top = GROUND - height;
  const parts: string[] = [];
  if (style === "gable") {
    parts.push(rect(left + width * 0.68, top - 170, 46, 120, shade(roof, 0.15)));
    parts.push(
      polygon(
        [
          [left - 40, top + 6],
          [left + width / 2, top - random.int(190, 260)],
          [left + width + 40, top + 6],
        ],
        roof,
      ),
    );
  } else if (style === "hip") {
    const rise = random.int(120, 170);
    parts.push(
      polygon(
        [
          [left - 45, top + 6],
          [left + width * 0.22, top - rise],
          [left + width * 0.78, top - rise],
          [left + width + 45, top + 6],
        ],
        roof,
      ),
    );
  }
  parts.push(
    rect(
      left,
      top,
      width,
      height,
      style === "modern" ? random.pick(["#f5f3ee", "#e8e6e1", "#2f3338"]) : wall,
    ),
  );
  if (style === "modern") {
    parts.push(rect(left - 30, top - 22, width + 60, 26, "#2b2b2b"));
    parts.push(
      rect(
        left + width * 0.55,
        top + 30,
        width * 0.4,
        height - 30,
        "url(#glass)",
        0,
        'stroke="#222" stroke-width="8"',
      ),
    );
    for (let x = left + width * 0.55 + width * 0.1; x < left + width * 0.95; x += width * 0.1) {
      parts.push(rect(x, top + 30, 6, height - 30, "#222"));
    }
    parts.push(
      rect(
        left + width * 0.08,
        top + 60,
        width * 0.36,
        110,
        "url(#glass)",
        0,
        'stroke="#222" stroke-width="8"',
      ),
    );
    parts.push(rect(left + width * 0.3, GROUND - 190, 90, 190, random.pick(["#8c5a3c", "#2b2b2b"])));
  } else {
    const doorX = left + width / 2 - 50;
    parts.push(rect(doorX, GROUND - 200, 100, 200, door, 6));
    parts.push(`<circle cx="${round(doorX + 80)}" cy="${round(GROUND - 100)}" r="7" fill="#e8c766"/>`);
    for (const x of [left + width * 0.14, left + width * 0.68]) {
      parts.push(window(x, GROUND - 190, width * 0.18, 120));
      if (height > 300) parts.push(window(x, top + 34, width * 0.18, 100));
    }
    if (height > 300) parts.push(window(left + width / 2 - width * 0.09, top + 34, width * 0.18, 100));
  }
  parts.push(bushes(random, left, width));
  return parts.join("");
}

function townhouses(random: Random): string {
  const count = random.int(3, 4);
  const unit = random.int(230, 290);
  const start = W / 2 - (count * unit) / 2;
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const left = start + index * unit;
    const height = random.int(460, 560);
    const top = GROUND - height;
    const wall = random.pick(WALLS);
    parts.push(rect(left, top, unit, height, wall, 0, `stroke="${shade(wall, -0.2)}" stroke-width="3"`));
    parts.push(rect(left - 6, top - 20, unit + 12, 24, shade(wall, -0.3)));
    for (let floor = 0; floor < 3; floor += 1) {
      const y = top + 40 + floor * 130;
      if (y + 100 > GROUND - 210) break;
      parts.push(window(left + 30, y, unit * 0.3, 100), window(left + unit * 0.58, y, unit * 0.3, 100));
    }
    parts.push(rect(left + unit / 2 - 45, GROUND - 190, 90, 190, random.pick(DOORS), 40));
    parts.push(rect(left + unit / 2 - 60, GROUND - 8, 120, 12, "#9a9a9a"));
  }
  return parts.join("");
}

function window(x: number, y: number, width: number, height: number): string {
  return [
    rect(x - 8, y - 8, width + 16, height + 16, "#fbfbf8"),
    rect(x, y, width, height, "url(#glass)"),
    rect(x + width / 2 - 3, y, 6, height, "#fbfbf8"),
    rect(x, y + height / 2 - 3, width, 6, "#fbfbf8"),
    rect(x - 14, y + height + 6, width + 28, 10, "#e4e0d8"),
  ].join("");
}

function bushes(random: Random, left: number, width: number): string {
  return Array.from({ length: random.int(4, 8) }, () => {
    const cx = left + random.int(0, width);
    if (Math.abs(cx - (left + width / 2)) < 80) return "";
    const r = random.int(28, 50);
    return `<ellipse cx="${cx}" cy="${round(GROUND - r * 0.5)}" rx="${r * 1.3}" ry="${r}" fill="${shade("#4f8a45", random.next() * 0.3 - 0.2)}"/>`;
  }).join("");
}
