import { Readable } from "node:stream";
import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { findOrMakeMailJpeg } from "#app/modules/image/image.mail.server.ts";
import { parseVariantKey } from "#app/modules/image/image.rules.ts";
import { InvalidStorageKeyError } from "#app/providers/storage/storage.key.server.ts";
import type { StoredObject } from "#app/providers/storage/storage.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/images.ts";

// Processed photos: "/images/<key>-<width>.webp", and "/images/<key>-<width>.jpg" for e-mails (made once from
// the WebP). Keys are unguessable and never rewritten (a new photo gets a new key), so browsers and CDNs may
// keep them for a year.

/** Streams one stored WebP or mail JPEG, or 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const key = `images/${params["*"] ?? ""}`;
  const variant = parseVariantKey(key);
  if (!variant) return notFound();
  const { storage } = context.get(servicesContext);
  let stored: StoredObject | null;
  try {
    stored = variant.format === "jpg" ? await findOrMakeMailJpeg(storage, key) : await storage.get(key);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return notFound();
    throw error;
  }
  if (!stored) return notFound();
  const body = stored.body instanceof Readable ? stored.body : Readable.from(stored.body);
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": variant.format === "jpg" ? "image/jpeg" : "image/webp",
      "Content-Length": String(stored.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}

/** Photos are only read. */
export const action = () => methodNotAllowed("a photo");
