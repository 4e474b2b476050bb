import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A loopback S3-compatible server (s3rver: the real S3 REST protocol, objects in a temporary folder) for tests
 * that need object storage: the storage provider, tus uploads, several app instances sharing one bucket.
 * It rejects unknown access key ids but does not verify SigV4 signatures.
 */
export type S3Peer = {
  /** For S3_ENDPOINT, with S3_FORCE_PATH_STYLE=true: `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver's built-in account (any other access key id is refused). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The matching `Config["storage"]["s3"]`. */
  s3Config: {
    bucket: string;
    region: string;
    endpoint: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
};

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
  resetOnClose: boolean;
};
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

// s3rver is CommonJS without type declarations; the small surface used here is typed above.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverConstructor;

/** Starts s3rver on a free loopback port with one empty bucket (default name "homestead"). */
export async function startS3Server({ bucket = "homestead" }: { bucket?: string } = {}): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(tmpdir(), "homestead-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    resetOnClose: false,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    s3Config: { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle: true },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
