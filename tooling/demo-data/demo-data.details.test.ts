import { describe, expect, it } from "vitest";
import {
  COUNTRY_RULES,
  LISTING_RULE_SETS,
  missingFields,
  type RuleValues,
} from "#app/modules/listing/listing.country-rules.ts";
import { onScale } from "#app/modules/listing/listing.energy.ts";
import { generateListing } from "./demo-data.listing-generator.ts";
import { DEMO_LISTING_COUNT, DEMO_PHOTO_POOL } from "./demo-data.listings.server.ts";
import { EXTERIOR_PHOTOS } from "./demo-data.photos.ts";
import { createRandom } from "./demo-data.random.ts";

// The demo homes are complete under every LISTING_RULES: each country's required set is there, the rating on
// the site's scale as the seeder puts it.

describe("the demo homes' energy", () => {
  const homes = Array.from({ length: DEMO_LISTING_COUNT }, (_, index) =>
    generateListing(
      createRandom(1000 + index),
      DEMO_PHOTO_POOL,
      EXTERIOR_PHOTOS[index % EXTERIOR_PHOTOS.length]!,
    ),
  );

  it("gives every country's required set, on its scale", () => {
    for (const rules of LISTING_RULE_SETS) {
      const { scale } = COUNTRY_RULES[rules];
      for (const home of homes) {
        const rating = onScale(home.energyRating!, scale);
        expect(scale).toContain(rating);
        expect(
          missingFields(rules, { ...home, energyRating: rating } as RuleValues),
          `${rules}: ${home.name}`,
        ).toEqual([]);
      }
    }
  });

  it("rates newer homes better", () => {
    const rank = (home: (typeof homes)[number]) => "ABCDEFG".indexOf(home.energyRating!);
    const sorted = [...homes].sort((a, b) => b.yearBuilt! - a.yearBuilt!);
    expect(rank(sorted[0]!)).toBeLessThanOrEqual(rank(sorted.at(-1)!));
    expect(new Set(homes.map((home) => home.energyRating)).size).toBeGreaterThan(2);
  });
});

describe("onScale", () => {
  it("keeps a class the scale has, takes the middle of its letter otherwise, else the worst", () => {
    expect(onScale("C", COUNTRY_RULES.de.scale)).toBe("C");
    expect(onScale("C", COUNTRY_RULES.ie.scale)).toBe("C2");
    expect(onScale("D", COUNTRY_RULES.ie.scale)).toBe("D1");
    expect(onScale("F", COUNTRY_RULES.ie.scale)).toBe("F");
    expect(onScale("A+", COUNTRY_RULES.none.scale)).toBe("A");
    expect(onScale("H", COUNTRY_RULES.none.scale)).toBe("G");
  });
});
