import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "#server/node-flags.ts";
import { getFreePort, REPO_ROOT } from "#tests/support/app-server.ts";

/** The production server in a child process, on loopback. */
export type BenchServer = {
  url: string;
  pid: number;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU time the server process has used so far, all its threads, in milliseconds. */
  cpuMs(): number;
  /** The last lines the server printed (warnings and errors only: LOG_LEVEL=warn). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
};

/**
 * Spawns `node server.ts` (with the V8 flags every start passes) over the production build on a free loopback
 * port, with `env` over the production defaults; keeps the last 4,000 characters it prints.
 */
export async function spawnServer(env: Record<string, string>) {
  const port = await getFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      ...SERVER_ENV,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { url, child, exited, output: () => printed };
}

/**
 * Starts the server with `env` added (DATA_DIR or DATABASE_URL), never seeding, logging only warnings, and
 * resolves once GET /healthz answers 200 (at most 60 s).
 */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const { url, child, exited, output } = await spawnServer({ SEED: "false", ...env });
  await waitForHealth(url, child, output);
  const pid = child.pid!;
  return {
    url,
    pid,
    peakRssMb: () => peakRssMb(pid),
    cpuMs: () => cpuMs(pid),
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy within 60 s:\n${output()}`);
}

// Linux reports CPU time in clock ticks of USER_HZ, which is 100 on every architecture Node runs on.
const TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process, from /proc (fields 14 and 15 of its stat line). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Linux keeps a process's peak resident set size: no sampling can miss a short spike. */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kilobytes / 1024);
}
