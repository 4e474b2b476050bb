import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ForbiddenError, InvalidError } from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { statusBadge } from "./listing.model.ts";
import {
  findLatestPriceChange,
  findListingById,
  findListingsPage,
  replaceListing,
} from "./listing.repo.server.ts";
import { changeListingStatus, renewOwnListing } from "./listing.service.server.ts";
import { sitemapPage } from "./listing.sitemap.server.ts";
import { formatExactDate, priceChangeLabel, timeAgo } from "./listing.status.ts";

let test: TestDb;
let owner: SessionUser;
let stranger: SessionUser;

beforeAll(async () => {
  test = await createTestDb();
});
afterAll(async () => {
  await test.destroy();
});
beforeEach(async () => {
  await test.db.deleteFrom("image").execute();
  await test.db.deleteFrom("listingPrice").execute();
  await test.db.deleteFrom("listing").execute();
  owner = await createUser(test.db, { name: "Owner" });
  stranger = await createUser(test.db, { name: "Stranger" });
});

async function categoryIds(type: "rent" | "sale") {
  return (await findListingsPage(test.db, { type }, null)).listings.map((listing) => listing.id);
}

describe("listing status", () => {
  it("takes a let home out of its category, the offers and the sitemap, and brings it back when available", async () => {
    const home = await createListing(test.db, owner.id, { offer: true, discountedPrice: 1400 });
    const other = await createListing(test.db, owner.id);
    expect(await changeListingStatus(test.db, owner, home.id, "let", 5_000)).toBe("Marked as let");
    expect(await categoryIds("rent")).toEqual([other.id]);
    expect((await findListingsPage(test.db, { offer: true }, null)).listings).toEqual([]);
    expect(await sitemapPage(test.db, "https://homes.example", 1)).not.toContain(home.id);

    const page = await findListingById(test.db, home.id);
    expect(page).toMatchObject({ status: "let", expired: false, changedAt: 5_000 });
    expect(statusBadge(page!)).toBe("Let");

    expect(await changeListingStatus(test.db, owner, home.id, "available", 6_000)).toBe(
      "Marked as available",
    );
    expect(await categoryIds("rent")).toEqual([other.id, home.id]);
    expect(await sitemapPage(test.db, "https://homes.example", 1)).toContain(home.id);
  });

  it("lets only a home for rent and sells only a home for sale", async () => {
    const rent = await createListing(test.db, owner.id);
    const sale = await createListing(test.db, owner.id, { type: "sale" });
    await expect(changeListingStatus(test.db, owner, rent.id, "sold")).rejects.toThrow(
      new InvalidError({}, "Only a home for rent can be let"),
    );
    await expect(changeListingStatus(test.db, owner, sale.id, "let")).rejects.toThrow(
      "Only a home for sale can be sold",
    );
    await expect(changeListingStatus(test.db, owner, sale.id, "gone")).rejects.toThrow("Unknown status");
    expect(await changeListingStatus(test.db, owner, sale.id, "sold")).toBe("Marked as sold");
    expect(await categoryIds("sale")).toEqual([]);
  });

  it("refuses anyone but the owner, and changes nothing", async () => {
    const home = await createListing(test.db, owner.id);
    await expect(changeListingStatus(test.db, stranger, home.id, "let")).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(renewOwnListing(test.db, stranger, home.id)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await findListingById(test.db, home.id))?.status).toBe("available");
  });

  it("hides an expired listing until its owner renews it", async () => {
    const home = await createListing(test.db, owner.id);
    await test.db.updateTable("listing").set({ expiredAt: 1, reminderSentAt: 1 }).execute();
    expect(await categoryIds("rent")).toEqual([]);
    expect(statusBadge((await findListingById(test.db, home.id))!)).toBe("Expired");
    expect(await renewOwnListing(test.db, owner, home.id, 9_000)).toBe("Listing renewed");
    expect(await categoryIds("rent")).toEqual([home.id]);
    const row = await test.db.selectFrom("listing").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ expiredAt: null, reminderSentAt: null, confirmedAt: 9_000 });
  });
});

describe("dates and price history", () => {
  it("reads the dates of a row written without them as its timestamp", async () => {
    const home = await createListing(test.db, owner.id, { timestamp: 1_000 });
    expect(await findListingById(test.db, home.id)).toMatchObject({ publishedAt: 1_000, changedAt: 1_000 });
  });

  it("records a change of the price paid, not a save that keeps it", async () => {
    const home = await createListing(test.db, owner.id, { regularPrice: 1500 });
    const listing = (await findListingById(test.db, home.id))!;
    const { id, images, floorPlans, userRef, status, expired, publishedAt, changedAt, publisher, ...fields } =
      listing;
    const write = { ...fields, timestamp: 10_000 };
    await replaceListing(test.db, home.id, write);
    expect(await findLatestPriceChange(test.db, home.id)).toBeUndefined();
    await replaceListing(test.db, home.id, {
      ...write,
      offer: true,
      discountedPrice: 1300,
      timestamp: 20_000,
    });
    expect(await findLatestPriceChange(test.db, home.id)).toEqual({
      previousPrice: 1500,
      price: 1300,
      changedAt: 20_000,
    });
    const saved = await findListingById(test.db, home.id);
    expect(saved).toMatchObject({ publishedAt: listing.publishedAt, changedAt: 20_000, timestamp: 20_000 });

    // Taken stays taken when the type changes: a let home saved as one for sale is sold.
    await changeListingStatus(test.db, owner, home.id, "let", 25_000);
    await replaceListing(test.db, home.id, { ...write, type: "sale", timestamp: 30_000 });
    expect((await findListingById(test.db, home.id))?.status).toBe("sold");
  });

  it("says how long ago in words, with the exact date, and the price change", () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.UTC(2026, 10, 24, 18);
    expect(timeAgo(now - 60_000, now, ENGLISH)).toBe("today");
    expect(timeAgo(now - day, now, ENGLISH)).toBe("yesterday");
    expect(timeAgo(now - 3 * day, now, ENGLISH)).toBe("3 days ago");
    expect(timeAgo(now - 70 * day, now, ENGLISH)).toBe("2 months ago");
    expect(formatExactDate(Date.UTC(2026, 10, 12, 14, 5), ENGLISH)).toBe("12 November 2026 at 14:05 UTC");
    const change = { changedAt: Date.UTC(2026, 10, 12) };
    expect(priceChangeLabel({ ...change, previousPrice: 1500, price: 1300 }, ENGLISH)).toBe(
      "Price reduced by $200 on 12 Nov",
    );
    expect(priceChangeLabel({ ...change, previousPrice: 450000, price: 460000 }, ENGLISH)).toBe(
      "Price increased by $10,000 on 12 Nov",
    );
  });
});
