// The import's file reader in a worker thread: decoding and parsing a feed of thousands of listings takes a
// second or more of CPU in one go, which on the server's main thread would hold every page request meanwhile.
// Started by exchange.import-file.server.ts from this source file (Node strips the types); one file per worker.
import { parentPort, workerData } from "node:worker_threads";
import { readImportFile } from "./exchange.import-file.server.ts";

if (!parentPort) throw new Error("exchange.import-file.worker.ts runs as a worker thread only");
const { bytes, language, format } = workerData as {
  bytes: Uint8Array;
  language: string;
  format?: Parameters<typeof readImportFile>[2];
};
const port = parentPort;
const read = await readImportFile(bytes, language, format);
// The zip's images go back without a copy.
port.postMessage(
  read,
  [...read.files.values()].map((file) => file.buffer as ArrayBuffer),
);
