import { describe, expect, it } from "vitest";
import { cleanupAfterAll, SKIP_REASON, startOpsServer, waitFor } from "./ops-support.ts";

// LOCALE and CURRENCY set the page's language, its texts (translated on the server), its prices and
// the listings' structured data; without them the site is the spec's, in English with dollars.

const defer = cleanupAfterAll();

/** The production server on a fresh data folder with the demo listings, and a listing page of it. */
async function seededServer(env: Record<string, string> = {}) {
  const server = await startOpsServer(defer, { SEED: "true", ...env });
  let category = "";
  // The demo listings are written in the background after the start.
  await waitFor(
    "the demo listings",
    async () => {
      category = await (await fetch(`${server.url}/category/rent`)).text();
      return /href="\/category\/rent\/[\w-]+"/.test(category);
    },
    { timeoutMs: 30_000 },
  );
  const listingPath = category.match(/href="(\/category\/rent\/[\w-]+)"/)![1]!;
  const home = await (await fetch(server.url)).text();
  const listing = await (await fetch(`${server.url}${listingPath}`)).text();
  // What a client-side navigation to the category fetches.
  const navigation = await (await fetch(`${server.url}/category/rent.data`)).text();
  return { home, category, listing, navigation };
}

function jsonLd(html: string) {
  const script = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s);
  return JSON.parse(script![1]!) as { offers: { priceCurrency: string } };
}

describe.skipIf(SKIP_REASON)("LOCALE and CURRENCY", () => {
  it("de-DE with EUR: German page, texts and button, euro prices, priceCurrency EUR", async () => {
    const { home, category, listing, navigation } = await seededServer({ LOCALE: "de-DE", CURRENCY: "EUR" });
    expect(home).toMatch(/<html lang="de-DE"/);
    expect(home).toContain("Finden Sie Ihr nächstes Zuhause");
    expect(home).toMatch(/<button type="submit"[^>]*>.*?Suche<\/span><\/button>/s);
    // (The English keys are in the page's data, with the catalogue: only the markup is checked for them.)
    expect(home).not.toMatch(/>Find your next home</);
    expect(category).toContain(">Mietobjekte</h1>");
    // "4.050 €" (a no-break space before the sign) and the rent's " / Monat" beside it.
    expect(category).toMatch(/>\d{1,3}(\.\d{3})*\u00a0€<\/span>(<!-- -->)? \/ Monat</);
    expect(category).not.toMatch(/\$\d/);
    expect(listing).toContain("Vermieter kontaktieren");
    expect(jsonLd(listing).offers.priceCurrency).toBe("EUR");
    // The catalogue comes with the page only: a navigation's data names the settings, not the texts again.
    expect(home).toContain("Kartenmarkierung: {location}");
    expect(navigation).toContain("de-DE");
    expect(navigation).not.toContain("Kartenmarkierung: {location}");
  }, 60_000);

  it("by default: English, dollars, priceCurrency USD", async () => {
    const { home, category, listing } = await seededServer();
    expect(home).toMatch(/<html lang="en-US"/);
    expect(home).toContain("Find your next home");
    expect(category).toContain(">Places for rent</h1>");
    expect(category).toMatch(/\$\d[\d,]*/);
    expect(category).not.toContain("€");
    expect(listing).toContain("Contact Landlord");
    expect(jsonLd(listing).offers.priceCurrency).toBe("USD");
  }, 60_000);
});
