/**
 * Every id this app stores has one shape: our UUIDs, better-auth's 32-character tokens and the seed's base64url
 * hashes are all letters, digits, "-" and "_". An id from a URL or a form outside that shape names no row, so
 * the repos answer "not found" without asking the database, which PostgreSQL would answer with an error for
 * a NUL ("invalid byte sequence"), a 500 instead of a 404.
 */
export function isWellFormedId(value: string) {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
