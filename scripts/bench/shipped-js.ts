import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "#tests/support/app-server.ts";

/**
 * SPEC's pages must stay light on a phone: the JavaScript a first visit loads before it is interactive,
 * gzipped. Chunks loaded later by import() are not counted: the map (when it scrolls near) and the toasts'
 * library (when the page is idle, about 9 KB).
 */
export const JS_BUDGET_KB = 125;

/** The JavaScript one page makes the browser load before it is interactive. */
export type ShippedJs = {
  path: string;
  files: { file: string; gzipBytes: number }[];
  gzipKb: number;
  /** Files holding map code (Leaflet), which must load only on the detail page. */
  mapFiles: string[];
  withinBudget: boolean;
};

const CLIENT_DIR = path.join(REPO_ROOT, "build", "client");

/**
 * Measures what the server's HTML for `pagePath` makes the browser load: its modulepreload links and the inline
 * hydration script's imports, plus whatever those import statically.
 * Dynamic import() is left out: that code loads later, only when used.
 */
export async function measureShippedJs(baseUrl: string, pagePath: string): Promise<ShippedJs> {
  const response = await fetch(new URL(pagePath, baseUrl));
  if (!response.ok) throw new Error(`GET ${pagePath} answered ${response.status}`);
  const html = await response.text();
  // What the browser fetches: the modulepreload links and the hydration script's imports. Not every
  // /assets/*.js string in the page: the inline route manifest also names routes (Explore, the 404) that load
  // only when visited.
  const pending = [
    ...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/g),
    ...html.matchAll(/\bimport\b[^;"']*["'](\/assets\/[\w.-]+\.js)["']/g),
  ].map((match) => match[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const url = pending.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    pending.push(...staticImports(url));
  }
  const files = [...seen].sort().map((url) => ({ file: url, gzipBytes: gzipSync(readAsset(url)).length }));
  const gzipKb = Math.round((files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024) * 10) / 10;
  const mapFiles = files
    .map((file) => file.file)
    .filter(
      (url) =>
        /leaflet|map\.client/i.test(url) || /leaflet-(container|marker|pane)/.test(readAsset(url).toString()),
    );
  return {
    path: pagePath,
    files,
    gzipKb,
    mapFiles,
    withinBudget: gzipKb <= JS_BUDGET_KB && mapFiles.length === 0,
  };
}

function readAsset(url: string): Buffer {
  const file = path.join(CLIENT_DIR, url);
  if (!file.startsWith(CLIENT_DIR) || !existsSync(file))
    throw new Error(`the page names ${url}, not in build/client`);
  return readFileSync(file);
}

/** URLs a bundled module imports statically: `import"./x.js"`, `from"./x.js"`, `export*from"./x.js"`. */
function staticImports(url: string): string[] {
  const code = readAsset(url).toString();
  const specifiers = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => new URL(specifier, `http://assets.local${url}`).pathname);
}
