// What the listing form and the upload endpoint agree on (browser-safe): where uploads go, how the image id
// comes back, and which files are photos. Apart from image.rules.ts, so list pages do not load it.

/** The URL path of the tus endpoint (app/routes/api.uploads.ts). */
export const UPLOADS_PATH = "/api/uploads";
/** The response header that hands the browser the id of the image an upload became. */
export const IMAGE_ID_HEADER = "Homestead-Image-Id";

/** The photo files the form accepts (SPEC.md: jpg, png, jpeg); the server decides by content, not by name. */
export const ACCEPTED_IMAGE_EXTENSIONS = [".jpg", ".png", ".jpeg"] as const;
/** What the uploader reads when a file is not one of those, by name (the form) or by content (the server). */
export const UNSUPPORTED_IMAGE_MESSAGE = "Only .jpg, .jpeg and .png images are accepted";

/** Whether a file's name has one of the accepted extensions (the form's check before uploading). */
export function hasAcceptedExtension(fileName: string) {
  return ACCEPTED_IMAGE_EXTENSIONS.some((extension) => fileName.toLowerCase().endsWith(extension));
}
