import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * API keys as a lister meets them: in Profile they create a key, see it once (and only once: a reload shows
 * its first characters, never the key), the key works against the API, they revoke it and it stops working.
 * Screenshots of the API keys section and of /api/docs at 390 and 1440 px go to screenshots/api-*.png.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

// Each test draws its screenshots at two widths: on a busy machine that alone takes a while.
test.describe.configure({ timeout: 180_000 });

const SCREENSHOTS = path.resolve(import.meta.dirname, "../../screenshots");

async function shoot(page: Page, name: string, section?: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SCREENSHOTS, `api-${name}-${width}.png`);
    if (section) await page.locator(section).screenshot({ path: file });
    else await page.screenshot({ path: file });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a lister creates an API key, sees it once, uses it, and revokes it", async ({
  page,
  data,
  request,
}) => {
  await signedIn(data, page, newAccount("Casey CRM"));
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "API keys" });
  await expect(section.getByText("No API keys yet.")).toBeVisible();

  await section.getByLabel("Key name").fill("Our CRM");
  await section.getByLabel("Access").selectOption({ label: "Read and write" });
  await section.getByRole("button", { name: "Create API key" }).click();
  const shown = section.getByLabel("Your new API key");
  await expect(shown).toBeFocused();
  const key = (await shown.textContent())?.trim() ?? "";
  expect(key).toMatch(/^hs_[\w-]{40,}$/);
  await expect(section.getByText("Copy it now: it is shown only once.", { exact: false })).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Our CRM" })).toContainText("never used");
  await shoot(page, "keys-created", "section[aria-labelledby=api-keys-heading]");

  // The key works: the lister's own listing by a reference they have not used yet is simply not there.
  const asked = await request.get("/api/v1/listings/by-ref/NONE-1", {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(asked.status()).toBe(404);

  // Shown once: after a reload only its first characters remain, with when it was last used.
  await page.reload();
  await expect(section.getByLabel("Your new API key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  const item = section.getByRole("listitem").filter({ hasText: "Our CRM" });
  await expect(item).toContainText(key.slice(0, 7));
  await expect(item).toContainText("last used");
  await shoot(page, "keys-list", "section[aria-labelledby=api-keys-heading]");

  await item.getByRole("button", { name: "Revoke the key Our CRM" }).click();
  await expect(page.locator("[data-sonner-toast]", { hasText: "API key revoked" })).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Our CRM" })).toContainText("revoked");
  await expect(section.getByRole("button", { name: "Revoke the key Our CRM" })).toHaveCount(0);
  const refused = await request.get("/api/v1/listings/by-ref/NONE-1", {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
});

test("the API documentation is readable, with every endpoint", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("listings API");
  for (const endpoint of [
    "GET /listings",
    "GET /listings/{ListingKey}",
    "GET /listings/{ListingKey}/open-houses",
    "PUT /listings/by-ref/{ListingId}",
    "DELETE /listings/by-ref/{ListingId}",
  ]) {
    await expect(page.getByRole("link", { name: endpoint, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("table", { name: "Fields of Listing", exact: true })).toContainText(
    "BedroomsTotal",
  );
  await shoot(page, "docs");
});
