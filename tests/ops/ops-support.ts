import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "#tests/support/app-server.ts";

/**
 * Helpers for the operations tests: they drive the production server (tests/support/app-server.ts) and the
 * npm scripts as an operator would, over HTTP and through child processes.
 */

/** Why the operations tests cannot run, or undefined when they can. */
export const SKIP_REASON = existsSync(path.join(REPO_ROOT, "build/server/index.js"))
  ? undefined
  : "no production build (build/server/index.js): run `npx react-router build` first";

if (SKIP_REASON) console.warn(`tests/ops skipped: ${SKIP_REASON}`);

/** Server settings for these tests: no demo data, quiet logs, no rate limit in the way of bursts of sign-ups. */
export const OPS_ENV = { SEED: "false", LOG_LEVEL: "warn", AUTH_RATE_LIMIT_MAX: "100000" };

export type Account = { name: string; email: string; password: string };

let counter = 0;

/** A fresh account with a unique e-mail. */
export function newAccount(name = "Grace Hopper"): Account {
  counter += 1;
  return {
    name,
    email: `ops-${process.pid}-${Date.now()}-${counter}@example.com`,
    password: "correct-horse-42",
  };
}

/**
 * Submits a form the way a browser without JavaScript does (no Origin header: a same-site navigation),
 * without following the redirect.
 */
export async function postForm(url: string, fields: Record<string, string>, cookie?: string) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** Signs up through POST /sign-up and returns the session cookie ("name=value; ..."). */
export async function signUp(baseUrl: string, account: Account = newAccount()): Promise<string> {
  const response = await postForm(`${baseUrl}/sign-up`, account);
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`sign-up of ${account.email} answered ${response.status}`);
  return cookieHeader(response);
}

/** Signs in through POST /sign-in; returns the session cookie, or undefined when refused. */
export async function signIn(baseUrl: string, account: Account): Promise<string | undefined> {
  const response = await postForm(`${baseUrl}/sign-in`, { email: account.email, password: account.password });
  await response.arrayBuffer();
  return response.status === 302 ? cookieHeader(response) : undefined;
}

function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
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
