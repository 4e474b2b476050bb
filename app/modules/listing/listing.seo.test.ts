import { describe, expect, it } from "vitest";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { absoluteUrl, listMeta } from "#app/modules/seo/seo.rules.ts";
import type { Listing } from "./listing.model.ts";
import {
  coverImageUrl,
  listingDescription,
  listingJsonLd,
  listingMeta,
  serializeJsonLd,
} from "./listing.seo.ts";
import {
  escapeXml,
  listingEntries,
  SITEMAP_MAX_URLS,
  siteEntries,
  sitemapIndexXml,
  sitemapPageCount,
  sitemapPageRange,
  sitemapXml,
} from "./listing.sitemap.ts";

const PUBLIC_URL = "https://homes.example";
const NO_ENERGY = {
  energyCertificate: null,
  energyRating: null,
  energyUse: null,
  energyValidUntil: null,
  energyCertificateType: null,
  energySource: null,
  ghgRating: null,
  energyCostMin: null,
  energyCostMax: null,
  tenure: null,
  councilTaxBand: null,
} as const;

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: "b1c2",
    agencyId: null,
    type: "rent",
    name: "Sunny flat near the park",
    bedrooms: 2,
    bathrooms: 1,
    parking: false,
    furnished: "furnished",
    description: null,
    propertyType: null,
    livingArea: null,
    plotArea: null,
    rooms: null,
    yearBuilt: null,
    condition: null,
    floor: null,
    floorsTotal: null,
    lift: null,
    stepFree: null,
    availableFrom: null,
    leaseMonths: null,
    deposit: null,
    monthlyCharges: null,
    heatingIncluded: null,
    serviceCharge: null,
    pets: null,
    tourUrl: null,
    ...NO_ENERGY,
    location: "12 Rue de Rivoli, Paris, France",
    offer: false,
    regularPrice: 1500,
    discountedPrice: null,
    images: [
      { id: "x", storageKey: "images/u1-photo-x", width: 1600, height: 1067, caption: null },
      { id: "y", storageKey: "images/u1-photo-y", width: 2400, height: 1600, caption: null },
    ],
    floorPlans: [],
    geolocation: { lat: 48.8566, lng: 2.3522 },
    exactAddress: true,
    timestamp: Date.UTC(2026, 10, 1, 12),
    userRef: "u1",
    status: "available",
    expired: false,
    publishedAt: Date.UTC(2026, 10, 1, 12),
    changedAt: Date.UTC(2026, 10, 1, 12),
    ...overrides,
  };
}

/** The content of the first tag with this name or property. */
function tag(tags: ReturnType<typeof listingMeta>, key: string) {
  const found =
    tags.find((entry) => "name" in entry && entry.name === key) ??
    tags.find((entry) => "property" in entry && entry.property === key);
  return found && "content" in found ? found.content : undefined;
}

describe("listing page meta", () => {
  it("has a real title, a description and a canonical link", () => {
    const tags = listingMeta(listing(), PUBLIC_URL, ENGLISH);
    expect(tags).toContainEqual({ title: "Sunny flat near the park - $1,500 / Month · Homestead" });
    expect(tag(tags, "description")).toBe(
      "For Rent: 2 Bedrooms, 1 Bathroom, Furnished in 12 Rue de Rivoli, Paris, France. $1,500 / Month.",
    );
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://homes.example/category/rent/b1c2",
    });
  });

  it("has Open Graph and Twitter tags with an absolute cover image", () => {
    const tags = listingMeta(
      listing({ type: "sale", offer: true, regularPrice: 450_000, discountedPrice: 400_000 }),
      PUBLIC_URL,
      ENGLISH,
    );
    expect(tag(tags, "og:title")).toBe("Sunny flat near the park - $400,000");
    expect(tag(tags, "og:url")).toBe("https://homes.example/category/sale/b1c2");
    expect(tag(tags, "og:type")).toBe("website");
    expect(tag(tags, "og:image")).toBe("https://homes.example/images/u1-photo-x-1600.webp");
    expect(tag(tags, "og:description")).toContain("For Sale");
    expect(tag(tags, "twitter:card")).toBe("summary_large_image");
    expect(tag(tags, "twitter:image")).toBe("https://homes.example/images/u1-photo-x-1600.webp");
  });

  it("leaves the image out for a listing without photos", () => {
    const tags = listingMeta(listing({ images: [] }), PUBLIC_URL, ENGLISH);
    expect(tag(tags, "og:image")).toBeUndefined();
    expect(tag(tags, "twitter:card")).toBe("summary");
    expect(coverImageUrl({ images: [] }, PUBLIC_URL)).toBeNull();
  });

  it("keeps the description short enough for search results", () => {
    const description = listingDescription(listing({ location: "A very long address ".repeat(20) }), ENGLISH);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
  });

  it("mentions parking and the singular counts", () => {
    expect(
      listingDescription(
        listing({ bedrooms: 1, bathrooms: 3, parking: true, furnished: "unfurnished" }),
        ENGLISH,
      ),
    ).toBe(
      "For Rent: 1 Bedroom, 3 Bathrooms, Parking Spot in 12 Rue de Rivoli, Paris, France. $1,500 / Month.",
    );
  });

  it("points every page of a list at its first page", () => {
    const tags = listMeta("Places for rent", "Newest first.", "/category/rent", PUBLIC_URL);
    expect(tags).toContainEqual({ title: "Places for rent · Homestead" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://homes.example/category/rent",
    });
  });

  it("joins URLs whether or not the public URL ends with a slash", () => {
    expect(absoluteUrl("https://homes.example/", "/offers")).toBe("https://homes.example/offers");
    expect(absoluteUrl("http://localhost:3000", "/images/a.webp")).toBe(
      "http://localhost:3000/images/a.webp",
    );
  });
});

describe("schema.org JSON-LD", () => {
  it("gives no position of a listing without its exact address (its stored point is only near the home)", () => {
    // Such a listing stores the street without its number (listing.address.server.ts, storedPlace).
    const hidden = listing({ exactAddress: false, location: "Rue de Rivoli, Paris, France" });
    const home = listingJsonLd(hidden, PUBLIC_URL, ENGLISH).mainEntity as Record<string, unknown>;
    expect(home.address).toBe("Rue de Rivoli, Paris, France");
    expect(home).not.toHaveProperty("geo");
    expect(listingDescription(hidden, ENGLISH)).toContain("in Rue de Rivoli, Paris, France.");
    const exact = listingJsonLd(listing(), PUBLIC_URL, ENGLISH).mainEntity as Record<string, unknown>;
    expect(exact.address).toBe("12 Rue de Rivoli, Paris, France");
    expect(exact.geo).toMatchObject({ latitude: 48.8566, longitude: 2.3522 });
  });

  it("says a let, sold or expired home is no longer on offer", () => {
    const offerOf = (overrides: Partial<Listing>) =>
      (listingJsonLd(listing(overrides), PUBLIC_URL, ENGLISH).offers as { availability: string })
        .availability;
    expect(offerOf({ status: "let" })).toBe("https://schema.org/SoldOut");
    expect(offerOf({ type: "sale", status: "sold" })).toBe("https://schema.org/SoldOut");
    expect(offerOf({ expired: true })).toBe("https://schema.org/Discontinued");
  });

  it("describes a rent as a RealEstateListing leased out per month", () => {
    const data = listingJsonLd(listing({ offer: true, discountedPrice: 1450 }), PUBLIC_URL, ENGLISH);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      url: "https://homes.example/category/rent/b1c2",
      name: "Sunny flat near the park",
      datePosted: "2026-11-01T12:00:00.000Z",
      image: [
        "https://homes.example/images/u1-photo-x-1600.webp",
        "https://homes.example/images/u1-photo-y-1600.webp",
      ],
      offers: {
        "@type": "Offer",
        price: 1450,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
        priceSpecification: { unitCode: "MON", price: 1450 },
      },
      mainEntity: {
        numberOfBedrooms: 2,
        numberOfBathroomsTotal: 1,
        address: "12 Rue de Rivoli, Paris, France",
        geo: { "@type": "GeoCoordinates", latitude: 48.8566, longitude: 2.3522 },
      },
    });
  });

  it("describes the home: its description, kind, floor size in the site's unit, rooms, year, pets, availability", () => {
    const home = listing({
      description: "A bright flat on the third floor, with a balcony over the park.",
      propertyType: "flat",
      livingArea: 72,
      rooms: 3,
      yearBuilt: 1908,
      pets: "byArrangement",
      availableFrom: "2027-03-01",
    });
    expect(listingJsonLd(home, PUBLIC_URL, ENGLISH)).toMatchObject({
      description: "A bright flat on the third floor, with a balcony over the park.",
      offers: { availabilityStarts: "2027-03-01" },
      mainEntity: {
        accommodationCategory: "Apartment",
        floorSize: { "@type": "QuantitativeValue", value: 72, unitCode: "MTK" },
        numberOfRooms: 3,
        yearBuilt: 1908,
        petsAllowed: "By arrangement",
      },
    });
    const inFeet = listingJsonLd(
      { ...home, pets: "allowed", availableFrom: "now" },
      PUBLIC_URL,
      ENGLISH,
      "",
      "ft2",
    );
    expect(inFeet.mainEntity).toMatchObject({
      floorSize: { value: 775, unitCode: "FTK" },
      petsAllowed: true,
    });
    // Now: from when the lister last said so.
    expect(inFeet.offers).toMatchObject({ availabilityStarts: "2026-11-01" });
    // An old listing without details says none of them, and keeps the one-sentence description.
    const old = listingJsonLd(listing(), PUBLIC_URL, ENGLISH);
    expect(old.mainEntity).not.toHaveProperty("floorSize");
    expect(old.offers).not.toHaveProperty("availabilityStarts");
    expect(old.description).toBe(listingDescription(listing(), ENGLISH));
  });

  it("gives the energy rating as an additionalProperty, with its energy use", () => {
    const data = listingJsonLd(listing({ energyRating: "A+", energyUse: 38 }), PUBLIC_URL, ENGLISH);
    expect(data.mainEntity.additionalProperty).toEqual([
      {
        "@type": "PropertyValue",
        propertyID: "energyRating",
        name: "Energy rating",
        value: "A+",
        valueReference: { "@type": "QuantitativeValue", value: 38, unitText: "kWh/m²·year" },
      },
    ]);
    expect(listingJsonLd(listing(), PUBLIC_URL, ENGLISH).mainEntity).not.toHaveProperty("additionalProperty");
  });

  it("describes a sale without a monthly price", () => {
    const data = listingJsonLd(listing({ type: "sale", regularPrice: 450_000 }), PUBLIC_URL, ENGLISH);
    expect(data.offers.businessFunction).toBe("http://purl.org/goodrelations/v1#Sell");
    expect(data.offers).not.toHaveProperty("priceSpecification");
  });

  it("cannot be closed early by a listing's text", () => {
    const json = serializeJsonLd(
      listingJsonLd(listing({ name: "</script><script>alert(1)</script> & co" }), PUBLIC_URL, ENGLISH),
    );
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script> & co");
    expect(serializeJsonLd({ text: "a\u2028b" })).toBe('{"text":"a\\u2028b"}');
  });
});

describe("sitemap", () => {
  const listings = [
    { id: "r1", type: "rent" as const, timestamp: Date.UTC(2026, 10, 1) },
    { id: "r2", type: "rent" as const, timestamp: Date.UTC(2026, 10, 2) },
    { id: "s1", type: "sale" as const, timestamp: Date.UTC(2026, 10, 3) },
  ];

  it("lists Explore, Offers and both categories with their newest listing's time, and every listing", () => {
    expect(siteEntries({ rent: Date.UTC(2026, 10, 2), sale: Date.UTC(2026, 10, 3) })).toEqual([
      { path: "/", lastmod: Date.UTC(2026, 10, 3) },
      { path: "/offers", lastmod: Date.UTC(2026, 10, 3) },
      { path: "/category/rent", lastmod: Date.UTC(2026, 10, 2) },
      { path: "/category/sale", lastmod: Date.UTC(2026, 10, 3) },
    ]);
    expect(listingEntries(listings)).toEqual([
      { path: "/category/rent/r1", lastmod: Date.UTC(2026, 10, 1) },
      { path: "/category/rent/r2", lastmod: Date.UTC(2026, 10, 2) },
      { path: "/category/sale/s1", lastmod: Date.UTC(2026, 10, 3) },
    ]);
  });

  it("leaves lastmod out while there are no listings", () => {
    expect(siteEntries({})).toEqual([
      { path: "/", lastmod: undefined },
      { path: "/offers", lastmod: undefined },
      { path: "/category/rent", lastmod: undefined },
      { path: "/category/sale", lastmod: undefined },
    ]);
  });

  it("fills files of at most 50,000 URLs, the site's four pages closing the last one", () => {
    expect(sitemapPageCount(0)).toBe(1);
    expect(sitemapPageCount(SITEMAP_MAX_URLS - 4)).toBe(1);
    expect(sitemapPageCount(SITEMAP_MAX_URLS - 3)).toBe(2);
    expect(sitemapPageCount(120_000)).toBe(3);
    expect(sitemapPageRange(1, 120_000)).toEqual({ start: 0, end: 50_000 });
    expect(sitemapPageRange(3, 120_000)).toEqual({ start: 100_000, end: 120_000 });
    // All listings fit the first file, not the four pages too: the second holds only those.
    expect(sitemapPageRange(2, SITEMAP_MAX_URLS - 2)).toEqual({ start: 49_998, end: 49_998 });
  });

  it("writes the index with a file per page", () => {
    const xml = sitemapIndexXml("https://homes.example", [
      { path: "/sitemap-1.xml", lastmod: Date.UTC(2026, 10, 3) },
      { path: "/sitemap-2.xml" },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<sitemap><loc>https://homes.example/sitemap-1.xml</loc><lastmod>2026-11-03T00:00:00.000Z</lastmod></sitemap>",
    );
    expect(xml).toContain("<sitemap><loc>https://homes.example/sitemap-2.xml</loc></sitemap>");
  });

  it("writes absolute, escaped URLs in the sitemaps.org format", () => {
    const xml = sitemapXml("https://homes.example/a&b", [
      { path: "/", lastmod: Date.UTC(2026, 10, 3) },
      { path: "/offers" },
    ]);
    expect(xml).toContain('<?xml version="1.0" encoding="UTF-8"?>');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      "<url><loc>https://homes.example/a&amp;b/</loc><lastmod>2026-11-03T00:00:00.000Z</lastmod></url>",
    );
    expect(xml).toContain("<url><loc>https://homes.example/a&amp;b/offers</loc></url>");
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });
});
