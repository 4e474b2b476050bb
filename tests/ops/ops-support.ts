import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import {
  type AppServer,
  type AppServerOptions,
  REPO_ROOT,
  startAppServer,
} from "#tests/support/app-server.ts";

/**
 * Helpers for the operations tests: they drive the production server (tests/support/app-server.ts) and the
 * npm scripts as an operator would, over HTTP (tests/support/http.ts, accounts.ts) and through child
 * processes.
 */

/** Why the operations tests cannot run, or undefined when they can. */
export const SKIP_REASON = existsSync(path.join(REPO_ROOT, "build/server/index.js"))
  ? undefined
  : "no production build (build/server/index.js): run `npx react-router build` first";

if (SKIP_REASON) console.warn(`tests/ops skipped: ${SKIP_REASON}`);

/** Server settings for these tests: no demo data, quiet logs, no rate limit in the way of bursts of sign-ups. */
export const OPS_ENV = { SEED: "false", LOG_LEVEL: "warn", AUTH_RATE_LIMIT_MAX: "100000" };

/** Hands a cleanup (stop a server, drop a database, remove a folder) to run after the file's tests. */
export type Defer = (cleanup: () => Promise<unknown>) => void;

/**
 * Runs the cleanups `defer` is given after the file's tests, newest first, whatever failed; a cleanup that
 * throws is logged and the next still runs. Call once per test file, at its top.
 */
export function cleanupAfterAll(): Defer {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

/** Starts the production server with OPS_ENV and `env` (tests/support/app-server.ts), stopped after the file. */
export async function startOpsServer(
  defer: Defer,
  env: Record<string, string | undefined> = {},
  options: Omit<AppServerOptions, "env"> = {},
): Promise<AppServer> {
  const server = await startAppServer({ ...options, env: { ...OPS_ENV, ...env } });
  defer(server.cleanup);
  return server;
}

/** A fresh temporary folder, removed after the file's tests. */
export async function tempFolder(defer: Defer, prefix: string) {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  defer(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

export type ScriptResult = { code: number | null; stdout: string; stderr: string };

/** Runs `node scripts/<name>.ts ...args` from the repository root with exactly `env` (plus PATH). */
export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptResult> {
  const child = spawn(process.execPath, [path.join("scripts", `${name}.ts`), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  return { code, stdout, stderr };
}

/**
 * Polls `check` every 50 ms until it returns true; throws after `timeoutMs`, with `detail()` (say, the
 * server's output) in the message.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 5000, detail = () => "" }: { timeoutMs?: number; detail?: () => string } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${detail()}`);
}

/** The status of GET <baseUrl>/healthz, or 0 when nothing answers. */
export async function healthStatus(baseUrl: string): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(3000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
