import { test as base, devices, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * Listers' statistics as an owner meets them (decision 063): visitors in two browsers open the owner's listing,
 * one of them twice; the owner's page says "2 views this week" (their own looks do not count), and Profile's
 * Your Listings shows the last 30 days. A browser is told apart by its address and user agent, as no cookie is
 * set: the two visitors' browsers are two different ones (Chrome and Firefox), on one machine's address.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
test.describe.configure({ timeout: 180_000 });

const aside = (page: Page) => page.getByRole("complementary", { name: "Price and contact" });

test("the owner sees the views rise once per browser a day", async ({ browser, data }) => {
  const baseURL = process.env.E2E_BASE_URL;
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  const account = await signedIn(data, owner, newAccount("Vera Viewed"));
  const listing = await insertTestListing(data, account.id, { name: "Lighthouse keeper's cottage" });
  const path = `/category/rent/${listing.id}`;

  // The owner's own looks are not views.
  await owner.goto(path);
  await expect(aside(owner).getByText("0 views this week")).toBeVisible();

  const chrome = await browser.newContext({ baseURL, userAgent: devices["Desktop Chrome"].userAgent });
  const firefox = await browser.newContext({ baseURL, userAgent: devices["Desktop Firefox"].userAgent });
  const first = await chrome.newPage();
  await first.goto(path);
  await expect(first.getByRole("heading", { level: 1 })).toContainText("Lighthouse keeper's cottage");
  // The same browser again the same day (from the page cache now): still one view.
  await first.reload();
  await expect(first.getByRole("heading", { level: 1 })).toContainText("Lighthouse keeper's cottage");
  const second = await firefox.newPage();
  await second.goto(path);
  await expect(second.getByRole("heading", { level: 1 })).toContainText("Lighthouse keeper's cottage");

  // Views reach the owner within seconds, in the order they came: once the second browser's shows, the first
  // browser's reload has been weighed as well.
  await expect(async () => {
    await owner.reload();
    await expect(aside(owner).getByText("2 views this week")).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(aside(owner).getByText("2 views this week")).toBeVisible();

  // Profile's Your Listings: the last 30 days, all listings and this one.
  await owner.goto("/profile");
  const stats = owner.getByRole("region", { name: "Last 30 days" });
  await expect(stats.getByRole("definition").first()).toHaveText("2");
  await expect(stats.getByRole("img", { name: /Views per day: 2 in all/ })).toBeVisible();
  await expect(owner.getByText("Last 30 days: 2 views · 0 saves · 0 enquiries")).toBeVisible();

  await chrome.close();
  await firefox.close();
  await ownerContext.close();
});
