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
 * What the browser tests drive: Debian's chromium-headless-shell when installed (or HEADLESS_SHELL_PATH), else
 * the Chromium above. The shell is the same Blink and V8 without the full browser's headless mode around them:
 * measured on the accessibility and browse specs, it spent 41% less CPU for the same 42 tests (decision 060).
 * Lighthouse (scripts/audit) keeps the full Chromium, whose performance is what it reports.
 */
const shellCandidate = process.env.HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";
const testBrowser =
  process.env.CHROMIUM_PATH || !existsSync(shellCandidate) ? chromiumExecutable : shellCandidate;

export const launchOptions: LaunchOptions = testBrowser
  ? { executablePath: testBrowser, args: chromiumArgs }
  : {};
