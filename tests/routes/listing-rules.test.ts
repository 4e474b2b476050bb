import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import { listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { testListingRow } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * LISTING_RULES, country by country, through Create Listing's action: a listing lacking what the country's law
 * requires is refused with a message naming each missing field and nothing is stored; the same listing with
 * them is published. An old listing saved without them stays visible, and only its owner is told "Complete
 * this listing" with what it lacks (its page and Your Listings).
 */
const postgres = postgresUrlFromEnv();

type Case = {
  rules: ListingRuleSet;
  type: "rent" | "sale";
  /** The refusal's messages, by field. */
  refused: Record<string, string>;
  /** What completes the listing. */
  complete: Record<string, string>;
};

const CASES: Case[] = [
  {
    rules: "de",
    type: "rent",
    refused: {
      energyCertificate: "Energy certificate is required: give the rating, or say why there is none",
      energyRating: "Energy rating is required",
      energyCertificateType: "Certificate type is required",
      energyUse: "Energy use is required",
      energySource: "Main energy source is required",
      yearBuilt: "Year built is required",
    },
    complete: {
      energyRating: "A+",
      energyCertificateType: "demand",
      energyUse: "42",
      energySource: "heatPump",
      yearBuilt: "2019",
      energyValidUntil: "2034-05-01",
    },
  },
  {
    rules: "fr",
    type: "rent",
    refused: {
      energyRating: "Energy rating is required",
      ghgRating: "Greenhouse gas class (GES) is required",
      energyCostMin: "Yearly energy cost is required",
      energyCostMax: "Yearly energy cost is required",
      monthlyCharges: "Monthly charges are required",
      deposit: "Deposit is required",
    },
    complete: {
      energyRating: "D",
      ghgRating: "C",
      energyCostMin: "900",
      energyCostMax: "1300",
      monthlyCharges: "120",
      deposit: "1500",
    },
  },
  {
    rules: "gb",
    type: "sale",
    refused: {
      energyRating: "Energy rating is required",
      tenure: "Tenure is required",
      councilTaxBand: "Council tax band is required",
    },
    complete: { energyRating: "C", tenure: "leasehold", councilTaxBand: "D" },
  },
  {
    rules: "ie",
    type: "rent",
    refused: { energyRating: "Energy rating is required" },
    complete: { energyRating: "B2" },
  },
];

describe(`country rules (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  const worlds = new Map<ListingRuleSet, RouteWorld>();

  beforeAll(async () => {
    const started = await Promise.all(
      (["none", ...CASES.map((c) => c.rules)] as ListingRuleSet[]).map(
        async (rules) => [rules, await createRouteWorld({ LISTING_RULES: rules })] as const,
      ),
    );
    for (const [rules, world] of started) worlds.set(rules, world);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...worlds.values()].map((world) => world.destroy()));
  });

  for (const { rules, type, refused, complete } of CASES) {
    it(`${rules}: refuses a listing without the country's set, naming each field, then publishes it`, async () => {
      const world = worlds.get(rules)!;
      const { id: userId, cookie } = await world.signUp(newAccount(`Rita Rules ${rules}`));
      const photo = await world.uploadPhoto(userId);
      const fields = { ...validListing([photo]), type };
      const before = await world.state.snapshot();
      const answer = await world.client.post("/create-listing", listingEntries(fields), { cookie });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ fieldErrors: refused });
      expect(await world.state.snapshot()).toEqual(before);

      const id = await world.publish(cookie, { ...fields, ...complete } as typeof fields);
      const row = await world.db
        .selectFrom("listing")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.energyRating).toBe(complete.energyRating);
      expect(row.energyCertificate).toBe("certificate");
      const page = await world.client.get(`/category/${type}/${id}`, { cookie });
      expect(page.data).toMatchObject({ missing: [] });
    });
  }

  it("takes exempt or applied for instead of a rating, and refuses a class off the site's scale", async () => {
    const world = worlds.get("ie")!;
    const { id: userId, cookie } = await world.signUp(newAccount("Ina Ireland"));
    const photo = await world.uploadPhoto(userId);
    const fields = validListing([photo]);
    const offScale = await world.client.post(
      "/create-listing",
      listingEntries({ ...fields, energyRating: "C" } as typeof fields),
      { cookie },
    );
    expect(offScale.status).toBe(400);
    expect(offScale.data).toMatchObject({
      fieldErrors: { energyRating: "Choose an energy rating from A1 to G" },
    });
    await world.publish(cookie, { ...fields, energyCertificate: "appliedFor" } as typeof fields);
  });

  it("shows an old listing that lacks the country's set to all, and Complete this listing to its owner only", async () => {
    const world = worlds.get("de")!;
    const owner = await world.signUp(newAccount("Otto Old"));
    const visitor = await world.signUp(newAccount("Vera Visitor"));
    // Saved before the rules: no description, no energy.
    const row = testListingRow(owner.id, { type: "rent" });
    await world.db.insertInto("listing").values(row).execute();
    const path = `/category/rent/${row.id}`;
    const seen = await world.client.get(path, { cookie: owner.cookie });
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({
      missing: [
        "Description",
        "Property type",
        "Living area",
        "Energy certificate",
        "Certificate type",
        "Energy rating",
        "Energy use",
        "Main energy source",
        "Year built",
      ],
    });
    const visited = await world.client.get(path, { cookie: visitor.cookie });
    expect(visited.status).toBe(200);
    expect(visited.data).toMatchObject({ missing: [] });
    const profile = await world.client.get("/profile", { cookie: owner.cookie });
    expect((profile.data as { missing: Record<string, string[]> }).missing[row.id]).toContain(
      "Energy rating",
    );
  });

  it("none: asks nothing about energy, and finds homes by minEnergy (that class or better)", async () => {
    const world = worlds.get("none")!;
    const { id: userId, cookie } = await world.signUp(newAccount("Nora None"));
    const ratings = ["A", "C", "E", null] as const;
    const ids: string[] = [];
    for (const [at, rating] of ratings.entries()) {
      const photo = await world.uploadPhoto(userId);
      const fields = { ...validListing([photo], `Energy test home ${at}`) };
      ids.push(
        await world.publish(cookie, (rating ? { ...fields, energyRating: rating } : fields) as typeof fields),
      );
    }
    const found = await world.client.get("/search?minEnergy=C");
    const names = (found.data as { listings: { name: string }[] }).listings.map((listing) => listing.name);
    expect(names.sort()).toEqual(["Energy test home 0", "Energy test home 1"]);
  });
});
