import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Create listing and the listing page with the home's details: the form's areas are in AREA_UNIT (stored in m²),
 * a tour link of another host is refused with the form's message, and the page gets the tour's frame URL built
 * from the link's id (never the link as typed), on the provider's player host.
 */
const postgres = postgresUrlFromEnv();

describe(`listing details (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    world = await createRouteWorld({ LOCALE: "en-US", AREA_UNIT: "ft2" });
    ({ id: userId, cookie } = await world.signUp(newAccount("Dora Details")));
  });
  afterAll(() => world?.destroy());

  it("stores the area typed in ft² in m², and gives the page the unit and the tour's player URL", async () => {
    const photo = await world.uploadPhoto(userId);
    const id = await world.publish(cookie, {
      ...validListing([photo]),
      livingArea: "1000",
      tourUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=evil",
    } as ReturnType<typeof validListing>);
    const row = await world.db
      .selectFrom("listing")
      .select(["livingArea", "tourUrl"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(Number(row.livingArea)).toBeCloseTo(92.903, 3);
    const page = await world.client.get(`/category/rent/${id}`);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      areaUnit: "ft2",
      tourEmbedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    });
  });

  it("refuses a tour link of another host with the form's message, storing nothing", async () => {
    const photo = await world.uploadPhoto(userId);
    const before = await world.db.selectFrom("listing").select("id").execute();
    const answer = await world.client.post(
      "/create-listing",
      listingEntries({
        ...validListing([photo]),
        tourUrl: "https://vimeo.com.evil.example/76979871",
      } as ReturnType<typeof validListing>),
      { cookie },
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      fieldErrors: { tourUrl: "Use a YouTube, Vimeo or Matterport link" },
    });
    expect(await world.db.selectFrom("listing").select("id").execute()).toHaveLength(before.length);
  });
});
