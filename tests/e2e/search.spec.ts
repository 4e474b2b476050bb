import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { toSquareMetres } from "#app/modules/listing/listing.details.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";

/**
 * Search: every filter and sort on /search, Load More with filters, the same filters on a category
 * and the offers, the map (clusters from the server, zoom, pan, marker → card), Explore's search box, and the
 * same search with JavaScript off. Other spec files share the app: each test names its listings with a word of
 * its own and searches for it, so nothing another test made shows up.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

function uniqueWord() {
  return `zq${randomBytes(4)
    .toString("hex")
    .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
}

/** Waits until React has hydrated the page (a click before that is a plain link or a plain form post). */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

/** The card names in the result list, top to bottom. */
function cardNames(page: Page) {
  return page.getByRole("main").locator("ul h2").allTextContents();
}

/** Waits until the result list shows exactly these cards (in this order, or in any when `anyOrder`). */
async function expectCards(page: Page, names: string[], anyOrder = false) {
  await expect
    .poll(async () => {
      const shown = await cardNames(page);
      return anyOrder ? shown.sort() : shown;
    })
    .toEqual(anyOrder ? [...names].sort() : names);
}

async function seedHomes(data: AppData, word: string) {
  const owner = await createUser(data.db);
  const base = {
    parking: false,
    furnished: "unfurnished" as const,
    offer: false,
    bedrooms: 1,
    bathrooms: 1,
    discountedPrice: null,
  };
  const homes = [
    {
      ...base,
      name: `${word} Attic`,
      type: "rent" as const,
      regularPrice: 900,
      furnished: "furnished" as const,
    },
    {
      ...base,
      name: `${word} Bungalow`,
      type: "rent" as const,
      regularPrice: 1500,
      bedrooms: 2,
      parking: true,
    },
    {
      ...base,
      name: `${word} Cottage`,
      location: "Leopoldstraße 3, München, Germany",
      type: "rent" as const,
      regularPrice: 2000,
      offer: true,
      discountedPrice: 1200,
      bedrooms: 3,
      bathrooms: 2,
      parking: true,
      furnished: "furnished" as const,
    },
    {
      ...base,
      name: `${word} Duplex`,
      type: "sale" as const,
      regularPrice: 300_000,
      bedrooms: 3,
      bathrooms: 2,
      parking: true,
    },
    {
      ...base,
      name: `${word} Estate`,
      type: "sale" as const,
      regularPrice: 500_000,
      offer: true,
      discountedPrice: 450_000,
      bedrooms: 4,
      bathrooms: 3,
      parking: true,
      furnished: "furnished" as const,
    },
    ...Array.from({ length: 9 }, (_, index) => ({
      ...base,
      name: `${word} Flat ${index + 1}`,
      type: "rent" as const,
      regularPrice: 1000 + index * 10,
      bedrooms: 2,
    })),
  ];
  let timestamp = Date.now();
  for (const home of homes)
    await insertTestListing(data, owner.id, { ...home, timestamp: ++timestamp, photos: 0 });
}

test("every filter and sort, Load More with filters, Clear filters, and the same filters on categories and offers", {
  tag: "@smoke",
}, async ({ page, data }) => {
  const word = uniqueWord();
  await seedHomes(data, word);

  // Explore's search box leads to /search?q=…
  await gotoHydrated(page, "/");
  await page.getByRole("searchbox", { name: "Search by city or address" }).fill(word);
  await page.getByRole("searchbox", { name: "Search by city or address" }).press("Enter");
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Homes matching “${word}”`);
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("14 homes");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // Newest first by default; 10 on the first page, Load More for the rest.
  expect((await cardNames(page)).slice(0, 2)).toEqual([`${word} Flat 9`, `${word} Flat 8`]);
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(10);

  const filters = page.getByRole("search", { name: "Filters" });
  const show = filters.getByRole("button", { name: "Show homes" });

  // Accents and case do not matter, the last word is a prefix.
  await filters.getByLabel("City, address or name").fill(`MUNCHEN ${word.slice(0, 5)}`);
  await show.click();
  await expect(page.getByRole("status").filter({ hasText: "home" })).toHaveText("1 home");
  await expectCards(page, [`${word} Cottage`]);

  // Each filter narrows the list; the form shows back what was used.
  await filters.getByLabel("City, address or name").fill(word);
  await filters.getByLabel("Rent or buy").selectOption("sale");
  await show.click();
  await expect(page).toHaveURL(/type=sale/);
  await expectCards(page, [`${word} Duplex`, `${word} Estate`], true);
  await filters.getByLabel("Rent or buy").selectOption("");
  await filters.getByLabel("Bedrooms").selectOption("3");
  await filters.getByLabel("Bathrooms").selectOption("3");
  await show.click();
  await expectCards(page, [`${word} Estate`]);
  await expect(page.getByText("Filtered by:")).toContainText("3+ bedrooms, 3+ bathrooms");
  await filters.getByLabel("Bedrooms").selectOption("");
  await filters.getByLabel("Bathrooms").selectOption("");
  await filters.getByLabel("Parking spot").check();
  await filters.getByLabel("Furnished").check();
  await show.click();
  await expectCards(page, [`${word} Cottage`, `${word} Estate`], true);
  await filters.getByLabel("Parking spot").uncheck();
  await filters.getByLabel("Furnished").uncheck();
  await filters.getByLabel("Offer").check();
  await show.click();
  await expect(page).toHaveURL(/offer=1/);
  await expectCards(page, [`${word} Cottage`, `${word} Estate`], true);
  await filters.getByLabel("Offer").uncheck();
  // The price is what a visitor pays: the Cottage's offer (1,200) is inside, its regular 2,000 is not. Upside
  // down, the range is swapped and shown the right way round.
  await filters.getByLabel("Min price ($)").fill("1300");
  await filters.getByLabel("Max price ($)").fill("1000");
  await show.click();
  await expect(filters.getByLabel("Min price ($)")).toHaveValue("1000");
  await expect(filters.getByLabel("Max price ($)")).toHaveValue("1300");
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("10 homes");
  expect(await cardNames(page)).toContain(`${word} Cottage`);

  // Sorts by price, both ways.
  await filters.getByLabel("Min price ($)").fill("");
  await filters.getByLabel("Max price ($)").fill("");
  await filters.getByLabel("Sort").selectOption("price-desc");
  await show.click();
  await expect
    .poll(async () => (await cardNames(page)).slice(0, 3))
    .toEqual([`${word} Estate`, `${word} Duplex`, `${word} Bungalow`]);

  // Load More keeps the filters and the sort: rent by price, low to high, 12 homes in two pages.
  await filters.getByLabel("Rent or buy").selectOption("rent");
  await filters.getByLabel("Sort").selectOption("price-asc");
  await show.click();
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("12 homes");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(12);
  await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  await expectCards(page, [
    `${word} Attic`,
    ...Array.from({ length: 9 }, (_, index) => `${word} Flat ${index + 1}`),
    `${word} Cottage`,
    `${word} Bungalow`,
  ]);

  // Clear filters keeps the sort and drops the rest.
  await filters.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL("/search?sort=price-asc");
  await expect(filters.getByLabel("City, address or name")).toHaveValue("");

  // A plain category on /search is indexable and names the category page as canonical.
  await page.goto("/search?type=rent");
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category\/rent$/);

  // The same filters on a category and the offers, which keep their headings and empty messages.
  await gotoHydrated(page, `/category/sale?q=${word}&beds=4`);
  await expect(page.getByRole("heading", { level: 1, name: "Places for sale" })).toBeVisible();
  await expectCards(page, [`${word} Estate`]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category\/sale$/);
  await page.goto(`/category/rent?q=${word}&beds=5`);
  await expect(page.getByText("No listings for rent")).toBeVisible();
  await page.goto(`/offers?q=${word}&sort=price-asc`);
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  await expectCards(page, [`${word} Cottage`, `${word} Estate`]);
  await page.goto(`/offers?q=${word}&type=rent&minPrice=5000`);
  await expect(page.getByText("There are no current offers")).toBeVisible();

  // Bad input reads sensibly, never an error page.
  for (const query of [
    "minPrice=abc&beds=-3&bbox=10,10,-10,-10",
    "sort=%00&q=(NEAR*:-)",
    "bbox=170,-10,-170,10&view=map",
  ]) {
    const response = await page.goto(`/search?${query}`);
    expect(response?.status()).toBe(200);
  }
});

test("filters by area and property type, sorts largest first, and cards show the area and price per area", async ({
  page,
  data,
}) => {
  const word = uniqueWord();
  const owner = await createUser(data.db);
  // The app runs in en-US: areas in ft² (stored in m²).
  const home = (
    name: string,
    propertyType: "flat" | "house" | "studio",
    ft2: number | null,
    rent: number,
  ) => ({
    name: `${word} ${name}`,
    type: "rent" as const,
    offer: false,
    discountedPrice: null,
    regularPrice: rent,
    propertyType,
    livingArea: ft2 === null ? null : toSquareMetres(ft2, "ft2"),
  });
  let timestamp = Date.now();
  for (const listing of [
    home("Loft", "flat", 800, 1500),
    home("Villa", "house", 1200, 3000),
    home("Studio", "studio", 900, 1000),
    home("Barn", "house", null, 900),
  ])
    await insertTestListing(data, owner.id, { ...listing, timestamp: ++timestamp, photos: 0 });

  await gotoHydrated(page, `/search?q=${word}`);
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("4 homes");
  const card = (name: string) =>
    page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `${word} ${name}` });
  await expect(card("Loft")).toContainText("800 ft² · $1.88/ft²");
  await expect(card("Villa")).toContainText("1,200 ft² · $2.50/ft²");
  await expect(card("Barn")).not.toContainText("ft²");

  const filters = page.getByRole("search", { name: "Filters" });
  await filters.getByLabel("Min area (ft²)").fill("850");
  const kinds = filters.getByRole("group", { name: "Property type" });
  await kinds.getByLabel("Flat", { exact: true }).check();
  await kinds.getByLabel("House", { exact: true }).check();
  await filters.getByLabel("Sort").selectOption("area-desc");
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expect(page).toHaveURL(/kind=flat&kind=house/);
  await expectCards(page, [`${word} Villa`]);
  await expect(page.getByText("Filtered by:")).toContainText("Flat or House, from 850 ft²");
  // Wider, the largest first; the Barn gives no area and has no place in that order.
  await filters.getByLabel("Min area (ft²)").fill("");
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expectCards(page, [`${word} Villa`, `${word} Loft`]);
  await expect(kinds.getByLabel("House", { exact: true })).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("2 homes");
});

test("the same search works with JavaScript off", async ({ browser, data }) => {
  const word = uniqueWord();
  await seedHomes(data, word);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search by city or address" }).fill(word);
  await page.getByRole("searchbox", { name: "Search by city or address" }).press("Enter");
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("14 homes");
  const filters = page.getByRole("search", { name: "Filters" });
  await filters.getByLabel("Bedrooms").selectOption("2");
  await filters.getByLabel("Sort").selectOption("price-asc");
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("13 homes");
  expect((await cardNames(page)).slice(0, 2)).toEqual([`${word} Flat 1`, `${word} Flat 2`]);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page).toHaveURL(/beds=2.*sort=price-asc.*cursor=|cursor=.*beds=2/);
  await expectCards(page, [`${word} Bungalow`, `${word} Duplex`, `${word} Estate`]);
  await context.close();
});

test("on a phone the filters fold under one Filters button that says how many are set", async ({
  browser,
  data,
}) => {
  const word = uniqueWord();
  await seedHomes(data, word);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/search?q=${word}`);
  const filters = page.getByRole("search", { name: "Filters" });
  // Folded: the words and the buttons show, the rest waits behind "Filters".
  await expect(filters.getByRole("searchbox", { name: "City, address or name" })).toBeVisible();
  await expect(filters.getByLabel("Bedrooms")).toBeHidden();
  await filters.getByText("Filters", { exact: true }).click();
  await filters.getByLabel("Bedrooms").selectOption("2");
  await filters.getByLabel("Sort").selectOption("price-asc");
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("13 homes");
  // The new page folds them again, and counts what is set.
  await expect(filters.getByLabel("Bedrooms")).toBeHidden();
  await expect(filters.getByText("Filters (2)", { exact: true })).toBeVisible();
  await context.close();
});

test("the map: clusters from the server, a click zooms in and splits them, panning updates the list, a marker shows its card", {
  tag: "@smoke",
}, async ({ page, data }) => {
  const word = uniqueWord();
  const owner = await createUser(data.db);
  // Three places in the empty South Pacific, nowhere near another test's listings.
  const places = [
    ...Array.from({ length: 20 }, (_, index) => ({
      lat: -46.535 + (index % 5) * 0.0015,
      lng: -139.525 + Math.floor(index / 5) * 0.0015,
    })),
    ...Array.from({ length: 10 }, (_, index) => ({ lat: -46.32 + index * 0.001, lng: -139.225 })),
    { lat: -46.8, lng: -139.85 },
  ];
  let timestamp = Date.now();
  for (const [index, place] of places.entries()) {
    await insertTestListing(data, owner.id, {
      name: `${word} Home ${index + 1}`,
      ...place,
      timestamp: ++timestamp,
      photos: 0,
    });
  }
  // A wide screen shows the map beside the list (map.spec.ts: the phone's List / Map switch).
  await page.goto(`/search?q=${word}&view=map&bbox=-140,-47,-139,-46`);
  const map = page.locator(".leaflet-container");
  await expect(map).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("31 homes");
  // Two clusters and one lone home: three points, not 31 markers.
  const cluster20 = page.getByRole("button", { name: "20 homes: zoom in" });
  await expect(cluster20).toBeVisible();
  await expect(page.getByRole("button", { name: "10 homes: zoom in" })).toBeVisible();
  await expect(page.locator(".leaflet-marker-icon")).toHaveCount(3);

  // A cluster's click zooms to its homes: the area in the URL shrinks, the list and the markers follow.
  const before = page.url();
  await cluster20.click();
  await expect(page).not.toHaveURL(before);
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("20 homes");
  await expect(cluster20).toHaveCount(0);
  await expect.poll(() => page.locator(".leaflet-marker-icon").count()).toBeGreaterThan(3);

  // Panning away updates the results for the new area.
  const box = (await map.boundingBox())!;
  const zoomed = page.url();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 250, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page).not.toHaveURL(zoomed);
  await expect(page.getByRole("status").filter({ hasText: "home" })).not.toHaveText("20 homes");

  // A marker's click shows the home's card.
  await page.goto(`/search?q=${word}&view=map&bbox=-140,-47,-139,-46`);
  await page
    .locator(".leaflet-marker-icon")
    .and(page.getByRole("button", { name: new RegExp(`${word} Home 31`) }))
    .click();
  const selected = page.getByRole("region", { name: "Selected on the map" });
  await expect(selected.getByRole("heading", { name: `${word} Home 31` })).toBeVisible();
  await expect(selected.getByRole("link").first()).toHaveAttribute("href", /\/category\/rent\//);
});
