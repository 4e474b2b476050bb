// `npm test` and `npm run test:engine:built`: the checks and test tiers, with what can run side by side run so.
//
// `node scripts/test.ts`            lint, typegen + tsc, and the build side by side; then Vitest's three tiers
//                                   beside the browser suite (Chromium).
// `node scripts/test.ts --engine`   what depends on the database engine, on the build already made: Vitest's db
//                                   tier and the *.engine.test.ts server suites beside the @smoke browser tests.
//
// Why side by side: a browser test spends much of its time waiting (page loads, hydration, polling for a
// toast or an e-mail), and with only the browser suite running a 2-CPU machine stood about half idle. Vitest
// runs in that idle time. The browser suite prints as it goes; the other commands' output is kept and printed
// whole (a check's when it ends, Vitest's after the browser suite's), so the log reads one command after the
// other. A command's outcome line is printed as soon as it ends. Exits non-zero if any command failed;
// when a check of the first step fails, no test runs.
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
const tests = await Promise.all(
  engineOnly
    ? [
        sequence([
          { name: "vitest db", args: ["vitest", "run", "--project", "db"] },
          {
            name: "vitest server (engine)",
            args: ["vitest", "run", "--project", "server", ".engine.test.ts"],
          },
        ]),
        run({
          name: "playwright @smoke",
          args: ["playwright", "test", "--project=chromium", "--grep", "@smoke"],
          live: true,
        }),
      ]
    : [
        run({ name: "vitest", args: ["vitest", "run"] }),
        run({ name: "playwright", args: ["playwright", "test", "--project=chromium"], live: true }),
      ],
);
for (const outcome of tests.flat()) print(outcome);
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
