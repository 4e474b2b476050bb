import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/db.server.ts";
import {
  findListingById,
  findListingsPage,
  isListingVisible,
} from "#app/modules/listing/listing.repo.server.ts";
import { sitemapPage } from "#app/modules/listing/listing.sitemap.server.ts";
import { liftAgencySuspension, suspendAgency } from "#app/modules/moderation/moderation.service.server.ts";
import { searchListings } from "#app/modules/search/search.repo.server.ts";
import { EMPTY_SEARCH } from "#app/modules/search/search.rules.ts";
import { createAgency, createListing, createUser } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { handOverForSuspension } from "./agency.listing.server.ts";

// An agency on cards and its suspension, on a real database of each engine: the card's "Listed by" comes with
// the page's listings; a suspended agency's listings leave the lists, the search, the sitemap and their pages
// (and the page cache's version moves), and come back when it is lifted; a suspended user's agencies follow
// decision 064.

const engine = postgresUrlFromEnv() ? "PostgreSQL" : "SQLite";

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
});
afterAll(async () => {
  await testDb.destroy();
});

const createAgencyOf = (name: string, members: { userId: string; role: string }[]) =>
  createAgency(db, { name, members });

const pageCacheVersion = async () =>
  Number((await db.selectFrom("pageCacheVersion").select("version").executeTakeFirstOrThrow()).version);

describe(`agencies on cards and suspended agencies on ${engine}`, () => {
  it("names the agent and the agency on a page of cards, or no agency for a private lister", async () => {
    const agent = await createUser(db, { name: "Ada Agent" });
    const agency = await createAgencyOf("Card Homes", [{ userId: agent.id, role: "owner" }]);
    const logo = randomUUID();
    await db
      .insertInto("image")
      .values({
        id: logo,
        userId: agent.id,
        listingId: null,
        agencyId: agency.id,
        position: 0,
        storageKey: `images/logo-${logo}`,
        width: 400,
        height: 200,
        createdAt: Date.now(),
        kind: "photo",
        caption: null,
      })
      .execute();
    await db.updateTable("organization").set({ logo }).where("id", "=", agency.id).execute();
    const listed = await createListing(db, agent.id, { agencyId: agency.id, type: "sale" });
    const privateOne = await createListing(db, agent.id, { type: "sale" });

    const page = await findListingsPage(db, { type: "sale" }, null);
    const byId = new Map(page.listings.map((listing) => [listing.id, listing]));
    expect(byId.get(listed.id)?.publisher).toEqual({
      agentName: "Ada Agent",
      agency: {
        name: "Card Homes",
        slug: agency.slug,
        logo: { storageKey: `images/logo-${logo}`, width: 400, height: 200 },
      },
    });
    expect(byId.get(privateOne.id)?.publisher).toEqual({ agentName: "Ada Agent", agency: null });
    // The search's pages are built the same way.
    const found = await searchListings(db, { ...EMPTY_SEARCH, type: "sale" }, "newest", null, 50);
    expect(found.listings.find((listing) => listing.id === listed.id)?.publisher?.agency?.name).toBe(
      "Card Homes",
    );
  });

  it("takes a suspended agency's listings off every public list and page, and lifting brings them back", async () => {
    const moderator = await createUser(db, { name: "Mo Moderator" });
    const agent = await createUser(db);
    const agency = await createAgencyOf("Shady Homes", [{ userId: agent.id, role: "owner" }]);
    const listing = await createListing(db, agent.id, { agencyId: agency.id });
    const neighbour = await createListing(db, agent.id);
    const publicIds = async () => ({
      category: (await findListingsPage(db, { type: "rent" }, null, 500)).listings.map((row) => row.id),
      agencyPage: (
        await searchListings(db, { ...EMPTY_SEARCH, agencyId: agency.id }, "newest", null)
      ).listings.map((row) => row.id),
      search: (await searchListings(db, { ...EMPTY_SEARCH, type: "rent" }, "newest", null, 500)).listings.map(
        (row) => row.id,
      ),
      sitemap: (await sitemapPage(db, "https://homestead.example", 1)) ?? "",
      visible: await isListingVisible(db, listing.id),
    });

    const before = await publicIds();
    expect(before.category).toContain(listing.id);
    expect(before.agencyPage).toEqual([listing.id]);
    expect(before.search).toContain(listing.id);
    expect(before.sitemap).toContain(listing.id);
    expect(before.visible).toBe(true);

    const version = await pageCacheVersion();
    // Named by its page's address, as an administrator pastes it.
    await suspendAgency(db, moderator, `https://homestead.example/agencies/${agency.slug}`);
    expect(await pageCacheVersion()).toBeGreaterThan(version);
    const during = await publicIds();
    expect(during.category).not.toContain(listing.id);
    expect(during.category).toContain(neighbour.id);
    expect(during.agencyPage).toEqual([]);
    expect(during.search).not.toContain(listing.id);
    expect(during.search).toContain(neighbour.id);
    expect(during.sitemap).not.toContain(listing.id);
    expect(during.visible).toBe(false);
    // The listing itself stays, for its agency and the administrators.
    expect(await findListingById(db, listing.id)).toBeDefined();

    await liftAgencySuspension(db, moderator, agency.id);
    const after = await publicIds();
    expect(after.category).toContain(listing.id);
    expect(after.visible).toBe(true);
    const log = await db
      .selectFrom("auditLog")
      .select(["action", "targetUserName"])
      .where("actorId", "=", moderator.id)
      .orderBy("createdAt")
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(["suspend-agency", "lift-agency-suspension"]);
    expect(log[0]?.targetUserName).toBe("Shady Homes");
  });

  it("refuses to suspend an agency that does not exist, changing nothing", async () => {
    const moderator = await createUser(db);
    await expect(suspendAgency(db, moderator, "no-such-agency")).rejects.toThrow(
      "That agency does not exist",
    );
  });

  it("on a user's suspension, suspends the agencies they alone own and hands their other agency listings to an owner", async () => {
    const suspended = await createUser(db);
    const partner = await createUser(db);
    const agent = await createUser(db);
    const alone = await createAgencyOf("Solo Homes", [
      { userId: suspended.id, role: "owner" },
      { userId: agent.id, role: "agent" },
    ]);
    const shared = await createAgencyOf("Shared Homes", [
      { userId: partner.id, role: "owner" },
      { userId: suspended.id, role: "owner" },
    ]);
    const soloListing = await createListing(db, agent.id, { agencyId: alone.id });
    const sharedListing = await createListing(db, suspended.id, { agencyId: shared.id });

    const result = await handOverForSuspension(db, suspended.id, Date.now());
    await db.updateTable("user").set({ banned: true }).where("id", "=", suspended.id).execute();

    expect(result).toEqual([{ id: alone.id, name: "Solo Homes" }]);
    // The agency they alone own is suspended: even its other agents' listings are off.
    expect(await isListingVisible(db, soloListing.id)).toBe(false);
    // In the shared agency, the other owner lists it now, and it stays public.
    expect((await findListingById(db, sharedListing.id))?.userRef).toBe(partner.id);
    expect(await isListingVisible(db, sharedListing.id)).toBe(true);
  });
});
