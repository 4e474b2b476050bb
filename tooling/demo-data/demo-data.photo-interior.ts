import {
  PHOTO_HEIGHT as H,
  polygon,
  pottedPlant,
  rect,
  round,
  shade,
  svgDocument,
  verticalGradient,
  PHOTO_WIDTH as W,
} from "./demo-data.photo-svg.ts";
import { createRandom, type Random } from "./demo-data.random.ts";

// A room in one-point perspective (back wall, side walls, ceiling, floor) with a window and the furniture of a
// living room, a bedroom or a kitchen. As with exteriors, the seed decides everything.

const WALL_COLORS = ["#efe9df", "#dfe7dc", "#dde6ee", "#f1e3d3", "#e6e1ea", "#ece6d6", "#d9d4cc"];
const FLOORS = ["#b98a5e", "#c9a27a", "#8e6547", "#d8c3a5", "#a9a39b"];
const FABRICS = ["#3d5a80", "#6b705c", "#b56576", "#e0a458", "#5e6472", "#2a9d8f", "#8d99ae", "#c9ada7"];
const ROOMS = ["living", "bedroom", "kitchen"] as const;

// The back wall's corners: everything in the room is drawn relative to them.
const BACK = { left: 300, right: W - 300, top: 150, bottom: 770 };

/** The SVG of an interior photo for `seed`. */
export function interiorSvg(seed: number): string {
  const random = createRandom(seed * 104729 + 3);
  const room = ROOMS[seed % ROOMS.length]!;
  const wall = random.pick(WALL_COLORS);
  const floor = random.pick(FLOORS);
  const defs =
    verticalGradient("view", ["#6fa8dc", "#d7ecf8"]) +
    verticalGradient("floor", [shade(floor, 0.1), shade(floor, -0.15)]) +
    `<radialGradient id="light" cx="0.5" cy="0.3" r="0.8"><stop offset="0%" stop-color="#fff8e6" stop-opacity="0.35"/><stop offset="100%" stop-color="#000" stop-opacity="0.12"/></radialGradient>`;
  // The window takes one half of the back wall; a picture, if any, hangs on the other half.
  const windowOnLeft = random.chance(0.5);
  const pictureX = windowOnLeft ? W / 2 + random.int(40, 200) : W / 2 - 220 - random.int(40, 200);
  const body = [
    shell(wall, floor),
    windowView(random, windowOnLeft),
    room === "living"
      ? livingRoom(random, pictureX)
      : room === "bedroom"
        ? bedroom(random, pictureX)
        : kitchen(random),
    rect(0, 0, W, H, "url(#light)"),
  ].join("");
  return svgDocument(defs, body);
}

function shell(wall: string, floor: string): string {
  const { left, right, top, bottom } = BACK;
  const planks = Array.from({ length: 14 }, (_, index) => {
    const t = (index + 1) / 15;
    const xBack = left + (right - left) * t;
    const xFront = W * t;
    return `<line x1="${round(xBack)}" y1="${bottom}" x2="${round(xFront)}" y2="${H}" stroke="${shade(floor, -0.25)}" stroke-width="2"/>`;
  }).join("");
  return [
    rect(left, top, right - left, bottom - top, wall),
    polygon(
      [
        [0, 0],
        [left, top],
        [left, bottom],
        [0, H],
      ],
      shade(wall, -0.1),
    ),
    polygon(
      [
        [W, 0],
        [right, top],
        [right, bottom],
        [W, H],
      ],
      shade(wall, -0.06),
    ),
    polygon(
      [
        [0, 0],
        [W, 0],
        [right, top],
        [left, top],
      ],
      shade(wall, 0.35),
    ),
    polygon(
      [
        [0, H],
        [left, bottom],
        [right, bottom],
        [W, H],
      ],
      "url(#floor)",
    ),
    planks,
    rect(left, bottom - 14, right - left, 14, shade(wall, 0.4)),
  ].join("");
}

function windowView(random: Random, onLeft: boolean): string {
  const width = random.int(300, 420);
  const x = onLeft ? BACK.left + 110 : BACK.right - 110 - width;
  const y = BACK.top + 70;
  const height = 330;
  const curtain = random.pick(FABRICS);
  return [
    rect(x - 14, y - 14, width + 28, height + 28, "#fafafa"),
    rect(x, y, width, height, "url(#view)"),
    `<path d="M${x} ${y + height} Q ${x + width / 2} ${y + height - 120} ${x + width} ${y + height - 40} L ${x + width} ${y + height} Z" fill="#7fae57"/>`,
    rect(x + width / 2 - 5, y, 10, height, "#fafafa"),
    rect(x - 70, y - 40, 70, height + 120, curtain, 8, 'fill-opacity="0.9"'),
    rect(x + width, y - 40, 70, height + 120, curtain, 8, 'fill-opacity="0.9"'),
  ].join("");
}

function picture(random: Random, x: number, y: number): string {
  const art = random.pick(FABRICS);
  return (
    rect(x, y, 180, 130, "#3a3a3a") +
    rect(x + 10, y + 10, 160, 110, "#f4efe6") +
    `<circle cx="${x + 70}" cy="${y + 60}" r="32" fill="${art}"/>` +
    rect(x + 95, y + 40, 50, 60, shade(art, 0.4))
  );
}

function livingRoom(random: Random, pictureX: number): string {
  const fabric = random.pick(FABRICS);
  const x = 430 + random.int(-60, 60);
  const y = 700;
  const width = 740;
  return [
    picture(random, pictureX, 260),
    `<ellipse cx="${W / 2}" cy="${H - 150}" rx="560" ry="110" fill="${random.pick(["#d9c7a7", "#a3b1c6", "#c9a0a0", "#e8e1d3"])}"/>`,
    rect(x, y - 190, width, 150, shade(fabric, -0.1), 24),
    rect(x - 40, y - 110, 90, 180, shade(fabric, -0.2), 24),
    rect(x + width - 50, y - 110, 90, 180, shade(fabric, -0.2), 24),
    rect(x + 40, y - 70, width - 80, 110, fabric, 18),
    rect(x + 60, y - 120, 150, 70, shade(fabric, 0.25), 16),
    rect(x + width - 210, y - 120, 150, 70, shade(fabric, 0.25), 16),
    rect(x + 10, y + 40, 20, 30, "#3a2a1e"),
    rect(x + width - 30, y + 40, 20, 30, "#3a2a1e"),
    rect(W / 2 - 190, H - 210, 380, 34, "#6b4a2e", 8),
    rect(W / 2 - 170, H - 176, 14, 70, "#4a3322"),
    rect(W / 2 + 156, H - 176, 14, 70, "#4a3322"),
    floorLamp(x + width + 120, y + 60),
    pottedPlant(random, x - 120, y + 70, 1.2),
  ].join("");
}

function bedroom(random: Random, pictureX: number): string {
  const linen = random.pick(FABRICS);
  const x = W / 2 - 330;
  return [
    picture(random, pictureX, 250),
    rect(x, 440, 660, 250, shade(linen, -0.35), 20),
    rect(x - 20, 600, 700, 230, "#f7f4ee", 16),
    rect(x - 20, 680, 700, 180, linen, 16),
    rect(x + 40, 560, 250, 90, "#ffffff", 30),
    rect(x + 370, 560, 250, 90, "#ffffff", 30),
    rect(x - 200, 640, 150, 140, "#8c6a4a", 8),
    rect(x + 730, 640, 150, 140, "#8c6a4a", 8),
    tableLamp(x - 125, 640),
    tableLamp(x + 805, 640),
    pottedPlant(random, BACK.right + 60, H - 40, 1.3),
  ].join("");
}

function kitchen(random: Random): string {
  const cabinet = random.pick(["#f4f1ea", "#3d5a6c", "#6b7a5e", "#2f3338", "#c9b79c"]);
  const counter = random.pick(["#e9e6e1", "#2b2b2b", "#cbbfae"]);
  const { left, right, bottom } = BACK;
  const doors = (top: number, height: number) =>
    Array.from({ length: 8 }, (_, index) => {
      const doorX = left + 10 + index * ((right - left - 20) / 8);
      return rect(doorX + 6, top + 6, (right - left - 20) / 8 - 12, height - 12, shade(cabinet, -0.08), 4);
    }).join("");
  return [
    rect(left, 170, right - left, 170, cabinet),
    doors(170, 170),
    rect(left, bottom - 250, right - left, 236, cabinet),
    doors(bottom - 230, 216),
    rect(left - 10, bottom - 270, right - left + 20, 24, counter),
    rect(left + 120, bottom - 300, 220, 30, "#b9c2c9", 6),
    pottedPlant(random, right - 120, bottom - 270, 0.6),
    rect(W / 2 - 380, H - 330, 760, 40, counter),
    rect(W / 2 - 360, H - 290, 720, 240, shade(cabinet, -0.15)),
    ...[-260, 0, 260].map((offset) => stool(W / 2 + offset, H - 40)),
    ...[-220, 220].map((offset) => pendant(W / 2 + offset)),
  ].join("");
}

function floorLamp(x: number, baseY: number): string {
  return (
    rect(x - 4, baseY - 420, 8, 420, "#333") +
    polygon(
      [
        [x - 70, baseY - 420],
        [x + 70, baseY - 420],
        [x + 45, baseY - 520],
        [x - 45, baseY - 520],
      ],
      "#f3e7c9",
    )
  );
}

function tableLamp(x: number, tableY: number): string {
  return (
    rect(x - 5, tableY - 80, 10, 80, "#555") +
    polygon(
      [
        [x - 55, tableY - 80],
        [x + 55, tableY - 80],
        [x + 35, tableY - 160],
        [x - 35, tableY - 160],
      ],
      "#f6ead0",
    )
  );
}

function stool(x: number, baseY: number): string {
  return (
    rect(x - 60, baseY - 230, 120, 24, "#5a4634", 12) +
    rect(x - 50, baseY - 206, 10, 206, "#333") +
    rect(x + 40, baseY - 206, 10, 206, "#333")
  );
}

function pendant(x: number): string {
  return (
    rect(x - 2, 0, 4, 230, "#444") +
    `<path d="M${x - 70} 300 Q ${x} 190 ${x + 70} 300 Z" fill="#2f3338"/>` +
    `<ellipse cx="${x}" cy="300" rx="70" ry="10" fill="#ffe9b0"/>`
  );
}
