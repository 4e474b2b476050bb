/** Thrown for a key that could escape the storage root or that a backend would interpret differently. */
export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

// Segments start with a letter or digit, so "." , ".." and hidden files are impossible; only ASCII letters,
// digits, ".", "_" and "-" follow. That rules out NUL, backslashes, drive letters ("C:") and percent or
// unicode tricks, and keeps disk and S3 behaving the same for every key either accepts.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Throws InvalidStorageKeyError unless `key` is a relative path of safe segments ("images/a-b-800.webp"). */
export function assertValidStorageKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidStorageKeyError(`storage key length must be 1..${MAX_KEY_LENGTH}`);
  }
  // An absolute path ("/etc/passwd") shows up as an empty first segment, "a//b" as an empty middle one.
  for (const segment of key.split("/")) {
    if (!SEGMENT.test(segment))
      throw new InvalidStorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Whether `key` is one assertValidStorageKey accepts (for skipping, in a listing, what no put could write). */
export function isValidStorageKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws InvalidStorageKeyError unless `prefix` is the start of some valid key: "" (everything), whole
 * segments ("images/") or whole segments and the start of one ("images/u1-").
 */
export function assertValidStoragePrefix(prefix: string): void {
  if (prefix === "") return;
  const segments = prefix.split("/");
  const last = segments.pop() ?? "";
  if (prefix.length > MAX_KEY_LENGTH || (last !== "" && !SEGMENT.test(last))) {
    throw new InvalidStorageKeyError(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
  for (const segment of segments) {
    if (!SEGMENT.test(segment))
      throw new InvalidStorageKeyError(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}
