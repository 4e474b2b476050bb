import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "#server/node-flags.ts";

/**
 * Runs the real app the way production does: `node server.ts` from the repository root over the production
 * build, in a child process with its own port and data folder. Used by the e2e global setup, and by tests
 * that need more instances (several processes on one database) or need to kill one (crash recovery).
 */
export type AppServerOptions = {
  /** Added to (and overriding) the defaults below; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** DATA_DIR; default: a fresh temporary folder, removed by `cleanup()`. */
  dataDir?: string;
  /** PORT; default: a free loopback port. */
  port?: number;
  /** How long to wait for GET /healthz to answer 200; default 60 s. */
  timeoutMs?: number;
  /** Appends the server's stdout and stderr to this file. */
  logFile?: string;
  /** Copies the server's output to this process's stderr; default: when CI or E2E_APP_LOG is set. */
  echo?: boolean;
  /** Node's arguments; default the V8 flags and server.ts, as `npm run serve` (or an npm script's own). */
  args?: string[];
  /** The working directory; default the repository root. */
  cwd?: string;
};

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

export type AppServer = {
  /** PUBLIC_URL: `http://localhost:<port>`. */
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** The environment the server was started with (reuse it to start a sibling instance). */
  env: Record<string, string>;
  /** Resolves when the process has exited, for whatever reason. */
  exited: Promise<ExitStatus>;
  /** The last lines the server printed (stdout and stderr). */
  output(): string;
  /** Sends `signal` (default SIGTERM), then SIGKILL if still running after `graceMs` (default 5 s). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<ExitStatus>;
  /** Stops the server and removes the data folder if this module created it. */
  cleanup(): Promise<void>;
};

/** The repository root, where server.ts and build/ live. */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

const OUTPUT_LINES_KEPT = 300;
const running = new Set<ChildProcess>();
const envByUrl = new Map<string, Record<string, string>>();

/** The environment of the app server this process started at `url` (its data: openAppData), if any. */
export function startedAppEnv(url: string): Record<string, string> | undefined {
  return envByUrl.get(url.replace(/\/+$/, ""));
}
let exitHookInstalled = false;

/** Starts `node server.ts` and resolves once GET /healthz answers 200. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (!existsSync(path.join(REPO_ROOT, "build"))) {
    throw new Error(
      "no production build in build/: run `npx react-router build` first (npm run test:e2e does)",
    );
  }
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "homestead-e2e-data-")));
  const port = options.port ?? (await getFreePort());
  const url = `http://localhost:${port}`;
  const env = buildEnv({
    ...SERVER_ENV,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    // Tests make the data they need; demo listings would only add noise (and CPU) to each instance.
    SEED: "false",
    ...options.env,
  });

  const child = spawn(process.execPath, options.args ?? [...SERVER_NODE_FLAGS, "server.ts"], {
    cwd: options.cwd ?? REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  trackForExit(child);
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  // "close" comes after "exit", once stdout and stderr are drained: the last words of a crash included.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));

  const lines: string[] = [];
  const echo = options.echo ?? Boolean(process.env.CI || process.env.E2E_APP_LOG);
  const log = options.logFile ? openLog(options.logFile) : undefined;
  const capture = (stream: NodeJS.ReadableStream, name: string) => {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      log?.write(chunk);
      const parts = (pending + chunk).split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) keep(line, name);
    });
    stream.on("end", () => {
      if (pending) keep(pending, name);
    });
  };
  const keep = (line: string, name: string) => {
    lines.push(line);
    if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    if (echo) process.stderr.write(`[app:${port} ${name}] ${line}\n`);
  };
  if (child.stdout) capture(child.stdout, "out");
  if (child.stderr) capture(child.stderr, "err");
  child.once("close", () => log?.end());

  const output = () => lines.join("\n");
  const stop = async (signal: NodeJS.Signals = "SIGTERM", graceMs = 5000): Promise<ExitStatus> => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill(signal);
    if (signal !== "SIGKILL") {
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return exited;
  };
  envByUrl.set(url, env);
  const server: AppServer = {
    url,
    port,
    dataDir,
    process: child,
    env,
    exited,
    output,
    stop,
    cleanup: async () => {
      await stop();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };

  try {
    await waitForHealthy(port, exited, options.timeoutMs ?? 60_000);
  } catch (error) {
    await server.cleanup();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    const detail = output().trim() || "(the server printed nothing)";
    throw new Error(`${(error as Error).message}\n--- app server output (last lines) ---\n${detail}\n---`);
  }
  return server;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** What a TCP connection to 127.0.0.1:`port` meets now: a listener, a refusal (nothing listens), or else. */
export function probePort(port: number): Promise<"accepted" | "refused" | "failed"> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "ECONNREFUSED" ? "refused" : "failed"),
    );
  });
}

async function waitForHealthy(port: number, exited: Promise<ExitStatus>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let done: ExitStatus | undefined;
  exited.then((status) => {
    done = status;
  });
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (done) {
      throw new Error(`app server exited before it was healthy (code ${done.code}, signal ${done.signal})`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `GET /healthz answered ${response.status}`;
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause;
      lastProblem = cause?.code ?? (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`app server not healthy after ${timeoutMs} ms (${lastProblem})`);
}

/**
 * The child's environment: ours, minus what belongs to the test runner (NODE_OPTIONS may carry Playwright's
 * loader; Vitest's TEST and VITEST, which would make it a test environment, not production), minus DATABASE_URL (the caller passes the database explicitly), plus `overrides`.
 */
function buildEnv(overrides: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (["NODE_OPTIONS", "DATABASE_URL", "TEST", "VITEST"].includes(key)) continue;
    if (key.startsWith("E2E_") || key.startsWith("PW_") || key.startsWith("VITEST_")) continue;
    env[key] = value;
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

function openLog(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  return createWriteStream(file, { flags: "a" });
}

/** A test runner that dies must not leave servers holding ports and files. */
function trackForExit(child: ChildProcess) {
  running.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const proc of running) proc.kill("SIGKILL");
  });
}
