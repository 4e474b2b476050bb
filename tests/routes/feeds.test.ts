import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_MESSAGES } from "#app/modules/exchange/exchange.service.server.ts";
import { listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
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
    const photo = await world.uploadPhoto(lister.id);
    // A home whose exact address is hidden: visitors (and so every export) see the street without its number.
    const answer = await world.client.post(
      "/create-listing",
      [...listingEntries(validListing([photo], "Flat by the Louvre")), ["exactAddress", "false"]],
      { cookie: lister.cookie },
    );
    listingId = /\/category\/rent\/([\w-]+)$/.exec(answer.location ?? "")?.[1] ?? "";
    expect(listingId, answer.body.slice(0, 300)).not.toBe("");
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

  it("lets only an agency's owners and admins make its links, and holds only its own listings", async () => {
    const owner = await world.signUp(newAccount("Olivia Owner"));
    const created = await world.client.post("/agencies/new", AGENCY, { cookie: owner.cookie });
    const slug = new URL(`http://x${created.location}`).searchParams.get("agency") ?? "";
    const agency = await world.db
      .selectFrom("organization")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
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
  });

  it("serves no site-wide Kyero feed unless PARTNER_FEEDS is on", async () => {
    expect((await world.client.get("/feeds/kyero.xml")).status).toBe(404);
    const partner = await createRouteWorld({ PARTNER_FEEDS: "true" });
    try {
      const someone = await partner.signUp(newAccount("Pat Partner"));
      const photo = await partner.uploadPhoto(someone.id);
      const id = await partner.publish(someone.cookie, validListing([photo], "Flat for the partners"));
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
