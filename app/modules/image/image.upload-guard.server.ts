import { Metadata } from "@tus/server";
import { isPlainText } from "#app/modules/text/text.rules.ts";

// Checks on a tus upload request before the tus server takes it (and writes anything to staging). A browser's
// File.name is a bare name: a path separator or a control character in it means the metadata was forged.

const MAX_FILE_NAME_LENGTH = 255;

/**
 * The refusal for a tus creation request this site never sends, or null to let it through: a deferred length
 * (our client always knows the size, and the size cap is checked against it up front), or a file name that
 * holds a path, control characters or more than 255 characters.
 */
export function refuseMalformedUpload(request: Request): Response | null {
  if (request.method !== "POST") return null;
  if (request.headers.has("upload-defer-length")) return refusal("Uploads must declare their length");
  const header = request.headers.get("upload-metadata");
  if (header === null) return null;
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    return refusal("Invalid upload-metadata");
  }
  const name = metadata.filename;
  if (name === undefined || name === null) return null;
  if (name.length > MAX_FILE_NAME_LENGTH || /[/\\]/.test(name) || !isPlainText(name)) {
    return refusal("This file name is not allowed");
  }
  return null;
}

function refusal(message: string) {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Tus-Resumable": "1.0.0" },
  });
}
