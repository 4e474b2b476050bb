import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { loadConfig } from "#app/config.server.ts";
import {
  findAgencyIdBySlug,
  findAgencyOwnerUser,
} from "#app/modules/exchange/exchange.import.repo.server.ts";
import { runImport } from "#app/modules/exchange/exchange.import.server.ts";
import { FEED_ERRORS, FEED_MAX_BYTES } from "#app/modules/exchange/exchange.model.ts";
import { type Services, startServices, stopServices } from "#app/services.server.ts";

// `npm run import -- FILE --agency SLUG [--full] [--yes] [--confirm-withdrawals]`: an import for a cron or by
// hand, acting as the agency's owner. It prints the dry run's line and every refusal, and imports only with
// --yes (or a "y" typed at the question, when a person is at the terminal). Exit codes: 0 done or nothing
// asked, 1 the file was refused or the import needs a confirmation it did not get, 2 a usage error.

export const IMPORT_USAGE = `Usage: npm run import -- FILE --agency SLUG [--full] [--yes] [--confirm-withdrawals]

  FILE                   an OpenImmo XML or zip, a Kyero v3 XML, or a CSV file made from the template
  --agency SLUG          the agency to import into (its public page is /agencies/SLUG); acts as its owner
  --full                 the file is the agency's whole stock: what it no longer holds is withdrawn
  --yes                  import after the dry run without asking
  --confirm-withdrawals  allow withdrawing more than a fifth of the agency's listings in this run

Without --yes it prints the dry run and asks (or, with no terminal, stops there).`;

export type ImportArgs = {
  file: string;
  agency: string;
  full: boolean;
  yes: boolean;
  confirmWithdrawals: boolean;
};

/** The command line's arguments, or the message of what is wrong with them. */
export function parseImportArgs(args: string[]): ImportArgs | { error: string } {
  const flags = new Set(["--full", "--yes", "--confirm-withdrawals"]);
  let file: string | undefined;
  let agency: string | undefined;
  const seen = new Set<string>();
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (arg === "--agency") {
      agency = args[++at];
      if (!agency) return { error: "--agency needs the agency's slug" };
    } else if (flags.has(arg)) seen.add(arg);
    else if (arg.startsWith("--")) return { error: `unknown option ${arg}` };
    else if (file === undefined) file = arg;
    else return { error: `one file at a time (got ${file} and ${arg})` };
  }
  if (!file) return { error: "name the file to import" };
  if (!agency) return { error: "name the agency: --agency SLUG" };
  return {
    file,
    agency,
    full: seen.has("--full"),
    yes: seen.has("--yes"),
    confirmWithdrawals: seen.has("--confirm-withdrawals"),
  };
}

export type CommandIo = {
  log: (line: string) => void;
  error: (line: string) => void;
  /** Asks a yes/no question; null when nobody can answer (no terminal). */
  ask: ((question: string) => Promise<string>) | null;
};

function terminalIo(): CommandIo {
  return {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
    ask: process.stdin.isTTY
      ? async (question) => {
          const prompt = createInterface({ input: process.stdin, output: process.stdout });
          try {
            return await prompt.question(question);
          } finally {
            prompt.close();
          }
        }
      : null,
  };
}

/** Runs the import command with services of its own (from the environment); returns the exit code. */
export async function runImportCommand(args: string[], io: CommandIo = terminalIo()): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.log(IMPORT_USAGE);
    return 0;
  }
  const parsed = parseImportArgs(args);
  if ("error" in parsed) {
    io.error(`${parsed.error}\n\n${IMPORT_USAGE}`);
    return 2;
  }
  const services = await startServices(loadConfig(), { background: false });
  try {
    return await importWith(services, parsed, io);
  } finally {
    await stopServices(services);
  }
}

/** The command on running services: dry run, then (confirmed) the real run. */
export async function importWith(services: Services, args: ImportArgs, io: CommandIo): Promise<number> {
  const agencyId = await findAgencyIdBySlug(services.db, args.agency);
  if (!agencyId) {
    io.error(`no agency has the slug ${args.agency}`);
    return 2;
  }
  const owner = await findAgencyOwnerUser(services.db, agencyId);
  if (!owner) {
    io.error(`the agency ${args.agency} has no owner to act as`);
    return 2;
  }
  const size = await stat(args.file).then(
    (found) => found.size,
    () => null,
  );
  if (size === null) {
    io.error(`cannot read ${args.file}`);
    return 2;
  }
  // Refused before it is read: a file this large is never a feed.
  if (size > FEED_MAX_BYTES) {
    io.log(`Dry run: ${services.i18n.translate(FEED_ERRORS.tooLarge)}`);
    return 1;
  }
  const bytes = await readFile(args.file);
  const request = {
    agencyId,
    user: owner,
    bytes,
    fileName: path.basename(args.file),
    source: "cli" as const,
    full: args.full,
    confirmWithdrawals: args.confirmWithdrawals,
  };
  const dry = await runImport(services, { ...request, dryRun: true });
  io.log(`Dry run: ${dry.summary}`);
  for (const refusal of dry.refusals) io.log(`  refused ${refusal}`);
  if (!dry.ok) return 1;
  if (dry.needsConfirmation) {
    io.error(`${dry.error}\nRun again with --confirm-withdrawals to withdraw them.`);
    return 1;
  }
  let go = args.yes;
  if (!go && io.ask) go = /^y(es)?$/i.test((await io.ask("Import? [y/N] ")).trim());
  if (!go) {
    io.log(io.ask ? "Nothing imported." : "Nothing imported: run again with --yes to import.");
    return 0;
  }
  const real = await runImport(services, { ...request, dryRun: false });
  io.log(`Imported: ${real.summary}`);
  for (const refusal of real.refusals.filter((line) => !dry.refusals.includes(line))) {
    io.log(`  refused ${refusal}`);
  }
  return real.ok && real.applied ? 0 : 1;
}
