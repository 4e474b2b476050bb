/** The provider failed or could not be reached: not the same as "no such address" (which is null). */
export class GeocoderUnavailableError extends Error {
  override name = "GeocoderUnavailableError";
}
