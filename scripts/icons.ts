// `node scripts/icons.ts`: draws the app icons in public/icons/ from the house mark (public/favicon.svg's
// drawing). Run it after changing the mark; the PNGs are committed, so a build needs nothing of this.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const GREEN = "#047857";
const HOUSE = "M6 15 16 7l10 8v10a1 1 0 0 1-1 1h-6v-7h-6v7H7a1 1 0 0 1-1-1z";

/** The house on green; `scale` < 1 keeps it inside the safe zone of a maskable icon; `rounded` for favicons. */
function mark(scale: number, rounded: boolean) {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
    <rect width="32" height="32" ${rounded ? 'rx="7"' : ""} fill="${GREEN}"/>
    <path d="${HOUSE}" fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})"/>
  </svg>`;
}

const ICONS = [
  { file: "icon-32.png", size: 32, scale: 1, rounded: true },
  { file: "icon-192.png", size: 192, scale: 1, rounded: true },
  { file: "icon-512.png", size: 512, scale: 1, rounded: true },
  // Maskable: the platform cuts its own shape, so the green fills the square and the house stays central.
  { file: "icon-maskable-512.png", size: 512, scale: 0.7, rounded: false },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, scale: 0.85, rounded: false },
];

const folder = fileURLToPath(new URL("../public/icons/", import.meta.url));
mkdirSync(folder, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(mark(icon.scale, icon.rounded)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(folder, icon.file));
  console.log(`public/icons/${icon.file}`);
}
