import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { parseListingsCsv } from "./exchange.csv.ts";
import type { ImportFormat } from "./exchange.import.repo.server.ts";
import { parseKyeroFeed } from "./exchange.kyero.ts";
import { FEED_ERRORS, FEED_MAX_BYTES, type ParsedFeed } from "./exchange.model.ts";
import { parseOpenImmoFeed } from "./exchange.openimmo.ts";
import { readOpenImmoZip } from "./exchange.zip.server.ts";

// An import's file read in its format, told by its content (or by the format a feed URL was given with), so
// an upload needs no format chosen: the readers themselves refuse what is hostile or not their format.

/** A file read in its format: the feed, and the files beside the XML when it was a zip. */
export type ReadFeed = { feed: ParsedFeed; files: Map<string, Uint8Array> };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function startsWithZip(bytes: Uint8Array) {
  return ZIP_MAGIC.every((byte, at) => bytes[at] === byte);
}

/** The name of an XML document's root element, or null when the bytes do not start as XML. */
function xmlRoot(bytes: Uint8Array): string | null {
  // UTF-16 is refused by the readers with their own message: send it to one.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return "";
  let head = Buffer.from(bytes.subarray(0, 4096)).toString("latin1");
  head = head.replace(/^\u00ef\u00bb\u00bf/, "").trimStart();
  if (!head.startsWith("<")) return null;
  // Past the declaration, comments and processing instructions (a DOCTYPE is the reader's to refuse).
  const stripped = head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, "").trimStart();
  return /^<([A-Za-z_][\w.-]*)/.exec(stripped)?.[1] ?? "";
}

/**
 * The listings of a file, its format told by its content: a zip is OpenImmo (the XML and its images); an XML
 * file is OpenImmo when its root is <openimmo>, Kyero otherwise; anything else is the CSV template. `format`
 * (a feed URL's) makes that format's reader read it whatever it looks like.
 */
export async function readImportFile(
  bytes: Uint8Array,
  language: string,
  format?: ImportFormat,
): Promise<ReadFeed> {
  const none = new Map<string, Uint8Array>();
  if (bytes.byteLength > FEED_MAX_BYTES)
    return { feed: { ok: false, error: FEED_ERRORS.tooLarge }, files: none };
  if (startsWithZip(bytes) && (format === undefined || format === "openImmo")) {
    const zip = await readOpenImmoZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!zip.ok) return { feed: zip, files: none };
    return { feed: parseOpenImmoFeed(zip.xml, new Set(zip.files.keys())), files: zip.files };
  }
  const root = format ? null : xmlRoot(bytes);
  const chosen = format ?? (root === null ? "csv" : root.toLowerCase() === "openimmo" ? "openImmo" : "kyero");
  if (chosen === "openImmo") return { feed: parseOpenImmoFeed(bytes), files: none };
  if (chosen === "kyero") return { feed: parseKyeroFeed(bytes, language), files: none };
  return { feed: parseListingsCsv(bytes), files: none };
}

// Started from source by Node, resolved from the working directory as the geocoder's worker is: the server
// bundle does not contain it.
const WORKER_FILE = path.resolve("app/modules/exchange/exchange.import-file.worker.ts");

/** Files smaller than this are read on the calling thread: a worker's start costs more than they do. */
const WORKER_FROM_BYTES = 512 * 1024;

/**
 * readImportFile in a worker thread, so a large file's parsing never holds the server's page requests; on the
 * calling thread for a small file, or where the worker's source is not at hand.
 */
export async function readImportFileOffThread(
  bytes: Uint8Array,
  language: string,
  format?: ImportFormat,
): Promise<ReadFeed> {
  if (bytes.byteLength < WORKER_FROM_BYTES || !existsSync(WORKER_FILE)) {
    return readImportFile(bytes, language, format);
  }
  const worker = new Worker(WORKER_FILE, { workerData: { bytes, language, format } });
  try {
    return await new Promise<ReadFeed>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the import file's worker stopped (${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}
