import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import {
  type AppData,
  appDataFixture,
  insertTestListing,
  type TestListing,
} from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";
import { fetchTileStats } from "#tests/support/tile-server.ts";

/**
 * The visitor side: Explore → categories and offers with Load More, a listing's page (photos, facts, share,
 * map, Contact Landlord, SEO tags), the contact page, the sitemap and 404s (the lists' empty states are in
 * accessibility.spec.ts, on its empty app instance).
 *
 * Other spec files share the app and add listings at the current time. Listings made here are dated in the
 * future, each newer than the last, so they head their lists; the tests of this file run in order in one
 * worker so that no two of them race for the top of the same list.
 */
const test = base.extend<object, { data: AppData }>({
  data: appDataFixture,
});
test.describe.configure({ mode: "default" });

/** Screenshots for a human to look at: test-results/screenshots/ unless `--output` says otherwise. */
function screenshotPath(name: string) {
  const folder = path.join(test.info().project.outputDir, "screenshots");
  mkdirSync(folder, { recursive: true });
  return path.join(folder, `${name}.png`);
}

// Far enough ahead of any real listing, and ahead of earlier runs on a reused database.
let clock = Date.UTC(2200, 0, 1) + Date.now() * 10;
/** A timestamp newer than every listing made so far. */
function later() {
  clock += 1000;
  return clock;
}

/** The listing pages the visible cards link to, top to bottom. */
async function cardPaths(page: Page) {
  return page
    .getByRole("main")
    .getByRole("list")
    .first()
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

/**
 * Opens `path` and waits until React has hydrated the page: a click that lands earlier finds no handler (a
 * link then does a full page load instead of Load More, a button does nothing).
 */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

function toast(page: Page, text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Collects what the page logs as an error (hydration mismatches, CSP refusals, exceptions). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

test("Explore leads to both categories, each with its header and newest listings first", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  const rent = await insertTestListing(data, owner.id, { name: "Explore rent cottage", timestamp: later() });
  const sale = await insertTestListing(data, owner.id, {
    type: "sale",
    name: "Explore sale townhouse",
    regularPrice: 450_000,
    bedrooms: 1,
    bathrooms: 3,
    timestamp: later(),
  });

  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  // What the site is, the search box's slot, SPEC's Categories, and the newest listings with their covers.
  await expect(page.getByText("lists homes for rent and for sale, straight from their owners")).toBeVisible();
  const search = page.getByRole("search");
  await expect(search.getByRole("searchbox", { name: "Search by city or address" })).toHaveAttribute(
    "name",
    "q",
  );
  await expect(search.locator("form")).toHaveAttribute("action", "/search");
  await expect(page.getByRole("heading", { name: "Categories" })).toBeVisible();
  const recommended = page.getByRole("region", { name: "Recommended" });
  await expect(recommended.getByRole("heading", { level: 3 }).first()).toHaveText(sale.name);
  await expect(recommended.getByRole("heading", { level: 3 }).nth(1)).toHaveText(rent.name);
  await expect(recommended.getByRole("img", { name: sale.name })).toHaveJSProperty("complete", true);
  // Every photo has its size before it arrives: nothing moves while they load.
  for (const image of await page.getByRole("main").locator("img").all()) {
    expect(await image.getAttribute("width")).toBeTruthy();
    expect(await image.getAttribute("height")).toBeTruthy();
  }
  await page.getByRole("link", { name: "Places for rent" }).click();
  await expect(page).toHaveURL("/category/rent");
  await expect(page.getByRole("heading", { level: 1, name: "Places for rent" })).toBeVisible();
  await expect(page).toHaveTitle("Places for rent · Homestead");
  const rentCard = page.getByRole("listitem").filter({ hasText: rent.name });
  await expect(rentCard).toContainText("12 Rue de Rivoli, Paris, France");
  await expect(rentCard).toContainText("$1,500 / Month");
  await expect(rentCard).toContainText("2 Bedrooms");
  await expect(rentCard).toContainText("1 Bathroom");
  await expect(rentCard.getByRole("img", { name: rent.name })).toHaveJSProperty("complete", true);
  expect((await cardPaths(page))[0]).toBe(`/category/rent/${rent.id}`);
  // Nobody supplied handlers on a category page, so there are no delete or edit icons.
  await expect(page.getByRole("button", { name: /^(Delete|Edit) / })).toHaveCount(0);
  // The map's code is for the detail page only.
  expect(scripts.filter((script) => /listing-map/.test(script))).toEqual([]);

  await page.goto("/");
  await page.getByRole("link", { name: "Places for sale" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Places for sale" })).toBeVisible();
  const saleCard = page.getByRole("listitem").filter({ hasText: sale.name });
  await expect(saleCard).toContainText("$450,000");
  await expect(saleCard).not.toContainText("/ Month");
  await expect(saleCard).toContainText("1 Bedroom");
  await expect(saleCard).toContainText("3 Bathrooms");
  await saleCard.getByRole("link").click();
  await expect(page).toHaveURL(`/category/sale/${sale.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore sale townhouse - $450,000");
});

test("Explore's category tiles show fixed pictures of their own, not the newest listing's cover", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  await insertTestListing(data, owner.id, { name: "Tile rent flat", timestamp: later() });
  await insertTestListing(data, owner.id, { name: "Tile sale house", type: "sale", timestamp: later() });

  /** Each tile's picture as the browser loaded it, once it has loaded. */
  async function tilePictures() {
    const pictures: Record<string, string> = {};
    for (const [type, name] of [
      ["rent", "Places for rent"],
      ["sale", "Places for sale"],
    ] as const) {
      const picture = page.getByRole("link", { name, exact: true }).locator("img");
      await expect(picture).toHaveJSProperty("complete", true);
      expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      // Not a listing's photo (those are served from /images/), in any of the widths offered.
      expect(await picture.getAttribute("src")).not.toContain("/images/");
      expect(await picture.getAttribute("srcset")).not.toContain("/images/");
      const source = await picture.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
      expect(source).toMatch(new RegExp(`^/assets/explore-${type}-\\d+`));
      pictures[type] = source;
    }
    return pictures;
  }

  await page.goto("/");
  await expect(
    page.getByRole("region", { name: "Recommended" }).getByRole("heading", { level: 3 }).first(),
  ).toHaveText("Tile sale house");
  const before = await tilePictures();
  // A newer listing of each type changes nothing.
  await insertTestListing(data, owner.id, { name: "Tile newer flat", timestamp: later() });
  await insertTestListing(data, owner.id, { name: "Tile newer house", type: "sale", timestamp: later() });
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Recommended" }).getByRole("heading", { level: 3 }).first(),
  ).toHaveText("Tile newer house");
  expect(await tilePictures()).toEqual(before);
});

test("Load More pages through a category 10 at a time: newest first, none repeated, none missed", async ({
  page,
  data,
}) => {
  test.slow(); // 23 listings, three pages and two screenshots
  const owner = await createUser(data.db);
  const mine: TestListing[] = [];
  for (let i = 1; i <= 23; i++) {
    mine.push(
      await insertTestListing(data, owner.id, {
        type: "sale",
        name: `Paged sale home ${String(i).padStart(2, "0")}`,
        regularPrice: 100_000 + i,
        timestamp: later(),
      }),
    );
  }
  const newestFirst = mine.reverse().map((listing) => `/category/sale/${listing.id}`);
  const before = await saleIds(data);

  await gotoHydrated(page, "/category/sale");
  await expect.poll(() => cardPaths(page)).toHaveLength(10);
  const loadMore = page.getByRole("link", { name: "Load More" });
  let shown = 10;
  while (await loadMore.isVisible()) {
    await loadMore.click();
    // Appended in place: the page stays, the list grows by up to 10.
    await expect.poll(async () => (await cardPaths(page)).length).toBeGreaterThan(shown);
    const count = (await cardPaths(page)).length;
    expect(count - shown).toBeLessThanOrEqual(10);
    shown = count;
    await expect(page).toHaveURL("/category/sale");
  }
  const paths = await cardPaths(page);
  expect(paths.slice(0, 23)).toEqual(newestFirst);
  expect(new Set(paths).size).toBe(paths.length);
  // Every sale listing that existed throughout (others may be added or deleted meanwhile) was shown.
  const stillThere = new Set(await saleIds(data));
  const expected = before.filter((id) => stillThere.has(id)).map((id) => `/category/sale/${id}`);
  expect(paths).toEqual(expect.arrayContaining(expected));
  await expect(loadMore).toHaveCount(0);

  await page.goto("/category/sale");
  await expect(page.getByRole("img", { name: "Paged sale home 23" })).toHaveJSProperty("complete", true);
  // The same URL again: React Router restores the scroll position of the bottom of the list.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath("category-desktop") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath("category-mobile") });
  await expectNoAxeViolations(page);
});

test("Load More works without JavaScript as a link to the next page", async ({ browser, data, baseURL }) => {
  const owner = await createUser(data.db);
  const listings: TestListing[] = [];
  for (let i = 1; i <= 11; i++) {
    listings.push(
      await insertTestListing(data, owner.id, {
        type: "sale",
        name: `No-JS sale home ${i}`,
        timestamp: later(),
      }),
    );
  }
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/category/sale");
  await expect.poll(() => cardPaths(page)).toHaveLength(10);
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page).toHaveURL(/\/category\/sale\?cursor=/);
  // The oldest of the eleven opens the second page.
  expect((await cardPaths(page))[0]).toBe(`/category/sale/${listings[0]!.id}`);
  await context.close();
});

test("a failed Load More says Could not fetch listings and can be retried", async ({ page, data }) => {
  const owner = await createUser(data.db);
  for (let i = 1; i <= 11; i++) {
    await insertTestListing(data, owner.id, {
      type: "sale",
      name: `Retry sale home ${i}`,
      timestamp: later(),
    });
  }
  await gotoHydrated(page, "/category/sale");
  await expect.poll(() => cardPaths(page)).toHaveLength(10);
  await page.route("**/category/sale.data**", (route) => route.abort("connectionfailed"));
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(toast(page, "Could not fetch listings")).toBeVisible();
  expect(await cardPaths(page)).toHaveLength(10);

  await page.unroute("**/category/sale.data**");
  await page.getByRole("link", { name: "Load More" }).click();
  await expect.poll(async () => (await cardPaths(page)).length).toBeGreaterThan(10);
});

test("a Load More answered 500 keeps the cards and says so, with Retry beside Load More", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  const word = `servererror${Date.now()}`;
  for (let i = 1; i <= 11; i++) {
    await insertTestListing(data, owner.id, { type: "rent", name: `${word} home ${i}`, timestamp: later() });
  }
  await gotoHydrated(page, `/category/rent?q=${word}`);
  await expect.poll(() => cardPaths(page)).toHaveLength(10);
  // The next page's data request fails once with a server error, as a proxy's 502 or a crash would.
  let failures = 0;
  await page.route(
    "**/category/rent.data?**",
    (route) => {
      failures++;
      return route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
    },
    { times: 1 },
  );
  await page.getByRole("link", { name: "Load More" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Could not fetch listings");
  await expect(toast(page, "Could not fetch listings")).toBeVisible();
  expect(failures).toBe(1);
  expect(await cardPaths(page)).toHaveLength(10);
  await expect(page.getByRole("link", { name: "Load More" })).toBeVisible();

  await page.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => cardPaths(page)).toHaveLength(11);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("a failed first page says Could not fetch listings", async ({ page }) => {
  await gotoHydrated(page, "/");
  // Only the list's own data request fails (the root's, fetched separately, still answers).
  await page.route(
    (url) => url.pathname === "/category/rent.data" && url.searchParams.get("_routes") === "routes/category",
    (route) => route.abort("connectionfailed"),
  );
  await page.getByRole("link", { name: "Places for rent" }).click();
  await expect(toast(page, "Could not fetch listings")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Places for rent" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Could not fetch listings" })).toBeVisible();
});

test("Offers lists listings with an offer at their discounted price", async ({ page, data }) => {
  const owner = await createUser(data.db);
  const plain = await insertTestListing(data, owner.id, { name: "Not an offer flat", timestamp: later() });
  const rentOffer = await insertTestListing(data, owner.id, {
    name: "Offer loft by the canal",
    offer: true,
    regularPrice: 2500,
    discountedPrice: 2250,
    timestamp: later(),
  });
  const saleOffer = await insertTestListing(data, owner.id, {
    type: "sale",
    name: "Offer villa with garden",
    offer: true,
    regularPrice: 1_250_000,
    discountedPrice: 1_200_000,
    timestamp: later(),
  });

  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Offers" }).click();
  await expect(page).toHaveURL("/offers");
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  const paths = await cardPaths(page);
  expect(paths.slice(0, 2)).toEqual([`/category/sale/${saleOffer.id}`, `/category/rent/${rentOffer.id}`]);
  expect(paths).not.toContain(`/category/rent/${plain.id}`);
  await expect(page.getByRole("listitem").filter({ hasText: saleOffer.name })).toContainText("$1,200,000");
  const rentOfferCard = page.getByRole("listitem").filter({ hasText: rentOffer.name });
  await expect(rentOfferCard).toContainText("$2,250 / Month");
  // The regular price, struck through beside the offer's.
  await expect(rentOfferCard.locator("del")).toHaveText("$2,500");
  await expect(page.getByRole("listitem").filter({ hasText: plain.name })).toHaveCount(0);
});

test("a listing's page shows every fact, photos, share and the map", async ({ page, context, data }) => {
  const owner = await createUser(data.db, { name: "Grace Hopper" });
  const listing = await insertTestListing(data, owner.id, {
    name: "Canal house with a view",
    location: "Prinsengracht 263, Amsterdam, Netherlands",
    bedrooms: 3,
    bathrooms: 1,
    parking: true,
    furnished: "furnished" as const,
    offer: true,
    regularPrice: 2_350,
    discountedPrice: 2_300,
    lat: 52.3752,
    lng: 4.884,
    photos: 3,
    timestamp: later(),
  });
  test.slow(); // waits out Link Copied!, loads the map twice, two screenshots and an accessibility scan
  const errors = collectErrors(page);
  const tilesBefore = (await fetchTileStats()).requests;
  const tileRequest = page.waitForRequest((request) => request.url().startsWith(new URL(tileBase()).origin));

  await gotoHydrated(page, `/category/rent/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Canal house with a view - $2,300 / Month",
  );
  await expect(page).toHaveTitle("Canal house with a view - $2,300 / Month · Homestead");
  const main = page.getByRole("main");
  await expect(main.getByText("Prinsengracht 263, Amsterdam, Netherlands").first()).toBeVisible();
  await expect(main.getByText("For Rent", { exact: true })).toBeVisible();
  await expect(main.getByText("$50 discount", { exact: true })).toBeVisible();
  const features = page.getByRole("list", { name: "Features" });
  await expect(features.getByRole("listitem")).toHaveText([
    "3 Bedrooms",
    "1 Bathroom",
    "Parking Spot",
    "Furnished",
  ]);
  // The lister by name, never by e-mail; price and "/ Month" on one line; no owner's actions for a visitor.
  await expect(main.getByText("Listed by Grace Hopper")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).getByText("$2,300 / Month")).toHaveCSS(
    "white-space",
    "nowrap",
  );
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  // The owner is a stranger to this visitor: Contact Landlord is offered.
  await expect(page.getByRole("link", { name: "Contact Landlord" })).toHaveAttribute(
    "href",
    `/contact/${owner.id}?listingName=Canal%20house%20with%20a%20view&listingId=${listing.id}`,
  );

  // Photos: three slides, previous/next buttons and a counter.
  const slider = page.getByRole("region", { name: "Photos of Canal house with a view" });
  await expect(slider.getByRole("img")).toHaveCount(3);
  await expect(slider.getByRole("img").first()).toHaveJSProperty("complete", true);
  await expect(slider.getByText("1 / 3")).toBeVisible();
  await slider.getByRole("button", { name: "Next photo" }).click();
  await expect(slider.getByText("2 / 3")).toBeVisible();
  await slider.getByRole("button", { name: "Previous photo" }).click();
  await expect(slider.getByText("1 / 3")).toBeVisible();
  // Wide screens have thumbnails; a photo is shown whole, in a frame of the cover's shape.
  await page.getByRole("list", { name: "Thumbnails" }).getByRole("button", { name: "Show photo 3" }).click();
  await expect(slider.getByText("3 / 3")).toBeVisible();
  await expect(slider.getByRole("img").first()).toHaveCSS("object-fit", "contain");

  // Share copies the page URL and says so for 2 seconds.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(page.url()).origin,
  });
  await page.getByRole("button", { name: "Share" }).click();
  const copied = page.getByText("Link Copied!");
  await expect(copied).toBeVisible();
  const shownAt = Date.now();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(copied).toBeHidden({ timeout: 4000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1500);

  // The map: tiles from the loopback tile server, a marker whose popup shows the location.
  // The map sits after the details and loads as it nears the screen: the visitor scrolls down to it.
  const marker = page.getByRole("button", { name: "Map marker: Prinsengracht 263, Amsterdam, Netherlands" });
  await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
  await marker.scrollIntoViewIfNeeded();
  await expect(marker).toBeVisible();
  expect(await marker.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await tileRequest;
  await expect.poll(async () => (await fetchTileStats()).requests).toBeGreaterThan(tilesBefore);
  const tiles = Object.keys((await fetchTileStats()).tiles);
  expect(tiles.some((tile) => tile.startsWith("13/"))).toBe(true);
  await marker.click();
  await expect(page.locator(".leaflet-popup-content")).toHaveText(
    "Prinsengracht 263, Amsterdam, Netherlands",
  );

  expect(errors).toEqual([]);
  await page.screenshot({ path: screenshotPath("listing-desktop"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/category/rent/${listing.id}`);
  // The map loads as it nears the screen: on a phone it is below the listing's facts.
  await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
  await marker.scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-tile-loaded").first()).toBeVisible();
  await page.screenshot({ path: screenshotPath("listing-mobile"), fullPage: true });
  await expectNoAxeViolations(page);
});

test("the singular counts and a sale without an offer read right", async ({ page, data }) => {
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, {
    type: "sale",
    name: "Small studio for one",
    bedrooms: 1,
    bathrooms: 2,
    parking: false,
    furnished: "unfurnished" as const,
    regularPrice: 1_234_567,
    timestamp: later(),
  });
  await page.goto(`/category/sale/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Small studio for one - $1,234,567");
  await expect(page.getByRole("main").getByText("For Sale", { exact: true })).toBeVisible();
  await expect(page.getByText(/discount/)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveText([
    "1 Bedroom",
    "2 Bathrooms",
  ]);
  // A link with the wrong type in its URL goes to the listing's real page.
  await page.goto(`/category/rent/${listing.id}`);
  await expect(page).toHaveURL(`/category/sale/${listing.id}`);
});

test("a listing's page carries its title, description, Open Graph, canonical and JSON-LD", async ({
  page,
  request,
  data,
  baseURL,
}) => {
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, {
    name: "Tagged flat </script>",
    timestamp: later(),
  });
  const url = `${baseURL}/category/rent/${listing.id}`;
  const html = await (await request.get(url)).text();
  expect(html).not.toContain(owner.email);
  // Leaflet (with the map component that imports it) is loaded on demand in the browser, never announced to the
  // first load; the small placeholder that loads it is a chunk of its own, shared with the agency page.
  expect(html).not.toMatch(/listing-map\.client|leaflet/);

  await page.goto(url);
  const head = page.locator("head");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "For Rent: 2 Bedrooms, 1 Bathroom, Furnished in 12 Rue de Rivoli, Paris, France. $1,500 / Month.",
  );
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Tagged flat </script> - $1,500 / Month",
  );
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const image = await head.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`^${baseURL}/images/.+-1600\\.webp$`));
  expect((await request.get(image!)).headers()["content-type"]).toBe("image/webp");

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
  expect(jsonLd).toMatchObject({
    "@type": "RealEstateListing",
    name: "Tagged flat </script>",
    url,
    offers: { price: 1500, priceCurrency: "USD" },
  });
});

test("Contact Landlord is hidden from the owner and leads others, via sign-in, to the contact page", async ({
  page,
  browser,
  data,
  baseURL,
}) => {
  test.slow(); // a sign-in through the screens, and pages of two people
  const { id: ownerId } = await signedIn(data, page, newAccount("Olivia Owner"));
  const listing = await insertTestListing(data, ownerId, { name: "Loft & garden #2", timestamp: later() });
  const listingUrl = `/category/rent/${listing.id}`;

  await page.goto(listingUrl);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);

  // A visitor (signed out) sees the link; the contact page sends them to sign in and back.
  const visitor = await browser.newPage({ baseURL });
  const visitorAccount = await createAccount(data, newAccount("Victor Visitor"));
  await gotoHydrated(visitor, listingUrl);
  await visitor.getByRole("link", { name: "Contact Landlord" }).click();
  await expect(visitor).toHaveURL(/\/sign-in\?redirectTo=/);
  await visitor.getByLabel("Email").fill(visitorAccount.email);
  await visitor.getByLabel("Password", { exact: true }).fill(visitorAccount.password);
  await visitor.getByRole("button", { name: "Sign In" }).click();
  await expect(visitor).toHaveURL(
    (url) =>
      url.pathname === `/contact/${ownerId}` && url.searchParams.get("listingName") === "Loft & garden #2",
  );
  await expect(visitor.getByRole("heading", { level: 1, name: "Contact Olivia Owner" })).toBeVisible();
  await visitor.close();
});

test("the contact page's Send Message opens a mailto to the landlord with the listing name and message", async ({
  page,
  data,
}) => {
  test.slow(); // two screenshots and an accessibility scan
  const errors = collectErrors(page);
  const owner = await createUser(data.db, { name: "Olivia Owner" });
  const listing = await insertTestListing(data, owner.id, { name: "Loft & garden #2", timestamp: later() });
  await signedIn(data, page, newAccount("Victor Visitor"));
  await gotoHydrated(page, `/contact/${owner.id}?listingName=Loft%20%26%20garden%20%232`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Olivia Owner" })).toBeVisible();

  const message = "Hello! Is it still free?\nI'd visit on Monday & pay 10% + fees.";
  await page.getByLabel("Message").fill(message);
  const href = await page.getByRole("link", { name: "Send Message" }).getAttribute("href");
  const mailto = new URL(href!);
  expect(mailto.protocol).toBe("mailto:");
  expect(mailto.pathname).toBe(owner.email);
  expect(mailto.searchParams.get("subject")).toBe("Loft & garden #2");
  expect(mailto.searchParams.get("body")).toBe(message);
  expect(href).toBe(
    `mailto:${owner.email}?subject=Loft%20%26%20garden%20%232&body=Hello!%20Is%20it%20still%20free%3F%0AI'd%20visit%20on%20Monday%20%26%20pay%2010%25%20%2B%20fees.`,
  );
  expect(errors).toEqual([]);
  await page.screenshot({ path: screenshotPath("contact-desktop") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath("contact-mobile") });
  await expectNoAxeViolations(page);

  // The landlord's address is on the contact page only: never in the listing page or its data.
  const listingUrl = `/category/rent/${listing.id}`;
  await gotoHydrated(page, listingUrl);
  expect(await page.content()).not.toContain(owner.email);
  const routeData = await page.request.get(`${listingUrl}.data`);
  expect(await routeData.text()).not.toContain(owner.email);
});

test("the contact page of an unknown landlord says Could not get landlord data", async ({ page, data }) => {
  await signedIn(data, page);
  const response = await page.goto("/contact/no-such-user?listingName=Nothing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert").filter({ hasText: "Could not get landlord data" })).toBeVisible();
  await expect(toast(page, "Could not get landlord data")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send Message" })).toHaveCount(0);
  await expect(page.getByLabel("Message")).toHaveCount(0);
});

test("unknown categories and listings are 404s", async ({ page }) => {
  const category = await page.goto("/category/houses");
  expect(category?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  const listing = await page.goto("/category/rent/no-such-listing");
  expect(listing?.status()).toBe(404);
  await expect(page.getByText("Listing does not exist").first()).toBeVisible();
  // The error page keeps the site's header and offers the way on.
  await expect(page.getByRole("banner").getByRole("link", { name: "Homestead" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Explore" }).click();
  await expect(page).toHaveURL("/");
});

test("the sitemap index leads to the public pages and every listing, with absolute URLs", async ({
  request,
  data,
  baseURL,
}) => {
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, {
    type: "sale",
    name: "Sitemap bungalow",
    timestamp: later(),
  });
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(files.at(-1)).toBe(`${baseURL}/sitemap-${files.length}.xml`);
  // The newest listing and the site's own pages are in the last file.
  const response = await request.get(files.at(-1)!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  for (const path of ["/", "/offers", "/category/rent", "/category/sale"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).toContain(
    `<url><loc>${baseURL}/category/sale/${listing.id}</loc><lastmod>${new Date(listing.timestamp).toISOString()}</lastmod></url>`,
  );
});

test("offline, a category says Could not fetch listings with Retry, and Retry brings the list", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, { name: "Offline rent loft", timestamp: later() });
  // Explore fetches the categories' code ahead; then the network drops.
  const categoryCode = page.waitForResponse((response) => /\/assets\/category-/.test(response.url()));
  await gotoHydrated(page, "/");
  await categoryCode;
  // The toasts' code loads once the page is idle: the connection drops after the page has fully loaded.
  await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
  await page.context().setOffline(true);
  await page.getByRole("link", { name: "Places for rent" }).click();
  // The page, its header and the bar stay; the list says what failed, as a toast and in place, with Retry.
  await expect(page.getByRole("heading", { level: 1, name: "Places for rent" })).toBeVisible();
  await expect(toast(page, "Could not fetch listings")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Could not fetch listings" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  const retry = page.getByRole("button", { name: "Retry" });
  await page.context().setOffline(false);
  await retry.click();
  await expect(page.getByRole("heading", { name: listing.name })).toBeVisible();
  await expect(retry).toHaveCount(0);

  // A page without a list of its own to fall back on gets the error page, with Retry and the way to Explore.
  // (Its code came while the pointer rested on the card; without it the browser's own offline page shows.)
  const card = page.getByRole("link", { name: new RegExp(listing.name) });
  const listingCode = page.waitForResponse((response) =>
    /\/assets\/listing-[\w-]+\.js$/.test(response.url()),
  );
  await card.hover();
  await listingCode;
  await page.context().setOffline(true);
  await card.click();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Explore" })).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(listing.name);
});

test("Back from a listing returns to the list as it was, Load More pages included", async ({
  page,
  data,
}) => {
  test.slow(); // 12 listings
  const owner = await createUser(data.db);
  const listings: TestListing[] = [];
  for (let i = 1; i <= 12; i++) {
    listings.push(
      await insertTestListing(data, owner.id, {
        type: "sale",
        name: `Back-link sale home ${String(i).padStart(2, "0")}`,
        timestamp: later(),
      }),
    );
  }
  await gotoHydrated(page, "/category/sale");
  await page.getByRole("link", { name: "Load More" }).click();
  await expect.poll(async () => (await cardPaths(page)).length).toBeGreaterThan(10);
  const shown = await cardPaths(page);
  // The 11th card, below the first page: open it, then go back with the page's own link.
  const eleventh = page.getByRole("main").getByRole("listitem").nth(10);
  await eleventh.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await eleventh.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Back to Places for sale" }).click();
  await expect(page).toHaveURL("/category/sale");
  await expect.poll(() => cardPaths(page)).toEqual(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);

  // Opened directly, the listing's page leads to its category.
  await page.goto(`/category/sale/${listings[0]!.id}`);
  await page.getByRole("link", { name: "Back to Places for sale" }).click();
  await expect(page).toHaveURL("/category/sale");
});

test("the full-screen viewer: arrows, swipe, Escape, the focus kept inside, photo n of m announced", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, {
    name: "Viewer flat with three rooms",
    photos: 3,
    timestamp: later(),
  });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await gotoHydrated(page, `/category/rent/${listing.id}`);
  // Its code loads when it is first opened, not with the page.
  expect(scripts.filter((script) => /photo-viewer/.test(script))).toEqual([]);

  const open = page.getByRole("link", { name: "View full screen" });
  await open.focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog", { name: `Photos of ${listing.name}` });
  await expect(viewer).toBeVisible();
  const status = viewer.getByRole("status");
  await expect(status).toHaveText("Photo 1 of 3");
  await expect(viewer.getByRole("img", { name: listing.name })).toBeVisible();

  await page.keyboard.press("ArrowRight");
  await expect(status).toHaveText("Photo 2 of 3");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(status).toHaveText("Photo 3 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(status).toHaveText("Photo 2 of 3");

  // Tab and Shift+Tab go round the viewer's own buttons and never reach the page behind it.
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }

  // A swipe to the left is the next photo, to the right the previous one.
  const box = (await viewer.getByRole("img").boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(status).toHaveText("Photo 3 of 3");
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 5 });
  await page.mouse.up();
  await expect(status).toHaveText("Photo 2 of 3");

  // Escape closes it, the focus goes back to where it was, and the page shows the photo seen last.
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(open).toBeFocused();
  await expect(
    page.getByRole("region", { name: `Photos of ${listing.name}` }).getByText("2 / 3"),
  ).toBeVisible();

  // A photo itself opens the viewer on that photo; Close closes it.
  await page
    .getByRole("region", { name: `Photos of ${listing.name}` })
    .getByRole("img")
    .nth(1)
    .click();
  await expect(status).toHaveText("Photo 2 of 3");
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
});

async function saleIds(data: AppData) {
  const rows = await data.db.selectFrom("listing").select("id").where("type", "=", "sale").execute();
  return rows.map((row) => row.id);
}

function tileBase() {
  const template = process.env.E2E_TILE_URL;
  if (!template) throw new Error("E2E_TILE_URL unset");
  return template;
}
