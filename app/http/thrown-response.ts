/**
 * Whether a client loader's failure is an answer the server chose to throw (a 404, a redirect), as opposed to
 * the request failing on the way (offline, a dropped connection): only the latter has a fallback.
 */
export function isThrownResponse(error: unknown) {
  return (
    error instanceof Response ||
    (typeof error === "object" && error !== null && "status" in error && "internal" in error)
  );
}
