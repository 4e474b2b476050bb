import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture } from "#tests/support/app-data.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { fillRequiredDetails } from "#tests/support/listing-form.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * A listing that tells the whole story: every detail typed into the form as a lister does, shown on the page
 * (About this home, the facts, the costs with their monthly total), kept for an edit; markup in a description
 * is text; a tour link to another host is refused; the tour's frame (and any request to its host) comes only
 * once the visitor presses Play. The e2e app runs with LOCALE=en-US, so areas are in ft².
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
test.describe.configure({ timeout: 180_000 });

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });
const WIDTHS = [390, 1440];
const photo = path.join(REPO_ROOT, "tooling/demo-data/photos", "exterior-06.jpg");
const TOUR_HOST = "www.youtube-nocookie.com";

async function openForm(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("group", { name: "Offer" }).getByRole("button", { name: "No" })).toBeEnabled();
}

async function screenshots(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${SCREENSHOTS}/${name}-${width}.png`,
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

const DESCRIPTION = [
  "A bright flat on the second floor, over the park.",
  "The kitchen was renewed in 2024;\nthe bedrooms face the courtyard.",
  "Ask for <b>viewings</b> at https://example.com/viewings.",
].join("\n\n");

test("a listing with every detail: shown on its page, markup as text, kept for an edit", async ({
  page,
  data,
}) => {
  test.setTimeout(180_000); // the form's every field, the page, axe on it, and the edit form again
  await signedIn(data, page, newAccount("Dana Details"));
  await openForm(page, "/create-listing");
  await page.getByLabel("Name").fill("Park view flat with lift");
  await fillRequiredDetails(page, { description: DESCRIPTION, propertyType: "Flat", livingArea: "775" });
  await page.getByLabel("Furnished", { exact: true }).selectOption("Partly furnished");
  await page.getByLabel("Pets (optional)").selectOption("By arrangement");
  await page.getByRole("spinbutton", { name: "Rooms (optional)" }).fill("3");
  await page.getByLabel("Bedrooms").fill("2");
  await page.getByLabel("Year built (optional)").fill("1908");
  await page.getByLabel("Condition (optional)").selectOption("Good");
  await page.getByRole("spinbutton", { name: "Floor (optional)", exact: true }).fill("2");
  await page.getByLabel("Floors in building (optional)").fill("5");
  await page.getByLabel("Lift").check();
  await page.getByLabel("Step-free access").check();
  await page.getByLabel("Address", { exact: true }).fill("12 Rue de Rivoli, Paris");
  await page.getByLabel("Regular Price").fill("1500");
  await page.getByLabel("Available from (optional)").fill("2027-03-01");
  await page.getByLabel("Minimum lease (optional)").fill("12");
  await page.getByLabel("Deposit (optional)").fill("3000");
  await page.getByLabel("Monthly charges (optional)").fill("180");
  await page.getByLabel("Heating included").check();
  await page.getByLabel("Video or virtual tour (optional)").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.getByLabel("Images", { exact: true }).setInputFiles([photo]);
  await expect(page.getByText("1 of 6 images uploaded")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "listing-details-form");

  // No request to the tour's host until the visitor asks for it; the frame is answered here, offline.
  const tourRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname === TOUR_HOST) tourRequests.push(request.url());
  });
  await page.route(`https://${TOUR_HOST}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>The tour</p>" }),
  );

  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;

  const about = page.getByRole("region", { name: "About this home" });
  await expect(about.getByRole("paragraph")).toHaveText([
    "A bright flat on the second floor, over the park.",
    "The kitchen was renewed in 2024;\nthe bedrooms face the courtyard.",
    "Ask for <b>viewings</b> at https://example.com/viewings.",
  ]);
  await expect(about.locator("b")).toHaveCount(0);
  await expect(about.getByRole("link")).toHaveCount(0);

  const facts = page.getByRole("region", { name: "Facts and features" });
  const shown: [string, string][] = [
    ["Property type", "Flat"],
    ["Living area", "775 ft²"],
    ["Rooms", "3"],
    ["Floor", "2 of 5"],
    ["Year built", "1908"],
    ["Condition", "Good"],
    ["Furnished", "Partly furnished"],
    ["Pets", "By arrangement"],
    ["Lift", "Yes"],
    ["Step-free access", "Yes"],
    ["Available from", "March 1, 2027"],
    ["Minimum lease", "12 months"],
  ];
  for (const [term, value] of shown) {
    await expect(facts.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      value,
    );
  }
  const costs = page.getByRole("region", { name: "Costs" });
  await expect(
    costs.getByText("Deposit", { exact: true }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("$3,000");
  await expect(costs.getByText("Total monthly cost").locator("xpath=following-sibling::*[1]")).toHaveText(
    "$1,680 / Month",
  );
  await expectAccessible(page);

  // The tour: a placeholder until Play is pressed, then the player's frame from the id, on its privacy host.
  const tour = page.getByRole("region", { name: "Video or virtual tour" });
  await expect(tour.locator("iframe")).toHaveCount(0);
  await screenshots(page, "listing-details-page");
  expect(tourRequests).toEqual([]);
  await tour.getByRole("button", { name: /Play the tour/ }).click();
  await expect(tour.locator("iframe")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
  );
  await expect.poll(() => tourRequests.length).toBeGreaterThan(0);

  // The edit form shows every detail as saved (the area in ft² as typed); a change shows on the page.
  await openForm(page, `/edit-listing/${id}`);
  await expect(page.getByLabel("Description")).toHaveValue(DESCRIPTION);
  await expect(page.getByLabel("Living area")).toHaveValue("775");
  await expect(page.getByLabel("Furnished", { exact: true })).toHaveValue("partly");
  await expect(page.getByLabel("Lift")).toBeChecked();
  await expect(page.getByLabel("Available from (optional)")).toHaveValue("2027-03-01");
  await expect(page.getByLabel("Video or virtual tour (optional)")).toHaveValue(
    "https://youtu.be/dQw4w9WgXcQ",
  );
  await page.getByLabel("Monthly charges (optional)").fill("200");
  await page.getByRole("button", { name: "Edit Listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/category/rent/${id}$`));
  await expect(
    page
      .getByRole("region", { name: "Costs" })
      .getByText("Total monthly cost")
      .locator("xpath=following-sibling::*[1]"),
  ).toHaveText("$1,700 / Month");
});

test("refuses a tour link to another host, and a room for sale, with their messages", async ({
  page,
  data,
}) => {
  await signedIn(data, page, newAccount("Tom Tour"));
  await openForm(page, "/create-listing");
  await page.getByRole("group", { name: "Sell / Rent" }).getByRole("button", { name: "Sell" }).click();
  await page.getByLabel("Name").fill("Room with a view of it all");
  await fillRequiredDetails(page, { propertyType: "Room" });
  await page.getByLabel("Address", { exact: true }).fill("12 Rue de Rivoli, Paris");
  await page.getByLabel("Regular Price").fill("150000");
  const tour = page.getByLabel("Video or virtual tour (optional)");
  await tour.fill("https://evil.example/watch?v=dQw4w9WgXcQ");
  await page.getByLabel("Images", { exact: true }).setInputFiles([photo]);
  await expect(page.getByText("1 of 6 images uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("A room can only be let: choose Rent or another property type")).toBeVisible();
  await expect(page.getByText("Use a YouTube, Vimeo or Matterport link")).toBeVisible();
  await expect(tour).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/create-listing");
});
