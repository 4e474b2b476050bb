/** The provider failed or could not be reached: not the same as "no such address" (which is null). */
export class GeocoderUnavailableError extends Error {
  override name = "GeocoderUnavailableError";
}

/** Too many addresses are waiting for the provider already (a bounded queue): try again in a moment. */
export class GeocoderBusyError extends Error {
  override name = "GeocoderBusyError";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("geocoder queue is full");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
