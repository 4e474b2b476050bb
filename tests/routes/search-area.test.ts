import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerWithin, withinHeaders } from "#app/modules/search/search.within.server.ts";
import { createUser, testListingRow } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * The list pages' drawn area, radius and "Distance" control, through their loaders on a real database: any
 * hand-typed poly=, near= or radius= is read or ignored (never a 500), and "Within 2 km" of a place typed in the
 * box becomes the search's own near=, radius= and place= (the offline geocoder finds the place).
 */
const postgres = postgresUrlFromEnv();

type SearchData = { total: number; filtersHtml: string; listings: { id: string }[] };

describe(`a drawn area and a radius on the list pages (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;

  beforeAll(async () => {
    world = await createRouteWorld();
    const owner = (await createUser(world.db)).id;
    await world.db
      .insertInto("listing")
      .values([
        // Berlin's centre, Potsdam (about 27 km away), Paris.
        testListingRow(owner, { id: "berlin", name: "Mitte loft", lat: 52.521, lng: 13.41 }),
        testListingRow(owner, { id: "potsdam", name: "Potsdam villa", lat: 52.3906, lng: 13.0645 }),
        testListingRow(owner, { id: "paris", name: "Marais flat", lat: 48.8566, lng: 2.3522 }),
      ])
      .execute();
    // The offline gazetteer builds its index in a worker on the first lookup, within the geocoder's 10 s; on a
    // loaded machine that may not be enough the first time, so it is warmed here, a few tries at most.
    for (let tries = 0; tries < 5; tries++) {
      if (await world.services.geocoder.geocode("Berlin").catch(() => null)) break;
    }
  }, 120_000);
  afterAll(() => world?.destroy());

  it("answers every unusable poly=, near= and radius= with the page, the value ignored", async () => {
    const long = Array.from({ length: 5000 }, (_, i) => `${i % 90},${i % 180}`).join(";");
    for (const query of [
      "poly=",
      "poly=abc",
      "poly=52,13;53,14",
      `poly=${long}`,
      "poly=NaN,1;2,3;4,5",
      "poly=1e400,1;2,3;4,5",
      "poly=x&poly=52,13;53,14;52,15",
      "near=52,13",
      "near=52,13&radius=-1",
      "near=52,13&radius=1e309",
      "near=abc&radius=2",
      "near=999,999&radius=2",
      "radius=2&place=%00%FF",
      "within=abc",
      "within=2",
    ]) {
      for (const page of ["/search", "/category/rent", "/offers"]) {
        const answer = await world.client.get(`${page}?${query}`);
        expect([200, 302], `${page}?${query}`).toContain(answer.status);
      }
      const search = await world.client.get(`/search?${query}`);
      if (search.status === 200) expect((search.data as SearchData).total, query).toBe(3);
    }
  });

  it("keeps the homes inside a drawn area and within a radius", async () => {
    const poly = encodeURIComponent("52.6,13.2;52.6,13.6;52.4,13.6;52.4,13.2");
    const inPoly = await world.client.get(`/search?poly=${poly}`);
    expect((inPoly.data as SearchData).listings.map((listing) => listing.id)).toEqual(["berlin"]);
    const near = await world.client.get("/search?near=52.52,13.405&radius=30");
    expect((near.data as SearchData).total).toBe(2);
    const both = await world.client.get(`/category/rent?poly=${poly}&near=52.52,13.405&radius=30`);
    expect((both.data as SearchData).total).toBe(1);
  });

  // The test site is en-US: areas in ft², distances in miles.
  it("turns 'Within 2 mi' of a place typed in the box into the search around it, and 'Anywhere' back", async () => {
    const within = await world.client.get("/search?q=Berlin&within=2&minPrice=&sort=newest");
    expect(within.status).toBe(302);
    const location = new URL(within.location!, "http://x");
    expect(location.pathname).toBe("/search");
    expect(location.searchParams.get("q")).toBeNull();
    expect(location.searchParams.get("radius")).toBe("2");
    expect(location.searchParams.get("place")).toBe("Berlin");
    const [lat, lng] = location.searchParams.get("near")!.split(",").map(Number);
    expect(lat).toBeCloseTo(52.52, 1);
    expect(lng).toBeCloseTo(13.4, 1);

    const page = await world.client.get(`${location.pathname}${location.search}`);
    expect(page.status).toBe(200);
    const data = page.data as SearchData & { meta: { title: string } };
    expect(data.listings.map((listing) => listing.id)).toEqual(["berlin"]);
    expect(data.meta.title).toBe("Homes within 2 mi of Berlin");
    // The bar shows the place in the box and the radius chosen.
    expect(data.filtersHtml).toContain('value="Berlin"');
    expect(data.filtersHtml).toMatch(/<option value="2" selected="">Within 2 mi<\/option>/);

    const anywhere = await world.client.get(
      `/search?q=Berlin&within=&near=${location.searchParams.get("near")}`,
    );
    expect(anywhere.status).toBe(302);
    expect(anywhere.location).toBe("/search?q=Berlin");

    // On a category page too, to the same path.
    const category = await world.client.get("/category/rent?q=Paris&within=5");
    const inCategory = new URL(category.location!, "http://x");
    expect(inCategory.pathname).toBe("/category/rent");
    expect(inCategory.searchParams.get("place")).toBe("Paris");
    expect(inCategory.searchParams.get("near")).toMatch(/^48\.8\d*,2\.3\d*$/);
  });

  it("says when the place cannot be found, and searches its words instead", async () => {
    const answer = await world.client.get("/search?q=Zzyzxqvland&within=2");
    expect(answer.status).toBe(200);
    const data = answer.data as SearchData;
    expect(data.total).toBe(0);
    expect(data.filtersHtml).toContain("We could not find “Zzyzxqvland” on the map");
    const noPlace = await world.client.get("/search?within=2");
    expect((noPlace.data as SearchData).filtersHtml).toContain("Type a place in the search box");
  });

  it("keeps a page that asks to try again out of the page cache", () => {
    const retry = answerWithin({ notice: "unavailable", place: "Berlin", radius: 2 }, {});
    const headers = withinHeaders({ loaderHeaders: new Headers(retry.init?.headers) });
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const found = answerWithin({ notice: "notFound", place: "Nowhere", radius: 2 }, {});
    expect(
      withinHeaders({ loaderHeaders: new Headers(found.init?.headers) }).get("Cache-Control"),
    ).toBeNull();
  });
});
