import { randomBytes } from "node:crypto";
import { test as base, expect } from "@playwright/test";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";

/**
 * "Distance" in the filter bar: a radius around the place typed in the search box (the offline geocoder finds
 * it). The app of this suite is en-US, so its distances are in miles. Homes are placed around Reykjavik, where
 * no other spec puts any. Drawing an area on the map is the map's own spec.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

test("Within 2 mi of a place typed in the box keeps only the homes near it, and a wider radius brings more", async ({
  page,
  data,
}) => {
  test.setTimeout(180_000);
  const word = `zr${randomBytes(4)
    .toString("hex")
    .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
  const owner = await createUser(data.db);
  const home = { type: "rent" as const, regularPrice: 1400, location: `${word} street, Iceland` };
  // Reykjavik's centre, and Hafnarfjörður about 9 km (5.5 mi) south.
  await insertTestListing(data, owner.id, {
    ...home,
    name: `${word} Harbour flat`,
    lat: 64.1466,
    lng: -21.9426,
  });
  await insertTestListing(data, owner.id, {
    ...home,
    name: `${word} Fjord house`,
    lat: 64.0671,
    lng: -21.9377,
  });

  await page.goto(`/search?q=${word}`);
  const filters = page.getByRole("search", { name: "Filters" });
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("2 homes");

  await filters.getByRole("searchbox", { name: "City, address or name" }).fill("Reykjavik");
  await filters.getByLabel("Distance").selectOption({ label: "Within 2 mi" });
  // The offline gazetteer's first lookup builds its index in a worker; on a busy machine it may time out,
  // and the page says "try again in a moment" with the radius still chosen: a searcher sends it again.
  await expect(async () => {
    await filters.getByRole("button", { name: "Show homes" }).click();
    // The search's own parameters, the empty fields of the bar left out.
    await expect(page).toHaveURL(
      /\/search\?sort=newest&radius=2&near=64\.1\d*%2C-21\.8\d*&place=Reykjavik$/,
      {
        timeout: 15_000,
      },
    );
  }).toPass({ timeout: 150_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Homes within 2 mi of Reykjavik");
  await expect(page.getByRole("status").filter({ hasText: "home" })).toHaveText("1 home");
  await expect(page.getByRole("main").locator("ul h2")).toHaveText([`${word} Harbour flat`]);
  // The bar shows the search back: the place in the box, the radius chosen, the filter in words.
  await expect(filters.getByRole("searchbox", { name: "City, address or name" })).toHaveValue("Reykjavik");
  await expect(filters.getByLabel("Distance")).toHaveValue("2");
  await expect(filters.getByText("within 2 mi of Reykjavik")).toBeVisible();

  await filters.getByLabel("Distance").selectOption({ label: "Within 10 mi" });
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expect(page).toHaveURL(/radius=10/);
  await expect(page.getByRole("status").filter({ hasText: "homes" })).toHaveText("2 homes");

  // A place nobody can find: its words are searched, and the page says so.
  await filters.getByRole("searchbox", { name: "City, address or name" }).fill(`${word}land`);
  await filters.getByRole("button", { name: "Show homes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We could not find" })).toContainText(
    `We could not find “${word}land” on the map`,
  );
});
