import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** The manifest's file name. It is written last: a backup folder without one is incomplete. */
export const MANIFEST_FILE = "manifest.json";
/** The SQLite copy's file name inside a backup folder. */
export const SQLITE_FILE = "homestead.sqlite";
/** The pg_dump (custom format) file name inside a backup folder. */
export const PG_DUMP_FILE = "homestead.pgdump";
/** The image folder's copy inside a backup folder (the disk storage root, mirrored). */
export const IMAGES_DIR = "images";
/** The auth secret's copy: sessions and signed cookies stay valid after a restore. */
export const AUTH_SECRET_FILE = "auth-secret";

const FileSchema = z.object({ file: z.string(), bytes: z.number().int(), sha256: z.string().length(64) });

const ManifestSchema = z.object({
  format: z.literal(1),
  app: z.literal("homestead"),
  createdAt: z.string(),
  durationMs: z.number(),
  database: z.discriminatedUnion("kind", [
    FileSchema.extend({
      kind: z.literal("sqlite"),
      pages: z.number().int(),
      integrity: z.string(),
      rows: z.record(z.string(), z.number().int()),
    }),
    z.object({ kind: z.literal("postgres"), dump: FileSchema.nullable(), note: z.string() }),
  ]),
  images: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("disk"),
      dir: z.string(),
      files: z.number().int(),
      bytes: z.number().int(),
      /** Files the database references that were not found (null: not checked, e.g. on PostgreSQL). */
      missing: z.array(z.string()).nullable(),
    }),
    z.object({ kind: z.literal("s3"), bucket: z.string(), note: z.string() }),
  ]),
  authSecret: z.boolean(),
});

/** What a backup folder holds, with the counts, sizes and checksums to check a restore against. */
export type BackupManifest = z.infer<typeof ManifestSchema>;

/** Writes the manifest into the backup folder (last, once everything else is in place). */
export async function writeManifest(dir: string, manifest: BackupManifest) {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads and checks a backup folder's manifest; throws when it is missing (an incomplete backup) or invalid. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch {
    throw new Error(`${dir} is not a complete backup: ${MANIFEST_FILE} is missing`);
  }
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${dir}/${MANIFEST_FILE} is not a Homestead backup manifest: ${parsed.error.message}`);
  return parsed.data;
}
