import { randomUUID } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { InvalidError } from "#app/http/errors.ts";
import { fetchRemote, RemoteFetchError, type RemoteFetchOptions } from "#app/http/remote-fetch.server.ts";
import { ImageRejectedError } from "./image.pipeline.server.ts";
import { findImageBySource } from "./image.repo.server.ts";
import { type ImageServiceDeps, imageRejectionMessage, storeUploadedImage } from "./image.service.server.ts";

// A photo given by its URL (the API, imports): fetched once per URL with the fetcher's limits (time, size,
// public addresses only), then through the same pipeline as an upload (type by content, pixel limit, EXIF
// dropped). The image remembers its URL, so a listing sent again with the same photos fetches nothing.

/** How long one photo may take to fetch. */
export const PHOTO_FETCH_TIMEOUT_MS = 15_000;

const FETCH_MESSAGES: Record<RemoteFetchError["reason"], string> = {
  "bad-url": "is not an http(s) URL",
  "private-host": "is not on the public internet",
  "too-large": "is too large",
  timeout: "took too long to fetch",
  status: "could not be fetched (the server refused)",
  unreachable: "could not be reached",
  "too-many-redirects": "redirects too often",
};

export type RemoteImageDeps = ImageServiceDeps & {
  fetch: Pick<RemoteFetchOptions, "allowPrivateHosts" | "maxBytes"> & { timeoutMs?: number };
};

/** What fetching a listing's photos by URL needs from the site's settings (the API's and the imports'). */
export function remoteImageDeps(
  deps: ImageServiceDeps & {
    config: {
      imports: Pick<Config["imports"], "allowPrivateHosts">;
      storage: Pick<Config["storage"], "maxUploadBytes">;
    };
  },
): RemoteImageDeps {
  return {
    db: deps.db,
    storage: deps.storage,
    fetch: {
      allowPrivateHosts: deps.config.imports.allowPrivateHosts,
      maxBytes: deps.config.storage.maxUploadBytes,
    },
  };
}

/**
 * The id of the image fetched from `url` for `userId`'s save of `listingId` (null: a new listing): one it has
 * already, or one fetched now and stored pending. Throws InvalidError on `field` (the photo's number in the
 * message) when the URL cannot be fetched or is not an acceptable photo.
 */
export async function imageFromUrl(
  deps: RemoteImageDeps,
  {
    url,
    userId,
    listingId,
    field,
    position,
  }: {
    url: string;
    userId: string;
    listingId: string | null;
    field: string;
    position: number;
  },
) {
  const known = await findImageBySource(deps.db, url, listingId, userId);
  if (known) return known.id;
  const refuse = (reason: string) => {
    const message = `Photo ${position + 1} (${url}) ${reason}`;
    return new InvalidError({ [field]: message }, message);
  };
  let body: Buffer;
  try {
    ({ body } = await fetchRemote(url, { timeoutMs: PHOTO_FETCH_TIMEOUT_MS, ...deps.fetch }));
  } catch (error) {
    if (error instanceof RemoteFetchError) throw refuse(FETCH_MESSAGES[error.reason]);
    throw error;
  }
  try {
    const fileName = new URL(url).pathname.split("/").at(-1) ?? "photo";
    const row = await storeUploadedImage(deps, {
      id: randomUUID(),
      userId,
      fileName,
      data: body,
      sourceUrl: url,
    });
    return row.id;
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw refuse(`is refused: ${imageRejectionMessage(error.reason)}`);
    throw error;
  }
}
