import type { QueryPlan } from "./database-probe.server.ts";
import type { LoadFigures } from "./load.ts";
import { JS_BUDGET_KB, type ShippedJs } from "./shipped-js.ts";

/** Aligns rows of cells into a plain-text table with a header rule. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [
    line(cells[0]!),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

/** The query plans, one block per query, with a verdict. */
export function formatPlans(engine: string, plans: QueryPlan[], timingRuns: number): string {
  const blocks = plans.map((plan) => {
    const problems = [
      plan.index ? null : "no index",
      plan.fullScan ? "full scan" : null,
      plan.sorts ? "sorts outside the index" : null,
      plan.seeksToCursor === false
        ? "reads every newer entry before the cursor (no range on timestamp)"
        : null,
    ].filter(Boolean);
    const verdict = problems.length === 0 ? "ok" : `WARN: ${problems.join(", ")}`;
    return [
      `  ${plan.name}: ${plan.medianMs} ms median, index ${plan.index ?? "none"} -> ${verdict}`,
      ...plan.plan.map((step) => `      ${step}`),
    ].join("\n");
  });
  return [`Query plans (${engine}), median of ${timingRuns} runs each:`, ...blocks].join("\n");
}

/** One row of the load table. */
export function loadRow(engine: string, figures: LoadFigures): (string | number)[] {
  return [
    engine,
    figures.label,
    figures.connections,
    figures.seconds,
    figures.requests,
    figures.requestsPerSecond,
    figures.p50Ms,
    figures.p99Ms,
    figures.timeouts > 0 ? `${figures.errors} (${figures.timeouts} timeouts)` : figures.errors,
    figures.non2xx,
    figures.cpuMsPerRequest ?? "-",
  ];
}

export const LOAD_HEADER = [
  "engine",
  "page",
  "conns",
  "s",
  "requests",
  "req/s",
  "p50 ms",
  "p99 ms",
  "errors",
  "non-2xx",
  "server CPU ms/req",
];

/** The JavaScript a first visit loads, per page, against the budget. */
export function formatShippedJs(pages: ShippedJs[]): string {
  const rows = pages.map((page) => [
    page.path,
    page.files.length,
    page.gzipKb,
    page.mapFiles.length === 0 ? "none" : page.mapFiles.join(" "),
    page.withinBudget ? "pass" : "FAIL",
  ]);
  return `JavaScript on first load (gzip), budget ${JS_BUDGET_KB} KB:\n${table(["page", "files", "KB", "map code", "budget"], rows)}`;
}
