/**
 * SPEC.md section 5: "A missing lat or lng falls back to 0." Applied to what every provider answers (a number
 * from Google, a string from Nominatim) and again by the listing service, whatever the provider.
 */
export function coordinateOrZero(value: unknown): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : 0;
}
