import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { AppError, InvalidError } from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import { requireAgencyManager } from "#app/modules/agency/agency.service.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { type I18n, languageOf, msg } from "#app/modules/i18n/i18n.ts";
import { ImageRejectedError } from "#app/modules/image/image.pipeline.server.ts";
import { imageFromUrl, remoteImageDeps } from "#app/modules/image/image.remote.server.ts";
import { findImageBySource } from "#app/modules/image/image.repo.server.ts";
import { imageRejectionMessage, storeUploadedImage } from "#app/modules/image/image.service.server.ts";
import {
  type ReferenceOwner,
  saveListingByReference,
  withdrawListingByReference,
} from "#app/modules/listing/listing.by-reference.server.ts";
import type { ListingServiceDeps } from "#app/modules/listing/listing.service.server.ts";
import type { CheckedItem, FormSettings } from "./exchange.form-input.ts";
import {
  findReferencedListings,
  finishImportRun,
  type ImportCounts,
  type ImportFormat,
  type ImportSource,
  insertImportRun,
  NO_COUNTS,
  rememberImportFingerprint,
} from "./exchange.import.repo.server.ts";
import { readImportFileOffThread } from "./exchange.import-file.server.ts";
import { ITEM_MESSAGES, type PhotoSource, type Refusal } from "./exchange.model.ts";
import {
  type CurrentListing,
  currentListing,
  type ImportPlan,
  itemFingerprint,
  planImport,
  planSummary,
  refusalWords,
} from "./exchange.plan.ts";

// An import into an agency: a file's bytes (an upload, the command line, a feed URL's answer) read in its
// format, planned against the agency's listings by reference (exchange.plan.ts), and, unless it is a dry run,
// carried out through the same writes by reference as the API (listing.by-reference.server.ts): new and
// changed listings saved as the acting user, published as the agency; what a full feed no longer holds
// withdrawn as the API's DELETE withdraws. An upload's real run is not run in the page's request: the page
// queues it and the "import-uploads" job runs it here (exchange.import-queue.server.ts). The real run plans again from the file and the database as they are
// then, so with nothing changed in between it does exactly what the dry run showed. A listing that fails while
// it is saved (a photo that can not be fetched, an address that can not be placed) is refused in the run's
// record and the run goes on. Every real run is recorded in `importRun`, a refused one too.

export type ImportDeps = Pick<ListingServiceDeps, "db" | "storage" | "geocoder"> & {
  config: Pick<Config, "listingPhotosMax" | "areaUnit" | "listingRules" | "imports"> & {
    auth: Pick<Config["auth"], "secret">;
    storage: Pick<Config["storage"], "maxUploadBytes">;
    i18n: Pick<Config["i18n"], "locale">;
  };
  i18n: Pick<I18n, "t" | "translate">;
};

export const IMPORT_MESSAGES = {
  unconfirmed: msg(
    "Not imported: it would withdraw {withdrawn} of {total} listings, more than a fifth, without a confirmation",
  ),
  photoTooLarge: msg("Photo {number} ({file}) is too large"),
  notSaved: msg("The listing could not be saved"),
  stopped: msg("The import stopped with an error: what it saved before stays"),
} as const;

/** What an import showed or did: its counts, its line, every refusal in words, and whether it was applied. */
export type ImportOutcome = {
  /** The file was read and planned (false: refused as a whole, nothing changed). */
  ok: boolean;
  applied: boolean;
  counts: ImportCounts;
  /** "12 new, 3 changed, 1 withdrawn, 2 refused (line 14: Living area is required)", or why it was refused. */
  summary: string;
  refusals: string[];
  /** More than a fifth would be withdrawn, and that was not confirmed: nothing was (or would be) changed. */
  needsConfirmation: boolean;
  /** Why nothing was changed (the file's refusal, the unconfirmed withdrawal); null otherwise. */
  error: string | null;
  /** The recorded run (real runs only). */
  runId: string | null;
};

export type ImportRequest = {
  agencyId: string;
  /** Who acts: an owner or admin of the agency (checked). */
  user: SessionUser;
  bytes: Uint8Array;
  fileName: string;
  source: ImportSource;
  /** A full feed: the agency's listings by reference that it no longer holds are withdrawn. */
  full: boolean;
  /** The user confirmed withdrawing more than a fifth. */
  confirmWithdrawals?: boolean;
  dryRun: boolean;
  feedId?: string | null;
  /** A real run's row already recorded (an upload's run the job took): recorded into, not inserted. */
  runId?: string;
  /** The format a feed URL was given with; told by the content otherwise. */
  format?: ImportFormat;
  now?: number;
};

function formSettings(config: ImportDeps["config"]): FormSettings {
  return {
    photosMax: config.listingPhotosMax,
    rules: config.listingRules,
    areaUnit: config.areaUnit,
  };
}

/** The agency's listings by reference, as a plan compares them. */
async function currentListings(deps: ImportDeps, agencyId: string) {
  const settings = formSettings(deps.config);
  const current = new Map<string, CurrentListing>();
  for (const found of await findReferencedListings(deps.db, agencyId)) {
    const now = currentListing(found.listing, found.ref, found.photoSources, settings);
    // A listing the form itself would refuse now (a rule tightened since) is compared as changed.
    const form = now?.form ?? ({} as CurrentListing["form"]);
    current.set(found.ref, {
      ref: found.ref,
      form,
      photoSources: now?.photoSources ?? [],
      fingerprint: found.fingerprint,
    });
  }
  return current;
}

function countsOf(plan: Extract<ImportPlan, { ok: true }>): ImportCounts {
  return {
    created: plan.created.length,
    changed: plan.changed.length,
    withdrawn: plan.withdrawn.length,
    unchanged: plan.unchanged,
    refused: plan.refused.length,
  };
}

/**
 * Runs an import for an agency: with `dryRun`, what it would do (nothing is written, nothing recorded);
 * otherwise it does it and records the run. Throws ForbiddenError unless `user` is an owner or admin.
 */
export async function runImport(deps: ImportDeps, request: ImportRequest): Promise<ImportOutcome> {
  await requireAgencyManager(deps.db, request.agencyId, request.user);
  const now = request.now ?? Date.now();
  const runId = request.dryRun ? null : (request.runId ?? randomUUID());
  if (runId && !request.runId) {
    await insertImportRun(deps.db, {
      id: runId,
      agencyId: request.agencyId,
      userId: request.user.id,
      source: request.source,
      fileName: request.fileName.slice(0, 300),
      feedId: request.feedId ?? null,
      full: request.full,
      startedAt: now,
    });
  }
  let outcome: ImportOutcome;
  try {
    outcome = await planAndApply(deps, request, runId);
  } catch (error) {
    if (runId) {
      await finishImportRun(deps.db, runId, {
        ...NO_COUNTS,
        finishedAt: Date.now(),
        summary: "",
        refusals: "[]",
        error: deps.i18n.t(IMPORT_MESSAGES.stopped),
      });
    }
    throw error;
  }
  if (runId) {
    await finishImportRun(deps.db, runId, {
      ...outcome.counts,
      finishedAt: Date.now(),
      summary: outcome.summary,
      refusals: JSON.stringify(outcome.refusals),
      error: outcome.error,
    });
  }
  return outcome;
}

async function planAndApply(
  deps: ImportDeps,
  request: ImportRequest,
  runId: string | null,
): Promise<ImportOutcome> {
  const { i18n } = deps;
  const { feed, files } = await readImportFileOffThread(
    request.bytes,
    languageOf(deps.config.i18n.locale),
    request.format,
  );
  const current = await currentListings(deps, request.agencyId);
  const plan = planImport(feed, current, formSettings(deps.config), {
    full: request.full,
    confirmWithdrawals: request.confirmWithdrawals ?? false,
  });
  const refused = (message: string): ImportOutcome => ({
    ok: false,
    applied: false,
    counts: NO_COUNTS,
    summary: message,
    refusals: [],
    needsConfirmation: false,
    error: message,
    runId,
  });
  if (!plan.ok) return refused(i18n.translate(plan.error));
  const planned: ImportOutcome = {
    ok: true,
    applied: false,
    counts: countsOf(plan),
    summary: planSummary(plan, i18n),
    refusals: plan.refused.map((refusal) => refusalWords(refusal, i18n)),
    needsConfirmation: plan.needsConfirmation,
    error: null,
    runId,
  };
  if (plan.needsConfirmation) {
    const error = i18n.t(IMPORT_MESSAGES.unconfirmed, {
      withdrawn: plan.withdrawn.length,
      total: current.size,
    });
    return { ...planned, error };
  }
  if (request.dryRun) return planned;

  const owner: ReferenceOwner = { agencyId: request.agencyId };
  const failed: Refusal[] = [];
  let created = 0;
  let changed = 0;
  for (const [list, kind] of [
    [plan.created, "created"],
    [plan.changed, "changed"],
  ] as const) {
    for (const item of list) {
      try {
        await saveItem(deps, request.user, owner, item, files, request.now);
        if (kind === "created") created++;
        else changed++;
      } catch (error) {
        failed.push({ place: item.place, message: failureMessage(error, item.ref) });
      }
    }
  }
  let withdrawn = 0;
  for (const ref of plan.withdrawn) {
    try {
      if (await withdrawListingByReference(deps, request.user, owner, ref)) withdrawn++;
    } catch (error) {
      logger.error({ err: error, ref, agencyId: request.agencyId }, "an import could not withdraw a listing");
    }
  }
  const applied = {
    ...plan,
    created: plan.created.filter((item) => !failed.some((refusal) => refusal.place === item.place)),
    changed: plan.changed.filter((item) => !failed.some((refusal) => refusal.place === item.place)),
    withdrawn: plan.withdrawn.slice(0, withdrawn),
    refused: [...plan.refused, ...failed],
  };
  return {
    ok: true,
    applied: true,
    counts: { created, changed, withdrawn, unchanged: plan.unchanged, refused: applied.refused.length },
    summary: planSummary(applied, i18n),
    refusals: applied.refused.map((refusal) => refusalWords(refusal, i18n)),
    needsConfirmation: false,
    error: null,
    runId,
  };
}

/** What a listing that failed while it was saved is refused with: the service's words, or a plain one. */
function failureMessage(error: unknown, ref: string): string {
  if (error instanceof InvalidError) {
    return (
      error.formMessage ?? Object.values<string | undefined>(error.fieldErrors).find(Boolean) ?? error.message
    );
  }
  if (error instanceof AppError) return error.message;
  logger.error({ err: error, ref }, "an import could not save a listing");
  return IMPORT_MESSAGES.notSaved;
}

/** Saves one planned listing through the writes by reference; its photos by URL or from the zip. */
async function saveItem(
  deps: ImportDeps,
  user: SessionUser,
  owner: ReferenceOwner,
  item: CheckedItem,
  files: Map<string, Uint8Array>,
  now?: number,
) {
  const { imageIds: _a, imageCaptions: _b, floorPlanIds: _c, floorPlanCaptions: _d, ...input } = item.form;
  const asPhoto = (photo: PhotoSource) => ({ source: photo, caption: photo.caption });
  const fetchDeps = remoteImageDeps(deps);
  const saved = await saveListingByReference(
    // No hourly save limit: an import is one deliberate act of an agency's manager, of any size.
    { db: deps.db, storage: deps.storage, geocoder: deps.geocoder, config: deps.config },
    user,
    owner,
    item.ref,
    {
      input,
      photos: item.photos.map(asPhoto),
      floorPlans: item.floorPlans.map(asPhoto),
      imageOf: async (photo, { listingId, position }) => {
        if ("url" in photo) {
          return imageFromUrl(fetchDeps, {
            url: photo.url,
            userId: user.id,
            listingId,
            field: "imageIds",
            position,
          });
        }
        return imageFromZip(
          deps,
          user.id,
          listingId,
          photo.file,
          files.get(photo.file.replace(/^\.?\//, "")),
          position,
        );
      },
    },
    now,
  );
  await rememberImportFingerprint(deps.db, saved.id, itemFingerprint(item));
}

/**
 * A photo of an uploaded zip through the upload pipeline (type by content, pixel limit, EXIF dropped): the
 * image the listing has from the same file name already, or one stored now.
 */
async function imageFromZip(
  deps: ImportDeps,
  userId: string,
  listingId: string | null,
  file: string,
  data: Uint8Array | undefined,
  position: number,
) {
  const known = await findImageBySource(deps.db, file, listingId, userId);
  if (known) return known.id;
  const refuse = (message: string) => new InvalidError({ imageIds: message }, message);
  if (!data) throw refuse(deps.i18n.t(ITEM_MESSAGES.photoFile, { file }));
  if (data.byteLength > deps.config.storage.maxUploadBytes) {
    throw refuse(deps.i18n.t(IMPORT_MESSAGES.photoTooLarge, { number: position + 1, file }));
  }
  try {
    const row = await storeUploadedImage(deps, {
      id: randomUUID(),
      userId,
      fileName: file.split("/").at(-1) ?? "photo",
      data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      sourceUrl: file,
    });
    return row.id;
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      const message = `Photo ${position + 1} (${file}) is refused: ${imageRejectionMessage(error.reason)}`;
      throw refuse(message);
    }
    throw error;
  }
}
