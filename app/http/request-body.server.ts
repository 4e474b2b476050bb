import { data } from "react-router";

/**
 * Reading request bodies with limits. `request.formData()` and better-auth's JSON parsing read a body whole,
 * however large, and throw (a 500) on anything that is not the form they expect; here a body is refused with
 * a 4xx and a message instead: too large (413), not a form (415), unreadable (400).
 */

/** The largest body a page's form or an auth call needs; the listing form, the biggest, is under 2 KB. */
export const MAX_FORM_BYTES = 64 * 1024;

const FORM_TYPES: ReadonlySet<string> = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A body refused before any of it was used; `status` and `message` are what the client gets. */
export class RequestBodyError extends Error {
  override name = "RequestBodyError";
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}

const TOO_LARGE = "This request is too large.";

/**
 * The form a page's action was sent. Throws a 4xx response (rendered by the error boundary, message included)
 * for a body that is too large, not a form, or not readable as one.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await parseForm(request);
  } catch (error) {
    if (error instanceof RequestBodyError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/**
 * The form of a request, at most `maxBytes` (a form with a file upload allows more): throws RequestBodyError
 * for a body that is too large, not a form, or not readable as one.
 */
export async function parseForm(request: Request, maxBytes = MAX_FORM_BYTES) {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.has(mediaType(contentType))) {
    throw new RequestBodyError(415, "This address only takes form submissions.");
  }
  const body = await readBody(request, maxBytes);
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new RequestBodyError(400, "The form could not be read.");
  }
}

/**
 * The body, at most `maxBytes` of it: a declared Content-Length above the limit is refused before reading,
 * a chunked body as soon as it passes the limit. Throws RequestBodyError (413).
 */
export async function readBody(request: Request, maxBytes: number): Promise<Blob> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) {
    throw new RequestBodyError(413, TOO_LARGE);
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      length += chunk.value.byteLength;
      // Not cancelled: cancelling destroys the socket, and the client would never see the 413.
      if (length > maxBytes) throw new RequestBodyError(413, TOO_LARGE);
      chunks.push(chunk.value);
    }
  }
  return new Blob(chunks);
}

/** "multipart/form-data; boundary=x" -> "multipart/form-data". */
export function mediaType(contentType: string) {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}
