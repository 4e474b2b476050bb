import { GeocoderUnavailableError } from "./geocoding.error.ts";

/** How long a geocoding request may take before the form reports the service as unavailable. */
export const GEOCODER_TIMEOUT_MS = 5_000;

/**
 * GETs `url` and parses the JSON body. Network failures, timeouts, HTTP errors and bodies that are not
 * JSON all become GeocoderUnavailableError; `label` names the provider in the message (never the URL,
 * which may carry an API key).
 */
export async function fetchGeocoderJson(
  label: string,
  url: URL,
  { headers, timeoutMs = GEOCODER_TIMEOUT_MS }: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GeocoderUnavailableError(`${label}: request failed`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailableError(`${label}: HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new GeocoderUnavailableError(`${label}: response is not JSON`, { cause: error });
  }
}
