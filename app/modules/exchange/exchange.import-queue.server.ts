import { randomBytes, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { ForbiddenError } from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import { requireAgencyManager } from "#app/modules/agency/agency.service.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import type { Job, JobContext } from "#app/modules/jobs/jobs.server.ts";
import { findSessionUserById } from "#app/modules/user/user.repo.server.ts";
import {
  claimImportRun,
  deletePlannedImportRuns,
  extendImportRunLease,
  findClaimableImportRuns,
  findImportRun,
  finishImportRun,
  insertPlannedImportRun,
  NO_COUNTS,
  queueImportRun,
} from "./exchange.import.repo.server.ts";
import { type ImportDeps, type ImportOutcome, runImport } from "./exchange.import.server.ts";
import {
  dropImportUpload,
  IMPORT_UPLOAD_MAX_AGE_MS,
  keepImportUpload,
  readImportUpload,
  sweepImportUploads,
} from "./exchange.import-upload.server.ts";

// An upload's import on /agency/import runs in the job runner, not in the page's request: a file of thousands
// of listings with photos takes minutes, longer than a proxy keeps a request open (decision 071). The dry run
// (in the request: it only reads) records a "planned" run naming the kept upload; Import checks the user and
// the confirmation and queues it (one conditional UPDATE, nothing heavy); the "import-uploads" job takes each
// queued run (one conditional UPDATE queued → running, so two instances never run the same import) and runs it
// from the kept upload through runImport, as the user who pressed Import. A running run holds a lease it
// extends while it runs: a run a killed process left "running" is taken up again once the lease expires, from
// the start (an import is idempotent by reference: what was saved is unchanged the second time).

/** How long a running run is kept from other runners without its runner extending the lease. */
export const IMPORT_RUN_LEASE_MS = 2 * 60 * 1000;
/** The pause between the job's looks for queued runs: a queued import starts within seconds. */
const LOOK_EVERY_MS = 3_000;

export const IMPORT_QUEUE_MESSAGES = {
  queued: msg("Import started: its result appears under Recent imports"),
  gone: msg("The uploaded file is no longer here: upload it again"),
  notManager: msg("Not imported: the person who pressed Import no longer manages the agency"),
} as const;

/** What the page shows of a dry run, and what its Import button sends back (the planned run's id). */
export type PlannedImport = Pick<
  ImportOutcome,
  "ok" | "summary" | "refusals" | "needsConfirmation" | "error"
> & {
  runId: string | null;
  fileName: string;
  full: boolean;
};

/**
 * The dry run of an upload (nothing is changed) for a manager of the agency; when the file could be read and
 * planned, the upload is kept and a planned run recorded for Import to queue.
 */
export async function planUploadImport(
  deps: ImportDeps,
  request: { agencyId: string; user: SessionUser; bytes: Uint8Array; fileName: string; full: boolean },
  now = Date.now(),
): Promise<PlannedImport> {
  const outcome = await runImport(deps, { ...request, source: "upload", dryRun: true });
  const view = {
    ok: outcome.ok,
    summary: outcome.summary,
    refusals: outcome.refusals,
    needsConfirmation: outcome.needsConfirmation,
    error: outcome.error,
    fileName: request.fileName,
    full: request.full,
  };
  // Kept for Import only when there is something to import.
  if (!outcome.ok) return { ...view, runId: null };
  const uploadId = await keepImportUpload(deps.storage, request.agencyId, request.bytes);
  const runId = randomUUID();
  await insertPlannedImportRun(deps.db, {
    id: runId,
    agencyId: request.agencyId,
    userId: request.user.id,
    fileName: request.fileName.slice(0, 300),
    full: request.full,
    uploadId,
    needsConfirmation: outcome.needsConfirmation,
    startedAt: now,
    ...outcome.counts,
    summary: outcome.summary,
    refusals: JSON.stringify(outcome.refusals),
    error: outcome.error,
  });
  return { ...view, runId };
}

/**
 * Import pressed on the agency's planned run `runId`: queued for the job (true), or, when the dry run would
 * withdraw more than a fifth and the box is not ticked, not queued: the dry run again, to confirm. Throws
 * ForbiddenError unless `user` manages the agency; a run that is not the agency's, or no longer planned, is
 * refused as gone (GoneImportError).
 */
export async function queueUploadImport(
  db: ImportDeps["db"],
  user: Pick<SessionUser, "id">,
  agencyId: string,
  runId: string,
  confirmWithdrawals: boolean,
  now = Date.now(),
): Promise<{ queued: true } | { queued: false; dryRun: PlannedImport }> {
  await requireAgencyManager(db, agencyId, user);
  const run = await findImportRun(db, runId);
  if (
    !run ||
    run.agencyId !== agencyId ||
    run.status !== "planned" ||
    run.startedAt < now - IMPORT_UPLOAD_MAX_AGE_MS
  ) {
    throw new GoneImportError();
  }
  if (run.needsConfirmation && !confirmWithdrawals) {
    return {
      queued: false,
      dryRun: {
        ok: true,
        summary: run.summary,
        refusals: run.refusals,
        needsConfirmation: true,
        error: run.error,
        runId: run.id,
        fileName: run.fileName,
        full: run.full,
      },
    };
  }
  const queued = await queueImportRun(db, { id: run.id, agencyId, userId: user.id, confirmWithdrawals, now });
  if (!queued) throw new GoneImportError();
  return { queued: true };
}

/** The planned run named is not the agency's, was imported already, or its upload is gone. */
export class GoneImportError extends Error {
  override name = "GoneImportError";
  constructor() {
    super(IMPORT_QUEUE_MESSAGES.gone);
  }
}

/**
 * One pass of the job: every queued run (and every running one whose runner's lease expired) that this runner
 * claims, one after the other, oldest first. Returns how many it ran.
 */
export async function runQueuedImports(deps: ImportDeps, { now, signal }: JobContext, holder = newHolder()) {
  let ran = 0;
  // Asked again after each run: runs queued meanwhile go in the same pass.
  for (;;) {
    const ids = await findClaimableImportRuns(deps.db, now());
    let claimed = false;
    for (const id of ids) {
      if (signal.aborted) return ran;
      if (!(await claimImportRun(deps.db, id, holder, now(), now() + IMPORT_RUN_LEASE_MS))) continue;
      claimed = true;
      await runClaimed(deps, id, holder, now);
      ran++;
    }
    if (!claimed || signal.aborted) return ran;
  }
}

function newHolder() {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Runs the claimed run `id` from its kept upload, extending its lease meanwhile; records how it ended. */
async function runClaimed(deps: ImportDeps, id: string, holder: string, now: () => number) {
  const run = await findImportRun(deps.db, id);
  if (!run) return;
  const heartbeat = setInterval(
    () => {
      extendImportRunLease(deps.db, id, holder, now() + IMPORT_RUN_LEASE_MS).catch((error: unknown) =>
        logger.warn({ err: error, runId: id }, "import run lease not extended"),
      );
    },
    Math.floor(IMPORT_RUN_LEASE_MS / 3),
  );
  heartbeat.unref();
  const drop = async () => {
    if (run.uploadId) await dropImportUpload(deps.storage, run.agencyId, run.uploadId);
  };
  const fail = async (message: string) => {
    await finishImportRun(deps.db, id, {
      ...NO_COUNTS,
      finishedAt: now(),
      summary: message,
      refusals: "[]",
      error: message,
    });
    await drop();
  };
  try {
    const user = run.userId ? await findSessionUserById(deps.db, run.userId) : undefined;
    const bytes = run.uploadId ? await readImportUpload(deps.storage, run.agencyId, run.uploadId) : null;
    if (!bytes) return await fail(deps.i18n.t(IMPORT_QUEUE_MESSAGES.gone));
    if (!user) return await fail(deps.i18n.t(IMPORT_QUEUE_MESSAGES.notManager));
    let outcome: ImportOutcome;
    try {
      outcome = await runImport(deps, {
        agencyId: run.agencyId,
        user,
        bytes,
        fileName: run.fileName,
        source: "upload",
        full: run.full,
        confirmWithdrawals: run.confirmWithdrawals,
        dryRun: false,
        runId: id,
        now: now(),
      });
    } catch (error) {
      // The confirming user no longer manages the agency: nothing was done (runImport checks first).
      if (error instanceof ForbiddenError) return await fail(deps.i18n.t(IMPORT_QUEUE_MESSAGES.notManager));
      // Recorded with its run (runImport): what it saved before stays.
      logger.error({ err: error, runId: id }, "a queued import failed");
      return await drop();
    }
    // The agency's listings changed since the dry run, so that now it would withdraw more than a fifth
    // without the confirmation: recorded as not applied (runImport), the file kept (swept after a day).
    if (!outcome.needsConfirmation) await drop();
  } finally {
    clearInterval(heartbeat);
  }
}

/** Deletes planned runs older than a kept upload lives, and their uploads (dry runs never imported). */
export async function sweepPlannedImports(deps: Pick<ImportDeps, "db" | "storage">, now: number) {
  const old = await deletePlannedImportRuns(deps.db, now - IMPORT_UPLOAD_MAX_AGE_MS);
  for (const run of old) {
    if (run.uploadId) await dropImportUpload(deps.storage, run.agencyId, run.uploadId);
  }
  return old.length;
}

/**
 * The job that clears what an import leaves behind: dry runs never imported (planned runs, with their kept
 * uploads) after a day, and any kept upload older than that. Hourly: nothing is due sooner.
 */
export function importSweepJob(deps: Pick<ImportDeps, "db" | "storage">): Job {
  return {
    name: "import-sweep",
    everyMs: 60 * 60 * 1000,
    run: async ({ now }) => {
      await sweepPlannedImports(deps, now());
      await sweepImportUploads(deps.storage, now());
    },
  };
}

/** The job that runs the uploads' imports queued on /agency/import. */
export function importUploadsJob(deps: ImportDeps): Job {
  const holder = newHolder();
  return {
    name: "import-uploads",
    everyMs: LOOK_EVERY_MS,
    run: (ctx) => runQueuedImports(deps, ctx, holder),
  };
}
