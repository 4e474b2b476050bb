import yauzl, { type Entry, type ZipFile } from "yauzl";
import { FEED_ERRORS, FEED_MAX_BYTES } from "./exchange.model.ts";

// An OpenImmo zip (its XML and the images it names) read with limits a hostile file can not get past: the
// entries' declared sizes together, and the bytes actually inflated (a zip bomb lies about its sizes: yauzl
// checks each entry's against its declaration, and we count them again), the number of entries, and their
// names (no absolute path, no "..", which yauzl refuses, and no backslashes).

export type ZipLimits = { maxBytes: number; maxEntries: number };
export const ZIP_LIMITS: ZipLimits = { maxBytes: FEED_MAX_BYTES, maxEntries: 2000 };

export type OpenImmoZip =
  | { ok: true; xml: Uint8Array; files: Map<string, Uint8Array> }
  | { ok: false; error: (typeof FEED_ERRORS)[keyof typeof FEED_ERRORS] };

class Refused extends Error {
  readonly reason: (typeof FEED_ERRORS)[keyof typeof FEED_ERRORS];
  constructor(reason: (typeof FEED_ERRORS)[keyof typeof FEED_ERRORS]) {
    super(reason);
    this.reason = reason;
  }
}

function openZip(bytes: Buffer) {
  return new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry, budget: { left: number }) {
  return new Promise<Uint8Array>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        budget.left -= chunk.byteLength;
        if (budget.left < 0) {
          stream.destroy();
          reject(new Refused(FEED_ERRORS.zipTooLarge));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The XML file and the other files of an OpenImmo zip, or why the zip is refused. */
export async function readOpenImmoZip(bytes: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<OpenImmoZip> {
  if (bytes.byteLength > limits.maxBytes) return { ok: false, error: FEED_ERRORS.tooLarge };
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    return { ok: false, error: FEED_ERRORS.badZip };
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, error: FEED_ERRORS.zipTooManyFiles };
  }
  const files = new Map<string, Uint8Array>();
  const budget = { left: limits.maxBytes };
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", (error: Error) =>
        reject(/path/.test(error.message) ? new Refused(FEED_ERRORS.zipUnsafePath) : error),
      );
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        if (entry.fileName.endsWith("/")) return zip.readEntry();
        declared += entry.uncompressedSize;
        if (declared > limits.maxBytes) return reject(new Refused(FEED_ERRORS.zipTooLarge));
        readEntry(zip, entry, budget)
          .then((content) => {
            files.set(entry.fileName, content);
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    return { ok: false, error: error instanceof Refused ? error.reason : FEED_ERRORS.badZip };
  }
  const xmlName = [...files.keys()].find((name) => /\.xml$/i.test(name));
  if (!xmlName) return { ok: false, error: FEED_ERRORS.noZipXml };
  const xml = files.get(xmlName)!;
  files.delete(xmlName);
  return { ok: true, xml, files };
}
