import { mkdirSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture } from "#tests/support/app-data.ts";
import { fillRequiredDetails } from "#tests/support/listing-form.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * The pin: the offline geocoder only knows Berlin's centre for "Weserstraße 10, Berlin"; the lister
 * drags the pin to the home, and the listing is then found in a map area around the pin, not around the
 * centre. And a listing whose exact address is hidden shows the street without the number and no pin.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

// Geocoding, a photo upload and two searches: longer than one page visit.
test.describe.configure({ timeout: 180_000 });

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });

const CITY_PIN_MESSAGE = "We found only the city: drag the pin to the home";
const PIN_ALT = "The home's pin: drag it, or use the arrow keys";

let photo: string;
test.beforeAll(async () => {
  photo = path.join(await mkdtemp(path.join(tmpdir(), "homestead-pin-")), "house.jpg");
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2c6fbb" } })
    .jpeg()
    .toFile(photo);
});

/** A word no other listing has, so a search finds this test's listing alone. */
function uniqueWord() {
  return `pin${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;
}

async function openForm(page: Page) {
  await page.goto("/create-listing");
  await expect(page.getByRole("group", { name: "Offer" }).getByRole("button", { name: "No" })).toBeEnabled();
}

/** Types the address and leaves the field, as a lister does; the form places it on its map. */
async function typeAddress(page: Page, address: string) {
  await page.getByLabel("Address", { exact: true }).fill(address);
  await page.getByLabel("Regular Price").focus();
}

async function finishAndCreate(page: Page, price: string) {
  await page.getByLabel("Regular Price").fill(price);
  await fillRequiredDetails(page);
  await page.getByLabel("Images", { exact: true }).setInputFiles([photo]);
  await expect(page.getByText("1 of 6 images uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/, { timeout: 30_000 });
}

/** The pin's position as the form will post it. */
async function postedPin(page: Page) {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create Listing" }) });
  return {
    lat: Number(await form.locator('input[name="lat"]').inputValue()),
    lng: Number(await form.locator('input[name="lng"]').inputValue()),
  };
}

function bbox({ lat, lng }: { lat: number; lng: number }, size = 0.01) {
  return [lng - size, lat - size, lng + size, lat + size].map((value) => value.toFixed(5)).join(",");
}

test("a city-only address: drag the pin to the home, and the listing is found around the pin, not the centre", async ({
  page,
  data,
}) => {
  await signedIn(data, page, newAccount("Pia Pinner"));
  await openForm(page);
  const word = uniqueWord();
  const name = `Flat by the canal ${word}`;
  await page.getByLabel("Name").fill(name);
  await typeAddress(page, "Weserstraße 10, Berlin");
  await expect(page.getByRole("status").filter({ hasText: CITY_PIN_MESSAGE })).toBeVisible();
  const marker = page.getByAltText(PIN_ALT);
  await expect(marker).toBeVisible();
  const centre = await postedPin(page);
  expect(centre.lat).toBeCloseTo(52.52, 1);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 1000 });
    await marker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/pin-form-${width}.png`, fullPage: true });
  }

  // Drag the pin about 2.5 km east (zoom 13 at Berlin: about 11.6 m a pixel).
  const box = (await marker.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 215, box.y + box.height - 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await postedPin(page)).lng - centre.lng).toBeGreaterThan(0.03);
  // And a little north with the keyboard: the move buttons, one press each.
  const north = page.getByRole("button", { name: "Move pin north" });
  const beforeKeys = await postedPin(page);
  await north.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await postedPin(page)).lat).toBeGreaterThan(beforeKeys.lat);
  const dragged = await postedPin(page);

  await finishAndCreate(page, "1400");

  // A map area around the dragged pin holds the listing; one around the city centre does not.
  await page.goto(`/search?q=${word}&view=map&bbox=${bbox(dragged)}`);
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  await page.goto(`/search?q=${word}&view=map&bbox=${bbox(centre)}`);
  await expect(page.getByText("No homes match this search")).toBeVisible();
  await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
});

test("Show exact address off: the page shows the street without the number and no pin", async ({
  page,
  data,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signedIn(data, page, newAccount("Hana Hidden"));
  await openForm(page);
  const name = `Quiet flat ${uniqueWord()}`;
  await page.getByLabel("Name").fill(name);
  await typeAddress(page, "Weserstraße 10, Berlin");
  await expect(page.getByRole("status").filter({ hasText: CITY_PIN_MESSAGE })).toBeVisible();
  const exact = page.getByRole("checkbox", { name: "Show exact address" });
  await expect(exact).toBeChecked();
  await exact.uncheck();
  await finishAndCreate(page, "1200");

  await expect(page.getByText("Weserstraße, Berlin, Germany").first()).toBeVisible();
  await expect(page.getByText("Approximate area: the exact address is not shown")).toBeVisible();
  // Neither the page nor its data holds the house number.
  expect(await page.content()).not.toContain("Weserstraße 10");
  await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-container")).toBeVisible();
  await expect(page.getByAltText(/^Map marker/)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/listing-area-1440.png` });

  // The owner edits: the box is off, and the form shows the exact address and the saved pin.
  await page.getByRole("link", { name: "Edit" }).first().click();
  await expect(page.getByRole("checkbox", { name: "Show exact address" })).not.toBeChecked();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Weserstraße 10, Berlin, Germany");
  await expect(page.getByAltText(PIN_ALT)).toBeVisible();
  // Opened afresh (the server renders the form with its pin, the map follows in the browser).
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await expect(page.getByAltText(PIN_ALT)).toBeVisible();
});
