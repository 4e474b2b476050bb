import type { Result } from "lighthouse";
import { CATEGORIES, type CategoryId } from "./lighthouse-run.ts";

/** The lowest score (0-100) each category may have; the aim is 100 for all but performance. */
export const THRESHOLDS: Record<CategoryId, number> = {
  performance: 80,
  accessibility: 90,
  "best-practices": 90,
  seo: 90,
};

type Audits = Result["audits"];
const metric = (id: string) => (audits: Audits) => audits[id]?.displayValue ?? "-";
/** Lighthouse's "Total size was 206 KiB" is too long for a table cell: the bytes alone. */
const transferSize = (audits: Audits) => {
  const bytes = audits["total-byte-weight"]?.numericValue;
  return bytes === undefined ? "-" : `${Math.round(bytes / 1024)} KiB`;
};
const METRICS: Array<[string, (audits: Audits) => string]> = [
  ["FCP", metric("first-contentful-paint")],
  ["LCP", metric("largest-contentful-paint")],
  ["TBT", metric("total-blocking-time")],
  ["CLS", metric("cumulative-layout-shift")],
  ["transfer", transferSize],
];

export type PageResult = { name: string; url: string; lhr: Result };

/** Category scores out of 100 (null when Lighthouse could not compute one). */
export function scores(lhr: Result): Record<CategoryId, number | null> {
  const entries = CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score;
    return [id, typeof score === "number" ? Math.round(score * 100) : null] as const;
  });
  return Object.fromEntries(entries) as Record<CategoryId, number | null>;
}

/** One row per page: the four scores and the key metrics as Lighthouse displays them. */
export function summaryTable(pages: PageResult[]): string {
  const header = ["page", ...CATEGORIES, ...METRICS.map(([label]) => label)];
  const rows = pages.map(({ name, lhr }) => {
    const pageScores = scores(lhr);
    return [
      name,
      ...CATEGORIES.map((id) => String(pageScores[id] ?? "-")),
      ...METRICS.map(([, read]) => read(lhr.audits)),
    ];
  });
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/** The categories of a page below their threshold, as "accessibility 86 < 90". */
export function belowThreshold(lhr: Result): string[] {
  const pageScores = scores(lhr);
  return CATEGORIES.filter((id) => (pageScores[id] ?? 0) < THRESHOLDS[id]).map(
    (id) => `${id} ${pageScores[id] ?? "no score"} < ${THRESHOLDS[id]}`,
  );
}

/**
 * Every audit that cost points (weighted, score below 1) per category, with the elements it names; then, for
 * performance, the unweighted insights that fail, which are where the metrics' time goes.
 */
export function lostPoints(lhr: Result): string {
  const lines: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && (id !== "performance" || audit.scoreDisplayMode !== "metricSavings")) continue;
      const kind = ref.weight > 0 ? `weight ${ref.weight}` : "insight";
      const value = audit.displayValue ? `, ${audit.displayValue}` : "";
      lines.push(`  ${id} / ${audit.id} (score ${audit.score}, ${kind}${value}): ${audit.title}`);
      for (const item of detailItems(audit.details).slice(0, 5)) lines.push(`      ${item}`);
    }
  }
  return lines.join("\n");
}

type Details = Audits[string]["details"];

/** The first few elements or URLs an audit's table or list names, so a fix can start at the right place. */
function detailItems(details: Details): string[] {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  return details.items.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { node, url } = item as { node?: { selector?: string; snippet?: string }; url?: unknown };
    if (node?.selector) return [`${node.selector}  ${(node.snippet ?? "").slice(0, 120)}`];
    if (typeof url === "string") return [url];
    return [];
  });
}
