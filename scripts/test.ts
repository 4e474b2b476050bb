// `npm test` and `npm run test:engine:built`: the checks, then the test tiers.
//
// `node scripts/test.ts`            lint, typegen + tsc, and the build side by side (seconds each); then
//                                   Vitest's three tiers, then the browser suite (Chromium).
// `node scripts/test.ts --engine`   what depends on the database engine, on the build already made: Vitest's db
//                                   tier, the *.engine.test.ts server suites, then the @smoke browser tests.
//
// The tests run one command after the other: from a fresh clone on one 2-CPU machine, `npm test` with Vitest
// beside the browser suite took 714 s, one after the other 688 s (both keep the CPUs busy; side by side each
// only waited longer for the other's answers). Every test command runs even when one before it failed, so a run
// reports everything that is wrong; a failed check (lint, types, build) stops the run before the tests. The
// checks' output is printed as each ends; the tests print as they go. Exits non-zero if anything failed.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

type Command = { name: string; args: string[]; live?: boolean };
type Outcome = { name: string; code: number; seconds: number; output: string };

const BIN = path.join(import.meta.dirname, "..", "node_modules", ".bin");

const lint: Command = { name: "lint", args: ["biome", "check", "."] };
const typegen: Command = { name: "typegen", args: ["react-router", "typegen"] };
const tsc: Command = { name: "typecheck", args: ["tsc"] };
const build: Command = { name: "build", args: ["react-router", "build"] };

const engineOnly = process.argv.includes("--engine");

const outcomes: Outcome[] = [];
// Stopped (Ctrl+C, CI's time limit): the running commands stop too, rather than going on without us.
const running = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}
if (!engineOnly) {
  const checks = await Promise.all([run(lint, print), sequence([typegen, tsc], print), run(build, print)]);
  if (checks.flat().some((outcome) => outcome.code !== 0)) finish();
}
const tests: Command[] = engineOnly
  ? [
      { name: "vitest db", args: ["vitest", "run", "--project", "db"] },
      { name: "vitest server (engine)", args: ["vitest", "run", "--project", "server", ".engine.test.ts"] },
      { name: "playwright @smoke", args: ["playwright", "test", "--project=chromium", "--grep", "@smoke"] },
    ]
  : [
      { name: "vitest", args: ["vitest", "run"] },
      { name: "playwright", args: ["playwright", "test", "--project=chromium"] },
    ];
for (const command of tests) await run({ ...command, live: true });
finish();

/** Runs commands one after the other, stopping at the first that fails. */
async function sequence(commands: Command[], then?: (outcome: Outcome) => void): Promise<Outcome[]> {
  const done: Outcome[] = [];
  for (const command of commands) {
    const outcome = await run(command, then);
    done.push(outcome);
    if (outcome.code !== 0) break;
  }
  return done;
}

/** Prints a kept command's output. */
function print({ name, output }: Outcome) {
  if (output) process.stdout.write(`\n==> ${name}\n\n${output}`);
}

/**
 * Runs one command from node_modules/.bin and says how it ended; a live one prints as it goes, the others' output
 * is kept in the outcome (and handed to `then` when it ends).
 */
function run({ name, args, live = false }: Command, then?: (outcome: Outcome) => void): Promise<Outcome> {
  const started = performance.now();
  const [bin, ...rest] = args as [string, ...string[]];
  const child = spawn(path.join(BIN, bin), rest, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"] });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  if (live) console.log(`\n==> ${name}\n`);
  return new Promise((resolve) => {
    // "error": the command could not start (not installed: npm install first); "close" follows it.
    child.on("error", (error) => output.push(Buffer.from(`${bin}: ${error.message}\n`)));
    child.on("close", (code, signal) => {
      running.delete(child);
      const outcome: Outcome = {
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: (performance.now() - started) / 1000,
        output: Buffer.concat(output).toString(),
      };
      then?.(outcome);
      const status = outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code})`;
      console.log(`\n==> ${name}: ${status} in ${outcome.seconds.toFixed(1)} s`);
      outcomes.push(outcome);
      resolve(outcome);
    });
  });
}

function finish(): never {
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  console.log(
    `\n==> ${failed.length === 0 ? "all passed" : `failed: ${failed.map((o) => o.name).join(", ")}`}`,
  );
  for (const { name, code, seconds } of outcomes) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${code === 0 ? "ok  " : "FAIL"}  ${name}`);
  }
  process.exit(failed.length === 0 ? 0 : 1);
}
