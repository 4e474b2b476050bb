import { writeFile } from "node:fs/promises";
import path from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** One Lighthouse run: its result and its JSON and HTML reports. */
export type Run = { lhr: Result; json: string; html: string };

/** Tries per run: a loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP); another try gets it. */
const ATTEMPTS = 3;

/** Lighthouse ran but could not measure the page (its `runtimeError`). */
class LighthouseRunError extends Error {}

/**
 * Audits `url` with Lighthouse's default configuration: a mobile phone (Moto G Power screen, simulated slow
 * 4G and a 4x slower CPU), so the scores are the ones PageSpeed Insights would give. Simulated throttling
 * computes the timings from one unthrottled load, which keeps them steadier on a busy machine than throttling
 * for real.
 */
export async function runLighthouse(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, port);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= ATTEMPTS) throw error;
      console.log(`  ${error.message}; trying again`);
    }
  }
}

async function runOnce(url: string, port: number): Promise<Run> {
  const flags: Flags = {
    port,
    output: ["json", "html"],
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // A loaded machine renders slowly; give the page time rather than a NO_FCP error.
    maxWaitForFcp: 60_000,
    maxWaitForLoad: 90_000,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new LighthouseRunError(`Lighthouse failed on ${url}: ${runtimeError.code}`);
  const [json = "", html = ""] = result.report;
  return { lhr: result.lhr, json, html };
}

/** The performance score (0-100) of a run; the other categories do not depend on timing. */
export function performanceScore(run: Run): number {
  return Math.round((run.lhr.categories.performance?.score ?? 0) * 100);
}

/**
 * The run with the median performance score: one run on a shared machine can lose 15 points to another
 * process, and Lighthouse itself advises the median of several.
 */
export function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => performanceScore(a) - performanceScore(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("no Lighthouse run to choose from");
  return median;
}

/** Writes `<name>.report.json` and `<name>.report.html` into `outDir`. */
export async function writeReports(run: Run, name: string, outDir: string) {
  await writeFile(path.join(outDir, `${name}.report.json`), run.json);
  await writeFile(path.join(outDir, `${name}.report.html`), run.html);
}
