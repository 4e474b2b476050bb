import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseListingsCsv } from "#app/modules/exchange/exchange.csv.ts";
import { checkItemInput, listingInput } from "#app/modules/exchange/exchange.form-input.ts";
import { parseKyeroFeed } from "#app/modules/exchange/exchange.kyero.ts";
import { parseOpenImmoFeed } from "#app/modules/exchange/exchange.openimmo.ts";
import { FEED_MESSAGES } from "#app/modules/exchange/exchange.service.server.ts";
import { findListingById } from "#app/modules/listing/listing.repo.server.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { createListing } from "#tests/support/factories.ts";
import { toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * The export feeds at their secret links, route by route on a real database: made and remade from Profile and
 * /agency (by the lister, or the agency's owners and admins only), a wrong link a 404, an ETag from the page
 * cache's data version with 304 until a listing changes, an old link dead once remade, and a hidden address
 * hidden in every format. The site's own Kyero feed answers only with PARTNER_FEEDS=true.
 */
const engine = postgresUrlFromEnv() ? "PostgreSQL" : "SQLite";

const AGENCY = {
  name: "Harbour Homes",
  about: "Flats by the harbour since 1990.",
  officeAddress: "12 Rue de Rivoli, Paris",
  phone: "+33 1 23 45 67 89",
  legalName: "Harbour Homes SARL",
  registrationNumber: "RCS Paris 123 456 789",
  contactEmail: "office@harbour.example",
};

/** A listing's details beside the factory's defaults: what the form requires, and more. */
const ROUND_TRIP_DETAILS = {
  description: "A loft over the river with a terrace, tall windows and a lift to every floor.",
  propertyType: "flat",
  livingArea: 88.5,
  rooms: 3,
  yearBuilt: 1930,
  condition: "good",
  floor: 4,
  floorsTotal: 6,
  lift: true,
  availableFrom: "now",
  leaseMonths: 12,
  deposit: 3000,
  monthlyCharges: 120,
  heatingIncluded: false,
  pets: "byArrangement",
  energyCertificate: "certificate",
  energyRating: "C",
  energyUse: 110,
} as const;

describe(`export feeds (${engine})`, () => {
  let world: RouteWorld;
  let lister: { id: string; cookie: string };
  let listingId: string;

  const feedRow = (owner: { userId: string } | { agencyId: string }) => {
    const [column, value] = "userId" in owner ? ["userId", owner.userId] : ["agencyId", owner.agencyId];
    return world.db
      .selectFrom("exportFeed")
      .selectAll()
      .where(column as "userId", "=", value)
      .executeTakeFirst();
  };
  const link = (row: { id: string; token: string }, file: string) => `/feeds/${row.id}/${row.token}/${file}`;

  beforeAll(async () => {
    world = await createRouteWorld();
    lister = await world.signUp(newAccount("Lena Lister"));
    // A home whose exact address is hidden: visitors (and so every export) see the street without its number.
    // Written as the service stores it, straight to the database (the routes under test only read it).
    const row = await createListing(world.db, lister.id, {
      name: "Flat by the Louvre",
      description: "A bright flat by the Louvre, with a balcony and a renewed kitchen.",
      propertyType: "flat",
      livingArea: 72,
      exactAddress: false,
      location: "Rue de Rivoli, Paris, France",
      exactLocation: "12 Rue de Rivoli, Paris, France",
      exactLat: 48.8606,
      exactLng: 2.3376,
    });
    listingId = row.id;
  });

  afterAll(async () => {
    await world?.destroy();
  });

  it("makes a private lister's links from Profile, shows them there, and serves each format", async () => {
    const made = await world.client.post(
      "/profile",
      { intent: "regenerate-feeds" },
      { cookie: lister.cookie },
    );
    expect(toastMessage(made)).toBe(FEED_MESSAGES.created);
    const row = (await feedRow({ userId: lister.id }))!;
    const profile = await world.client.get("/profile", { cookie: lister.cookie });
    expect(JSON.stringify(profile.data)).toContain(link(row, "kyero.xml"));

    const kyero = await world.client.get(link(row, "kyero.xml"));
    expect(kyero.status).toBe(200);
    expect(kyero.headers.get("content-type")).toContain("application/xml");
    expect(kyero.body).toContain(`<ref>${listingId}</ref>`);
    const openImmo = await world.client.get(link(row, "openimmo.xml"));
    expect(openImmo.body).toContain(`<objektnr_extern>${listingId}</objektnr_extern>`);
    const csv = await world.client.get(link(row, "listings.csv"));
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.body.split("\r\n")[1]).toContain(`${listingId},rent,Flat by the Louvre`);
    // The exact address stays hidden: no house number in any format.
    for (const body of [kyero.body, openImmo.body, csv.body]) {
      expect(body).toContain("Rue de Rivoli");
      expect(body).not.toContain("12 Rue de Rivoli");
    }
  });

  it("carries the home's open houses in OpenImmo only, in its time zone; not removed or past ones", async () => {
    const row = (await feedRow({ userId: lister.id }))!;
    // Noon to 14:00 in Paris, 30 days on (whole hours, so the offset alone decides the clock).
    const startsAt = Math.ceil((Date.now() + 30 * 86_400_000) / 3_600_000) * 3_600_000;
    const times = [
      { status: "active", startsAt },
      { status: "cancelled", startsAt: startsAt + 86_400_000 },
      { status: "active", startsAt: Date.now() - 3 * 3_600_000 },
    ] as const;
    for (const time of times) {
      await world.db
        .insertInto("openHouse")
        .values({
          id: randomUUID(),
          listingId,
          kind: "openHouse",
          startsAt: time.startsAt,
          endsAt: time.startsAt + 2 * 3_600_000,
          slotMinutes: null,
          capacity: null,
          confirmByHand: false,
          timeZone: "Europe/Paris",
          status: time.status,
          createdAt: Date.now(),
        })
        .execute();
    }
    const openImmo = await world.client.get(link(row, "openimmo.xml"));
    const fields = [
      ...openImmo.body.matchAll(/<user_defined_simplefield feldname="openHouse">([^<]+)</g),
    ].map((match) => match[1]);
    expect(fields).toHaveLength(1);
    const [from, to] = fields[0]!.split("/");
    expect(Date.parse(from!)).toBe(startsAt);
    expect(Date.parse(to!)).toBe(startsAt + 2 * 3_600_000);
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00\+0[12]:00$/);
    // Kyero v3 and the CSV template have no place for them.
    for (const file of ["kyero.xml", "listings.csv"]) {
      expect((await world.client.get(link(row, file))).body).not.toContain(from!.slice(0, 16));
    }
    await world.db.deleteFrom("openHouse").where("listingId", "=", listingId).execute();
  });

  it("gives back, from each format, the form input of a listing as the repo reads it", async () => {
    const { id } = await createListing(world.db, lister.id, {
      ...ROUND_TRIP_DETAILS,
      name: "Loft over the river",
      offer: true,
      regularPrice: 1500,
      discountedPrice: 1400,
    });
    const listing = (await findListingById(world.db, id))!;
    const row = (await feedRow({ userId: lister.id }))!;
    const settings = { photosMax: 6, rules: "none", areaUnit: world.services.config.areaUnit } as const;
    const stored = checkItemInput(
      { input: listingInput(listing), photos: [{ url: "", caption: "" }], floorPlans: [] },
      settings,
    );
    if (!stored.success) throw new Error(JSON.stringify(stored.errors));
    const parsers = {
      "kyero.xml": (bytes: Uint8Array) => parseKyeroFeed(bytes),
      "openimmo.xml": (bytes: Uint8Array) => parseOpenImmoFeed(bytes),
      "listings.csv": (bytes: Uint8Array) => parseListingsCsv(bytes),
    };
    for (const [file, parse] of Object.entries(parsers)) {
      const answer = await world.client.get(link(row, file));
      const feed = parse(new TextEncoder().encode(answer.body));
      if (!feed.ok) throw new Error(`${file}: ${feed.error}`);
      const item = feed.items.find((entry) => entry.ref === id)!;
      const read = checkItemInput(item, settings);
      if (!read.success) throw new Error(`${file}: ${JSON.stringify(read.errors)}`);
      for (const field of Object.keys(stored.data) as (keyof typeof stored.data)[]) {
        expect({ file, field, value: read.data[field] }).toEqual({ file, field, value: stored.data[field] });
      }
      expect(item.photos.map((photo) => ("url" in photo ? photo.url : ""))).toEqual([
        expect.stringMatching(/^http:\/\/localhost:\d+\/images\/.+-\d+\.jpg$/),
      ]);
    }
  });

  it("answers 404 to a wrong token, id or file, without saying which", async () => {
    const row = (await feedRow({ userId: lister.id }))!;
    const wrongToken = `${row.token.slice(0, -1)}${row.token.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/feeds/${row.id}/${wrongToken}/kyero.xml`,
      `/feeds/${row.id}/short/kyero.xml`,
      `/feeds/00000000-0000-0000-0000-000000000000/${row.token}/kyero.xml`,
      `/feeds/not-an-id/${row.token}/kyero.xml`,
      link(row, "passwd"),
    ]) {
      expect((await world.client.get(path)).status, path).toBe(404);
    }
  });

  it("answers 304 to the ETag it gave until a listing changes", async () => {
    const row = (await feedRow({ userId: lister.id }))!;
    const first = await world.client.get(link(row, "kyero.xml"));
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"feed-\d+-/);
    const again = await world.client.get(link(row, "kyero.xml"), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    // Another file of the same link has its own ETag.
    const csv = await world.client.get(link(row, "listings.csv"), { headers: { "If-None-Match": etag } });
    expect(csv.status).toBe(200);

    const sold = await world.client.post(
      "/profile",
      { intent: "set-status", listingId, status: "let" },
      { cookie: lister.cookie },
    );
    expect(sold.status).toBe(302);
    const changed = await world.client.get(link(row, "kyero.xml"), { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    // A let home is no longer listed: the feed no longer holds it (a portal withdraws it).
    expect(changed.body).not.toContain(listingId);
    await world.client.post(
      "/profile",
      { intent: "set-status", listingId, status: "available" },
      { cookie: lister.cookie },
    );
  });

  it("stops the old link at once when new links are made", async () => {
    const old = (await feedRow({ userId: lister.id }))!;
    const remade = await world.client.post(
      "/profile",
      { intent: "regenerate-feeds" },
      { cookie: lister.cookie },
    );
    expect(toastMessage(remade)).toBe(FEED_MESSAGES.regenerated);
    const now = (await feedRow({ userId: lister.id }))!;
    expect((await world.client.get(link(old, "kyero.xml"))).status).toBe(404);
    expect((await world.client.get(link(now, "kyero.xml"))).status).toBe(200);
  });

  // Three whole-state snapshots: slower than most (on a busy machine, past the default 30 s).
  it("lets only an agency's owners and admins make its links, and holds only its own listings", async () => {
    const owner = await world.signUp(newAccount("Olivia Owner"));
    const agency = { id: randomUUID() };
    const slug = "harbour-homes";
    await world.db
      .insertInto("organization")
      .values({
        ...AGENCY,
        id: agency.id,
        slug,
        logo: null,
        metadata: null,
        createdAt: new Date(),
        officeLat: 48.86,
        officeLng: 2.34,
      })
      .execute();
    await world.db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: agency.id,
        userId: owner.id,
        role: "owner",
        createdAt: new Date(),
      })
      .execute();
    const outsider = await world.signUp(newAccount("Mallory Outsider"));
    const before = await world.state.snapshot();
    const refused = await world.client.post(
      `/agency?agency=${slug}`,
      { intent: "regenerate-feeds", agencyId: agency.id },
      { cookie: outsider.cookie },
    );
    expect(refused.status).toBe(403);

    // A visitor is sent to sign in, and nothing changes either.
    const visitor = await world.client.post(`/agency?agency=${slug}`, {
      intent: "regenerate-feeds",
      agencyId: agency.id,
    });
    expect(visitor.status).toBe(302);
    expect(await world.state.snapshot()).toEqual(before);
    expect(await feedRow({ agencyId: agency.id })).toBeUndefined();
    // An agent of the agency is refused too: its links are for its owners and admins.
    const agent = await world.signUp(newAccount("Andy Agent"));
    await world.db
      .insertInto("member")
      .values({
        id: randomUUID(),
        organizationId: agency.id,
        userId: agent.id,
        role: "agent",
        createdAt: new Date(),
      })
      .execute();
    const agentBefore = await world.state.snapshot();
    const byAgent = await world.client.post(
      `/agency?agency=${slug}`,
      { intent: "regenerate-feeds", agencyId: agency.id },
      { cookie: agent.cookie },
    );
    expect(byAgent.status).toBe(403);
    expect(await world.state.snapshot()).toEqual(agentBefore);
    const agentPage = await world.client.get(`/agency?agency=${slug}`, { cookie: agent.cookie });
    expect(JSON.stringify(agentPage.data)).not.toContain("/feeds/");

    const made = await world.client.post(
      `/agency?agency=${slug}`,
      { intent: "regenerate-feeds", agencyId: agency.id },
      { cookie: owner.cookie },
    );
    expect(toastMessage(made)).toBe(FEED_MESSAGES.created);
    const row = (await feedRow({ agencyId: agency.id }))!;
    const page = await world.client.get(`/agency?agency=${slug}`, { cookie: owner.cookie });
    expect(JSON.stringify(page.data)).toContain(link(row, "openimmo.xml"));
    const feed = await world.client.get(link(row, "openimmo.xml"));
    expect(feed.status).toBe(200);
    expect(feed.body).toContain("<firma>Harbour Homes</firma>");
    // The private lister's home is not the agency's.
    expect(feed.body).not.toContain(listingId);
  }, 90_000);

  it("serves no site-wide Kyero feed unless PARTNER_FEEDS is on", async () => {
    expect((await world.client.get("/feeds/kyero.xml")).status).toBe(404);
    const partner = await createRouteWorld({ PARTNER_FEEDS: "true" });
    try {
      const someone = await partner.signUp(newAccount("Pat Partner"));
      const { id } = await createListing(partner.db, someone.id, ROUND_TRIP_DETAILS);
      const feed = await partner.client.get("/feeds/kyero.xml");
      expect(feed.status).toBe(200);
      expect(feed.body).toContain(`<id>${id}</id>`);
      expect(feed.headers.get("cache-control")).toContain("public");
      const again = await partner.client.get("/feeds/kyero.xml", {
        headers: { "If-None-Match": feed.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
    } finally {
      await partner.destroy();
    }
  });
});
