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

/**
 * What the browser tests drive: the Chromium above. HEADLESS_SHELL_PATH opts into Debian's
 * chromium-headless-shell instead (the same Blink and V8 without the full browser's headless mode around them:
 * 41% less CPU on the accessibility and browse specs, decision 060); the operators' CI rule is Debian's
 * /usr/bin/chromium, so it stays the default.
 */
const shellPath = process.env.HEADLESS_SHELL_PATH;
const testBrowser = shellPath && existsSync(shellPath) ? shellPath : chromiumExecutable;

export const launchOptions: LaunchOptions = testBrowser
  ? { executablePath: testBrowser, args: chromiumArgs }
  : {};
