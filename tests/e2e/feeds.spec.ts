import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * A private lister's feeds, as they use them: Profile's Feeds section makes the secret links, a portal reads
 * the Kyero feed from one, and "Make new links" (after its confirmation) replaces them, so the old link stops
 * working. Screenshots of the section at 390 and 1440 px go to screenshots/feeds-*.png for people to look at.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

const SCREENSHOTS = path.resolve(import.meta.dirname, "../../screenshots");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

async function shoot(page: Page, screen: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.reload();
  const section = page.getByRole("region", { name: "Feeds" });
  await expect(section).toBeVisible();
  for (const width of [390, 1440]) {
    // The window as tall as the page, so the section is drawn where it is, with no scrolling.
    await page.setViewportSize({ width, height: 900 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(900, height) });
    const box = await section.boundingBox();
    if (!box) throw new Error("the Feeds section is not drawn");
    const clip = { x: 0, y: Math.max(0, box.y - 16), width, height: box.height + 32 };
    await page.screenshot({ path: path.join(SCREENSHOTS, `feeds-${screen}-${width}.png`), clip });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a private lister makes feed links in Profile, a portal reads one, new links stop the old", async ({
  page,
  data,
}) => {
  // Four screenshots at two widths, each a window as tall as the page: more than a journey's usual time.
  test.slow();
  const { id } = await signedIn(data, page, newAccount("Fiona Feeds"));
  const listing = await insertTestListing(data, id, { name: "Canal flat with a view" });
  await page.goto("/profile");
  const feeds = page.getByRole("region", { name: "Feeds" });
  await expect(feeds.getByText("You have no feed links yet.")).toBeVisible();
  await shoot(page, "none");

  await feeds.getByRole("button", { name: "Create feed links" }).click();
  await expect(toast(page, "Feed links created")).toBeVisible();
  const kyero = feeds.getByRole("textbox", { name: "Kyero v3 (XML)", exact: true });
  await expect(kyero).toHaveValue(/\/feeds\/[\w-]+\/[\w-]+\/kyero\.xml$/);
  await expect(feeds.getByRole("textbox", { name: "OpenImmo 1.2.7 (XML)", exact: true })).toHaveValue(
    /openimmo\.xml$/,
  );
  await expect(feeds.getByRole("textbox", { name: "CSV (spreadsheet)", exact: true })).toHaveValue(
    /listings\.csv$/,
  );
  const oldLink = await kyero.inputValue();
  const feed = await page.request.get(oldLink);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`<ref>${listing.id}</ref>`);
  await shoot(page, "links");

  await feeds.getByRole("button", { name: "Make new links" }).click();
  const dialog = page.getByRole("dialog", { name: "Make new feed links?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Make new links" }).click();
  await expect(toast(page, "New feed links made: the old ones no longer work")).toBeVisible();
  await expect(kyero).not.toHaveValue(oldLink);
  expect((await page.request.get(oldLink)).status()).toBe(404);
  expect((await page.request.get(await kyero.inputValue())).status()).toBe(200);
});
