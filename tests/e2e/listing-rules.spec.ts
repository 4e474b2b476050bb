import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, openAppData } from "#tests/support/app-data.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { testListingRow } from "#tests/support/factories.ts";
import { fillRequiredDetails } from "#tests/support/listing-form.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * LISTING_RULES in the browser, one server per country (started together): the form refuses a listing that
 * lacks the country's required set, naming each field, and publishes it once they are filled; the page shows
 * the rating on the country's coloured scale (screenshots at 390 and 1440 px). An old listing saved without
 * them shows "Complete this listing" to its owner only.
 */
// One worker runs the file: its servers start once.
test.describe.configure({ mode: "default", timeout: 120_000 });

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });
const photo = path.join(REPO_ROOT, "tooling/demo-data/photos", "exterior-06.jpg");

type App = { url: string; data: AppData; cleanup: () => Promise<void> };
const apps = new Map<ListingRuleSet, App>();
const COUNTRIES = ["de", "fr", "gb", "ie"] as const;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await Promise.all(
    COUNTRIES.map(async (rules) => {
      const app = await startEmptyApp(`homestead_rules_${rules}`, { LISTING_RULES: rules });
      const data = await openAppData(app.env);
      apps.set(rules, { url: app.url, data, cleanup: app.cleanup });
    }),
  );
});
test.afterAll(async () => {
  await Promise.all(
    [...apps.values()].map(async (app) => {
      await app.data.close();
      await app.cleanup();
    }),
  );
});

/** A signed-in lister's page on the country's server. */
async function listerPage(browser: Browser, rules: ListingRuleSet, name: string) {
  const app = apps.get(rules)!;
  // A context of its own (axe needs one); the test closes it.
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  const account = await signedIn(app.data, page, newAccount(name));
  return { page, context, account, app };
}

/** The form with every field a listing needs anywhere, and nothing a country adds. */
async function fillBasics(page: Page, type: "Rent" | "Sell") {
  await page.goto("/create-listing");
  const choice = page.getByRole("group", { name: "Sell / Rent" }).getByRole("button", { name: type });
  await expect(choice).toBeEnabled();
  await choice.click();
  await page.getByLabel("Name").fill("Bright flat with a view");
  await fillRequiredDetails(page);
  await page.getByLabel("Address", { exact: true }).fill("12 Rue de Rivoli, Paris");
  await page.getByLabel("Regular Price").fill("1500");
  await page.getByLabel("Images", { exact: true }).setInputFiles([photo]);
  await expect(page.getByText(/1 of \d+ images uploaded/)).toBeVisible();
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

type Case = {
  rules: (typeof COUNTRIES)[number];
  type: "Rent" | "Sell";
  reason: string;
  messages: string[];
  fill: (page: Page) => Promise<void>;
  /** The rating as the page says it, and what else it shows. */
  rating: string;
  shows: string[];
};

const CASES: Case[] = [
  {
    rules: "de",
    type: "Rent",
    reason: "Required in Germany by GEG §87",
    messages: [
      "Energy rating is required",
      "Certificate type is required",
      "Energy use is required",
      "Main energy source is required",
      "Year built is required",
    ],
    fill: async (page) => {
      await page.getByLabel("Energy rating", { exact: true }).selectOption("B");
      await page.getByLabel("Certificate type").selectOption("Energy demand certificate (Bedarfsausweis)");
      await page.getByLabel("Energy use", { exact: true }).fill("72");
      await page.getByLabel("Main energy source").selectOption("District heating");
      await page.getByLabel("Year built", { exact: true }).fill("1999");
      await page.getByLabel("Monthly charges (optional)").fill("180");
    },
    rating: "B",
    shows: ["Kaltmiete", "Warmmiete", "Energy demand certificate (Bedarfsausweis)", "District heating"],
  },
  {
    rules: "fr",
    type: "Rent",
    reason: "Required in France by the Code de la construction, art. L126-33",
    messages: [
      "Energy rating is required",
      "Greenhouse gas class (GES) is required",
      "Monthly charges are required",
      "Deposit is required",
    ],
    fill: async (page) => {
      await page.getByLabel("Energy rating", { exact: true }).selectOption("D");
      await page.getByLabel("Greenhouse gas class (GES)").selectOption("C");
      await page.getByLabel("Yearly energy cost from").fill("900");
      await page.getByLabel("Yearly energy cost to").fill("1300");
      await page.getByLabel("Monthly charges", { exact: true }).fill("120");
      await page.getByLabel("Deposit", { exact: true }).fill("1500");
    },
    rating: "D",
    shows: ["Loyer charges comprises"],
  },
  {
    rules: "gb",
    type: "Sell",
    reason: "Required in the UK by the Energy Performance of Buildings Regulations",
    messages: ["Energy rating is required", "Tenure is required", "Council tax band is required"],
    fill: async (page) => {
      await page.getByLabel("Energy rating", { exact: true }).selectOption("C");
      await page.getByLabel("Tenure").selectOption("Leasehold");
      await page.getByLabel("Council tax band").selectOption("D");
    },
    rating: "C",
    shows: ["Leasehold"],
  },
  {
    rules: "ie",
    type: "Rent",
    reason: "Required in Ireland by the BER regulations (S.I. 243/2012)",
    messages: ["Energy rating is required"],
    fill: async (page) => {
      await page.getByLabel("Energy rating", { exact: true }).selectOption("B2");
    },
    rating: "B2",
    shows: [],
  },
];

for (const { rules, type, reason, messages, fill, rating, shows } of CASES) {
  test(`${rules}: the form refuses a listing without the country's set, then publishes it`, async ({
    browser,
  }) => {
    const { page, context } = await listerPage(browser, rules, `Lena Lister ${rules}`);
    await fillBasics(page, type);
    // The law's reason beside the rating.
    await expect(page.getByText(reason).first()).toBeVisible();
    await page.getByRole("button", { name: "Create Listing" }).click();
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/create-listing$/);
    if (rules === "de") {
      await page.setViewportSize({ width: 390, height: 900 });
      await page
        .getByRole("region", { name: "Energy" })
        .screenshot({ path: `${SCREENSHOTS}/energy-form-${rules}-390.png`, animations: "disabled" });
      await page.setViewportSize({ width: 1280, height: 720 });
    }

    await fill(page);
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/category\/(rent|sale)\/[0-9a-f-]{36}$/);
    const energy = page.getByRole("region", { name: "Energy" });
    await expect(energy).toContainText(`Energy rating: ${rating}`);
    await expect(energy.locator("[data-marked]")).toHaveText(rating);
    for (const text of shows) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Complete this listing")).toHaveCount(0);
    if (rules === "de") {
      await expectAccessible(page);
      await energy.scrollIntoViewIfNeeded();
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await energy.screenshot({
          path: `${SCREENSHOTS}/energy-scale-${rules}-${width}.png`,
          animations: "disabled",
        });
      }
    }
    await context.close();
  });
}

test("an old listing without the country's set: Complete this listing for its owner only", async ({
  browser,
}) => {
  const { page, context, account, app } = await listerPage(browser, "de", "Otto Owner");
  const row = testListingRow(account.id, { name: "Old flat from before the rules" });
  await app.data.db.insertInto("listing").values(row).execute();
  await page.goto(`/category/rent/${row.id}`);
  const notice = page.getByRole("region", { name: "Complete this listing" });
  await expect(notice).toContainText("Energy rating");
  await expect(notice).toContainText("Description");
  await page.setViewportSize({ width: 390, height: 900 });
  await notice.screenshot({ path: `${SCREENSHOTS}/complete-listing-390.png`, animations: "disabled" });
  await notice.getByRole("link", { name: "Add what is missing" }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-listing/${row.id}$`));
  await page.goto("/profile");
  const card = page.getByRole("listitem").filter({ hasText: "Old flat from before the rules" });
  await expect(card.getByRole("link", { name: "Complete this listing" })).toBeVisible();
  await card.screenshot({ path: `${SCREENSHOTS}/complete-listing-card-390.png`, animations: "disabled" });

  const other = await listerPage(browser, "de", "Vera Visitor");
  await other.page.goto(`/category/rent/${row.id}`);
  await expect(other.page.getByRole("heading", { name: "Old flat from before the rules" })).toBeVisible();
  await expect(other.page.getByText("Complete this listing")).toHaveCount(0);
  await context.close();
  await other.context.close();
});
