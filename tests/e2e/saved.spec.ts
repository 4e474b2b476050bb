import { test as base, expect, type Page } from "@playwright/test";
import { parseFeed } from "@rowanmanning/feed-parser";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing, userIdByEmail } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";
import { waitForMail } from "#tests/support/smtp-server.ts";

/**
 * Saved homes: the heart on cards and on the listing page, a visitor sent to sign in and back with the home
 * saved, /saved newest first with a removed home kept; saved searches, their alert e-mail and unsubscribe;
 * the Atom feeds.
 */
const test = base.extend<object, { data: AppData }>({
  data: appDataFixture,
});

// Newer than the listings of the other spec files' ordinary tests, but behind browse.spec's (2200), whose Explore
// test expects its own listings first; the category page below is narrowed to this test's homes anyway.
let clock = Date.UTC(2100, 0, 1) + Date.now() * 10;
function later() {
  clock += 1000;
  return clock;
}

async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

/** Presses Save this search and answers how often to be e-mailed. */
async function saveThisSearch(page: Page, frequency: "Instant" | "Daily" | "Weekly") {
  await page.getByRole("main").getByText("Save this search", { exact: true }).click();
  await page
    .getByRole("group", { name: "E-mail me new matches" })
    .getByRole("button", { name: frequency })
    .click();
}

test("a visitor saves a home, signs in, comes back with it saved; /saved lists it; unsave", async ({
  page,
  data,
}) => {
  const owner = await createUser(data.db);
  const name = `Saved cottage ${Date.now()}`;
  const listing = await insertTestListing(data, owner.id, { name, timestamp: later() });
  const other = await insertTestListing(data, owner.id, { name: `${name} (gone)`, timestamp: later() });

  // An account exists; this browser is a visitor.
  const account = await createAccount(data, newAccount("Sam Saver"));

  await gotoHydrated(page, `/category/rent/${listing.id}`);
  const save = page.getByRole("main").getByRole("button", { name: "Save", exact: true });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await page.waitForURL(/\/sign-in\?/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`/category/rent/${listing.id}`);
  await expect(page.getByRole("main").getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // On the category page the second home's heart saves it in place (one press), the first shows saved.
  await gotoHydrated(page, `/category/rent?q=${encodeURIComponent(name)}`);
  const heart = page.getByRole("button", { name: `Save: ${other.name}` });
  await heart.click();
  await expect(page.getByRole("button", { name: `Saved: ${other.name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("button", { name: `Saved: ${name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The heart shows Saved at once (optimistic); the server's write lands a moment later.
  const userId = await userIdByEmail(data.db, account.email);
  await expect
    .poll(async () =>
      (await data.db.selectFrom("savedListing").select("listingId").where("userId", "=", userId).execute())
        .map((row) => row.listingId)
        .sort(),
    )
    .toEqual([listing.id, other.id].sort());

  // /saved from the header: newest saved first; a deleted home stays as Removed.
  await data.db.deleteFrom("image").where("listingId", "=", other.id).execute();
  await data.db.deleteFrom("listing").where("id", "=", other.id).execute();
  await page.getByRole("banner").getByRole("link", { name: "Saved" }).click();
  await page.waitForURL("/saved");
  await expect(page.getByRole("heading", { level: 1, name: "Saved homes" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(other.name);
  await expect(cards.first()).toContainText("Removed");
  await expect(cards.nth(1)).toContainText(name);

  // Unsave from /saved: the home leaves the list, and stays gone after a reload.
  await page.getByRole("button", { name: `Saved: ${name}`, exact: true }).click();
  await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("main").getByText(name, { exact: true })).toHaveCount(0);
});

test("without JavaScript the heart is a form that saves and comes back", async ({ browser, data }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const account = await signedIn(data, page, newAccount("No Script"));
  const owner = await createUser(data.db);
  const listing = await insertTestListing(data, owner.id, { name: `Plain form home ${Date.now()}` });
  await page.goto(`/category/rent/${listing.id}`);
  await page.getByRole("main").getByRole("button", { name: "Save", exact: true }).click();
  await page.waitForURL(`/category/rent/${listing.id}`);
  await expect(page.getByRole("main").getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const userId = await userIdByEmail(data.db, account.email);
  const rows = await data.db.selectFrom("savedListing").selectAll().where("userId", "=", userId).execute();
  expect(rows.map((row) => row.listingId)).toEqual([listing.id]);
  await context.close();
});

test("save a search, a matching home is published, the alert arrives with a working unsubscribe; feeds", {
  tag: "@smoke",
}, async ({ page, request, data }) => {
  // Waits for the background alert job (every 2 s here) and its e-mail, on top of the feeds.
  test.setTimeout(180_000);
  // Alerts take a verified address (signedIn's accounts are).
  const account = await signedIn(data, page, newAccount("Alex Alert"));
  await gotoHydrated(page, "/category/sale");
  await saveThisSearch(page, "Instant");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Search saved" })).toBeVisible();
  await page.goto("/profile");
  const searches = page.getByRole("region", { name: "Saved searches" });
  await expect(searches.getByText("For sale", { exact: true })).toBeVisible();
  await expect(searches.getByRole("link", { name: "Run this search" })).toHaveAttribute(
    "href",
    "/search?type=sale",
  );
  await expect(searches.getByLabel("Alerts for For sale")).toHaveValue("instant");

  // Another user publishes a home for sale.
  const owner = await createUser(data.db);
  const name = `Alerted villa ${Date.now()}`;
  const listing = await insertTestListing(data, owner.id, {
    name,
    type: "sale",
    regularPrice: 450000,
    timestamp: Date.now(),
  });
  const mail = await waitForMail(account.email, { subject: "new home", timeout: 25_000 });
  expect(mail.text).toContain(`${name}, $450,000`);
  expect(mail.links.some((link) => link.endsWith(`/category/sale/${listing.id}`))).toBe(true);
  expect(mail.html).toContain("<img");
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
  expect(mail.links).toContain(unsubscribe);

  // The link: a page that asks, then turns off that search, without signing in.
  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(unsubscribe);
  await expect(visitorPage.getByText("Stop e-mails about new homes for your saved search")).toBeVisible();
  await visitorPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitorPage.getByRole("status").filter({ hasText: "You are unsubscribed" })).toBeVisible();
  // A forged token changes nothing and says so.
  await visitorPage.goto(`${unsubscribe}x`);
  await expect(visitorPage.getByRole("alert")).toHaveText(
    "This unsubscribe link is not valid. Nothing was changed.",
  );
  await visitor.close();
  // RFC 8058's one-click POST answers too (already off now).
  const oneClick = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  await page.goto("/profile");
  await expect(searches.getByLabel("Alerts for For sale")).toHaveValue("off");

  // Delete from Profile.
  await searches.getByRole("button", { name: "Delete For sale" }).click();
  await expect(searches.getByText("No saved searches yet")).toBeVisible();

  // The feeds: announced on the page, valid Atom (read by a feed parser) with the new home. Other tests add
  // homes for sale at the same time, so the new one is looked for in its search's own feed.
  await page.goto("/category/sale");
  const href = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
  expect(href).toBe("/feed.atom?type=sale");
  const feed = await request.get(`${href}&q=${encodeURIComponent(name)}`);
  expect(feed.headers()["content-type"]).toContain("application/atom+xml");
  const parsed = parseFeed(await feed.text());
  expect(parsed.meta).toMatchObject({ type: "atom", version: "1.0" });
  expect(parsed.items.map((item) => item.title)).toEqual([`${name}, $450,000`]);
  await page.goto("/offers");
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/feed.atom?offer=1",
  );
});

test("a search on the map saved from /search keeps its words, price and area; its feed follows the same filters", async ({
  page,
  request,
  data,
}) => {
  await signedIn(data, page, newAccount("Mia Map"));
  const owner = await createUser(data.db);
  const word = `mapsaved${Date.now()}`;
  // One home inside the area, one outside it: the feed (like the alert) must tell them apart.
  await insertTestListing(data, owner.id, {
    name: `${word} inside`,
    lat: 48.2,
    lng: 16.4,
    regularPrice: 900,
  });
  await insertTestListing(data, owner.id, {
    name: `${word} outside`,
    lat: 52.5,
    lng: 13.4,
    regularPrice: 900,
  });
  const search = `/search?q=${word}&maxPrice=1000&view=map&bbox=16,48,17,49`;
  await gotoHydrated(page, search);

  // The filter bar keeps the map's area when a filter changes.
  await page.getByLabel("Min price ($)").fill("500");
  await page.getByRole("button", { name: "Show homes" }).click();
  await expect(page).toHaveURL(/minPrice=500/);
  expect(new URL(page.url()).searchParams.get("bbox")).toBe("16,48,17,49");

  const href = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
  expect(href).toBe(`/feed.atom?q=${word}&minPrice=500&maxPrice=1000&bbox=16%2C48%2C17%2C49`);
  const feed = parseFeed(await (await request.get(href!)).text());
  expect(feed.items.map((item) => item.title)).toEqual([`${word} inside, $900 / Month`]);

  await saveThisSearch(page, "Instant");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Search saved" })).toBeVisible();
  await page.goto("/profile");
  const searches = page.getByRole("region", { name: "Saved searches" });
  await expect(
    searches.getByText(`Rent or sale · “${word}” · $500 to $1,000 · in a map area`, { exact: true }),
  ).toBeVisible();
  await expect(searches.getByRole("link", { name: "Run this search" })).toHaveAttribute(
    "href",
    `/search?q=${word}&minPrice=500&maxPrice=1000&bbox=16%2C48%2C17%2C49`,
  );
});

test("/saved sets how often saved homes' news is e-mailed", async ({ page, data }) => {
  const account = await signedIn(data, page, newAccount("Wes Weekly"));
  await gotoHydrated(page, "/saved");
  const often = page.getByLabel("E-mail me when a saved home gets cheaper, is let or sold");
  await expect(often).toHaveValue("instant");
  await often.selectOption({ label: "Weekly" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("E-mails about your saved homes updated")).toBeVisible();
  await page.reload();
  await expect(often).toHaveValue("weekly");
  const userId = await userIdByEmail(data.db, account.email);
  const row = await data.db
    .selectFrom("savedHomeAlert")
    .select("frequency")
    .where("userId", "=", userId)
    .executeTakeFirst();
  expect(row?.frequency).toBe("weekly");
});

test("Save this search asks how often, then says Search saved with the way to manage it", async ({
  page,
  data,
}) => {
  await signedIn(data, page, newAccount("Fran Frequency"));
  const word = `daily${Date.now()}`;
  await gotoHydrated(page, `/search?q=${word}&type=rent`);
  await saveThisSearch(page, "Daily");
  const status = page.getByRole("main").getByRole("status").filter({ hasText: "Search saved" });
  await expect(status).toBeVisible();
  await expect(page).toHaveURL(`/search?q=${word}&type=rent`);
  await status.getByRole("link", { name: "Manage saved searches" }).click();
  await expect(page).toHaveURL("/profile#saved-searches");
  const searches = page.getByRole("region", { name: "Saved searches" });
  await expect(searches.getByLabel(`Alerts for For rent · “${word}”`)).toHaveValue("daily");
});

test("a visitor who saves a search signs in and comes back to the list with it saved", async ({
  page,
  data,
}) => {
  const account = await createAccount(data, newAccount("Vic Visitor"));

  const word = `weekly${Date.now()}`;
  await gotoHydrated(page, `/search?q=${word}`);
  await saveThisSearch(page, "Weekly");
  await page.waitForURL(/\/sign-in\?/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`/search?q=${word}`);
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Search saved" })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Search saved" })).toBeVisible();
  const userId = await userIdByEmail(data.db, account.email);
  const rows = await data.db
    .selectFrom("savedSearch")
    .select(["query", "frequency"])
    .where("userId", "=", userId)
    .execute();
  expect(rows).toEqual([{ query: `q=${word}`, frequency: "weekly" }]);
});

test("a link from elsewhere to save a search saves nothing", async ({ page, data, baseURL }) => {
  const account = await signedIn(data, page, newAccount("Lin Link"));
  const word = `forged${Date.now()}`;
  const pending = new URLSearchParams({
    intent: "save",
    query: `q=${word}`,
    redirectTo: `/search?q=${word}`,
  });
  // A page on another site links to the address that saves a search after signing in.
  const link = `${baseURL}/saved-searches?${pending}`;
  await page.route("http://elsewhere.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<a href="${link.replaceAll("&", "&amp;")}">Win</a>` }),
  );
  await page.goto("http://elsewhere.test/");
  await page.getByRole("link", { name: "Win" }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole("main").getByText("Save this search", { exact: true })).toBeVisible();
  const userId = await userIdByEmail(data.db, account.email);
  const rows = await data.db.selectFrom("savedSearch").select("id").where("userId", "=", userId).execute();
  expect(rows).toEqual([]);
});
