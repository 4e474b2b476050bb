import { beforeAll, describe, expect, it } from "vitest";
import { GeocoderUnavailableError } from "./geocoding.error.ts";
import { createOfflineGeocoder } from "./geocoding.offline.server.ts";
import type { GeocodeResult } from "./geocoding.server.ts";

const geocoder = createOfflineGeocoder();
let warmUpMs = 0;

beforeAll(async () => {
  const started = performance.now();
  await geocoder.geocode("");
  warmUpMs = performance.now() - started;
  console.info(`offline geocoder warm-up: ${warmUpMs.toFixed(0)} ms`);
});

function near(result: GeocodeResult | null, lat: number, lng: number, tolerance = 0.2) {
  expect(result).not.toBeNull();
  expect(Math.abs(result!.lat - lat)).toBeLessThan(tolerance);
  expect(Math.abs(result!.lng - lng)).toBeLessThan(tolerance);
}

describe("offline geocoder", () => {
  it("finds the city of a street address", async () => {
    const result = await geocoder.geocode("12 Rue de Rivoli, Paris");
    near(result, 48.8566, 2.3522);
    expect(result?.formattedAddress).toBe("12 Rue de Rivoli, Paris, France");
    // Only the city's centre: the form asks the lister to drag the pin to the home.
    expect(result?.precision).toBe("city");
  });

  it("completes the address with the country", async () => {
    const result = await geocoder.geocode("  10 Downing   Street ,London ");
    near(result, 51.5074, -0.1278);
    expect(result?.formattedAddress).toBe("10 Downing Street, London, United Kingdom");
  });

  it("uses a state to choose between towns of the same name", async () => {
    const austin = await geocoder.geocode("Austin, Texas");
    near(austin, 30.2672, -97.7431);
    expect(austin?.formattedAddress).toBe("Austin, Texas, United States");
    near(await geocoder.geocode("Paris, TX"), 33.66, -95.55);
    near(await geocoder.geocode("Austin, MN"), 43.67, -92.97);
  });

  it("uses a country to choose between towns of the same name", async () => {
    near(await geocoder.geocode("Paris, France"), 48.8566, 2.3522);
    const american = await geocoder.geocode("Paris, US");
    expect(american).not.toBeNull();
    expect(american!.lng).toBeLessThan(-70);
    expect(american?.formattedAddress).toBe("Paris, US");
    near(await geocoder.geocode("London, Canada"), 42.98, -81.25);
    near(await geocoder.geocode("Sydney, Nova Scotia"), 46.14, -60.18);
    expect(await geocoder.geocode("Paris, Germany")).toBeNull();
  });

  it("reads postcodes, accents and local names", async () => {
    near(await geocoder.geocode("75001 Paris"), 48.8566, 2.3522);
    near(await geocoder.geocode("221B Baker Street, London NW1 6XE, UK"), 51.5074, -0.1278);
    near(await geocoder.geocode("Place Bellecour, 69002 LYON"), 45.76, 4.83);
    near(await geocoder.geocode("Rue de la République, Saint Etienne"), 45.43, 4.39);
    near(await geocoder.geocode("Marienplatz 1, 80331 München, Deutschland"), 48.14, 11.58);
    near(await geocoder.geocode("Calle Mayor 5, Madrid, España"), 40.42, -3.7);
    near(await geocoder.geocode("350 5th Ave, New York, NY 10118"), 40.71, -74.0);
    near(await geocoder.geocode("1600 Pennsylvania Ave NW, Washington, DC 20500"), 38.9, -77.04);
  });

  it("reads an address typed without commas when it ends with the city", async () => {
    near(await geocoder.geocode("Austin Texas"), 30.2672, -97.7431);
    near(await geocoder.geocode("12 rue de Rivoli Paris"), 48.8566, 2.3522);
    expect(await geocoder.geocode("12 Long Street")).toBeNull();
  });

  it("reads the short name of a city whose full name carries a qualifier", async () => {
    const frankfurt = await geocoder.geocode("Kaiserstraße 10, Frankfurt");
    near(frankfurt, 50.11, 8.68);
    expect(frankfurt?.formattedAddress).toBe("Kaiserstraße 10, Frankfurt, Germany");
    near(await geocoder.geocode("Halle, Germany"), 51.48, 11.97);
    near(await geocoder.geocode("Frankfurt am Main"), 50.11, 8.68);
  });

  it("answers null when nothing matches", async () => {
    expect(await geocoder.geocode("Nowhere-ville-xyz")).toBeNull();
    expect(await geocoder.geocode("")).toBeNull();
    expect(await geocoder.geocode("   , ,  ")).toBeNull();
    expect(await geocoder.geocode("東京都千代田区")).toBeNull();
  });

  it("answers in well under a millisecond once warm", async () => {
    const addresses = [
      "12 Rue de Rivoli, Paris",
      "Austin, Texas",
      "Nowhere-ville-xyz",
      "221B Baker Street, London NW1 6XE, UK",
    ];
    const rounds = 2_000;
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1)
      await geocoder.geocode(addresses[round % addresses.length]!);
    const perLookup = (performance.now() - started) / rounds;
    console.info(`offline geocoder: ${(perLookup * 1000).toFixed(1)} µs per lookup`);
    expect(perLookup).toBeLessThan(1);
  });

  it("stops its worker when idle and starts a new one on the next lookup", async () => {
    const idle = createOfflineGeocoder({ idleMs: 20 });
    expect(idle.workerThreadId()).toBeUndefined();
    near(await idle.geocode("Lyon"), 45.75, 4.85);
    const first = idle.workerThreadId();
    expect(first).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(idle.workerThreadId()).toBeUndefined();
    near(await idle.geocode("Marseille"), 43.3, 5.38);
    expect(idle.workerThreadId()).toBeGreaterThan(first!);
    await idle.stop?.();
    expect(idle.workerThreadId()).toBeUndefined();
  });

  it("fails the lookups of a worker that does not start in time, and recovers on the next", async () => {
    const slow = createOfflineGeocoder({ startMs: 1 });
    // Building the gazetteer takes far longer than a millisecond.
    await expect(slow.geocode("Lyon")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(slow.workerThreadId()).toBeUndefined();
    const patient = createOfflineGeocoder();
    near(await patient.geocode("Lyon"), 45.75, 4.85);
    await patient.stop?.();
  });

  it("times a lookup from when the gazetteer is built, so a slow start does not fail it", async () => {
    // Building takes half a second of CPU (more on a busy machine); a lookup then takes microseconds.
    const quick = createOfflineGeocoder({ timeoutMs: 200 });
    near(await quick.geocode("Lyon"), 45.75, 4.85);
    await quick.stop?.();
  });

  it("answers after stop() by starting again", async () => {
    await geocoder.stop?.();
    near(await geocoder.geocode("Berlin"), 52.52, 13.4);
    await geocoder.stop?.();
  });
});
