import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/**
 * Which Chromium Playwright drives. Playwright never downloads a browser here: on CI and dev machines it is
 * Debian's /usr/bin/chromium (or CHROMIUM_PATH); without one (a laptop) it falls back to Playwright's own
 * browser, installed with `npx playwright install chromium`.
 */
const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumExecutable: string | undefined = existsSync(candidate) ? candidate : undefined;

/**
 * The flags keep a headless Chromium quiet on a machine without network access: no background
 * connections, component updates, sync or first-run work; no sandbox because CI runs as root.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export const launchOptions: LaunchOptions = chromiumExecutable
  ? { executablePath: chromiumExecutable, args: chromiumArgs }
  : {};
