import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "#tests/support/accounts.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * POST /api/geocode, the listing form's map: signed-in users only, each within the hourly lookups, with the
 * form's own refusals; the answer says where the address is and how precisely the geocoder found it.
 */
const postgres = postgresUrlFromEnv();

describe(`api/geocode (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let cookie: string;

  beforeAll(async () => {
    world = await createRouteWorld({ LIMIT_ADDRESS_LOOKUPS_PER_HOUR: "2" });
    cookie = (await world.signUp(newAccount("Pia Pinner"))).cookie;
  });
  afterAll(() => world?.destroy());

  it("answers a visitor 401 and looks nothing up", async () => {
    const answer = await world.client.post("/api/geocode", { address: "Weserstraße 10, Berlin" });
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ error: "Please sign in" });
  });

  it("places an address for a signed-in user, refuses an unknown one, and counts both", async () => {
    const found = await world.client.post("/api/geocode", { address: "Weserstraße 10, Berlin" }, { cookie });
    expect(found.status).toBe(200);
    const { place } = found.data as { place: { precision: string; geolocation: { lat: number } } };
    expect(place.precision).toBe("city");
    expect(place.geolocation.lat).toBeCloseTo(52.52, 1);

    const unknown = await world.client.post("/api/geocode", { address: "Nowhere-ville-xyz" }, { cookie });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ error: "Please enter a correct address" });

    const third = await world.client.post("/api/geocode", { address: "Paris" }, { cookie });
    expect(third.status).toBe(429);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
  });

  it("reads nothing by GET (a prefetch must not spend a lookup)", async () => {
    expect((await world.client.get("/api/geocode?address=Berlin", { cookie })).status).toBe(405);
  });
});
