// Adds lockfile entries for the platform-specific optional packages that this project's registry mirror does
// not serve (macOS, Windows, musl, Android, FreeBSD, WebAssembly builds of Biome and Tailwind's engine).
// Without them `npm ci` refuses the lockfile ("Missing: ... from lock file") on every machine; with them it
// skips each entry whose os/cpu/libc does not match, as it does for any optional platform package.
// Run after `npm install` changes Biome's or Tailwind's version: `node scripts/lockfile-platforms.ts`.
import { readFileSync, writeFileSync } from "node:fs";

type Platform = { os: string; cpu: string; libc?: string };
type LockEntry = { version?: string; optionalDependencies?: Record<string, string>; [key: string]: unknown };

function platformOf(name: string): Platform | null {
  const match =
    /-(android|darwin|freebsd|linux|win32|wasm32)-?([a-z0-9]+)?(?:-(musl|gnueabihf|msvc|wasi))?$/.exec(name);
  if (!match) return null;
  const [, os, cpu, suffix] = match;
  if (os === "wasm32") return { os: "", cpu: "wasm32" };
  const platform: Platform = { os: os!, cpu: cpu === undefined ? "" : cpu };
  if (suffix === "musl") platform.libc = "musl";
  if (suffix === "gnueabihf") platform.cpu = "arm";
  return platform;
}

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!/node_modules\/(@biomejs\/biome|@tailwindcss\/oxide)$/.test(path)) continue;
  for (const [dependency, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dependency}`;
    const platform = platformOf(dependency);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = {
      version: range,
      ...(platform.cpu ? { cpu: [platform.cpu] } : {}),
      dev: true,
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: added ${added} platform entries`);
