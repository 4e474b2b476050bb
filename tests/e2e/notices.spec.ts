import path from "node:path";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn, signedInAsAdmin } from "#tests/support/sessions.ts";
import { waitForMail } from "#tests/support/smtp-server.ts";

/**
 * Notices from anyone and reasons for a hidden listing, as people meet them: a visitor without an account
 * reports a listing and confirms it by the e-mailed link; the moderator hides it with a reason and a text; the
 * owner reads both (e-mail, listing page, Your Listings) and asks for a review, which reaches /admin; the
 * reporter is told the outcome. The new screens are captured at 390 and 1440 px into test-results/notices/.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
test.describe.configure({ timeout: 180_000 });

const SHOTS = path.resolve("test-results/notices");

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

/** The page as it is now, whole, at a phone's and a desktop's width. */
async function shoot(page: Page, screen: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${screen}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a visitor reports, the moderator hides with a reason, the owner reads it and asks for a review", async ({
  browser,
  data,
}) => {
  const name = `Notice flat ${Date.now()}`;
  const ownerPage = await newPage(browser);
  const owner = await signedIn(data, ownerPage, newAccount("Olive Owner"));
  const listing = await insertTestListing(data, owner.id, { name });
  const listingPath = `/category/rent/${listing.id}`;

  // A visitor without an account reports, and confirms by the link in the e-mail.
  const visitor = await newPage(browser);
  const email = `visitor-${Date.now()}@example.net`;
  await visitor.goto(listingPath);
  await visitor.getByRole("link", { name: "Report this listing" }).click();
  await expect(visitor.getByRole("heading", { name: "Report this listing" })).toBeVisible();
  await visitor.getByRole("radio", { name: "Wrong information" }).check();
  await visitor.getByLabel("Details (optional)").fill("It has two bedrooms, not four.");
  await visitor.getByLabel("Your e-mail address").fill(email);
  await shoot(visitor, "report-visitor");
  await visitor.getByRole("button", { name: "Send report" }).click();
  await expect(visitor.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(visitor.getByText(`We sent a link to ${email}`)).toBeVisible();
  const confirmation = await waitForMail(email, { subject: "Confirm your report" });
  const link = confirmation.links.find((url) => url.includes("/report/confirm?token="));
  expect(link, confirmation.text).toBeTruthy();
  await visitor.goto(link!);
  await expect(visitor.getByRole("heading", { name: "Confirm your report" })).toBeVisible();
  await shoot(visitor, "report-confirm");
  await visitor.getByRole("button", { name: "Confirm report" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you for your report" })).toBeVisible();

  // The moderator hides it, giving a reason and words for the owner.
  const admin = await newPage(browser);
  await signedInAsAdmin(data, admin);
  await admin.goto("/admin");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name }) });
  await expect(card).toContainText(`reported by a visitor (${email})`);
  await expect(card).toContainText("It has two bedrooms, not four.");
  await card.getByText("Hide listing", { exact: true }).first().click();
  await card.getByLabel("Reason").selectOption({ label: "Wrong information" });
  await shoot(admin, "admin-hide-form");
  await card
    .getByLabel("Explanation for the owner")
    .fill("The listing says four bedrooms; the plan shows two.");
  await card.getByRole("button", { name: `Hide listing ${name}` }).click();
  await expect(admin.locator("[data-sonner-toast]", { hasText: "Listing hidden" })).toBeVisible();

  // The reporter is told; the owner gets the reason, the text and "Ask for a review".
  const outcome = await waitForMail(email, { subject: "Your report" });
  expect(outcome.text).toContain("They hid the listing");
  const hidden = await waitForMail(owner.email, { subject: "was hidden" });
  expect(hidden.text).toContain("Reason: Wrong information");
  expect(hidden.text).toContain("The listing says four bedrooms; the plan shows two.");
  const reviewLink = hidden.links.find((url) => url.includes("/review/"));
  expect(reviewLink, hidden.text).toBeTruthy();

  // The owner sees the reason in Your Listings and on the listing's page, and asks for a review.
  await ownerPage.goto("/profile");
  await expect(ownerPage.getByRole("listitem").filter({ hasText: name })).toContainText(
    "Hidden by moderators: Wrong information",
  );
  await ownerPage.goto(listingPath);
  await expect(ownerPage.getByText("Reason: Wrong information")).toBeVisible();
  await expect(ownerPage.getByText("The listing says four bedrooms; the plan shows two.")).toBeVisible();
  await shoot(ownerPage, "listing-hidden-owner");
  await ownerPage.goto(reviewLink!);
  await expect(ownerPage.getByRole("heading", { name: "Ask for a review" })).toBeVisible();
  await ownerPage.getByLabel("What has changed? (optional)").fill("Corrected: two bedrooms.");
  await shoot(ownerPage, "listing-review");
  await ownerPage.getByRole("button", { name: "Ask for a review" }).click();
  await expect(ownerPage.getByText(/You asked for a review on/)).toBeVisible();
  await expect(ownerPage.getByRole("button", { name: "Ask for a review" })).toHaveCount(0);
  await shoot(ownerPage, "listing-review-asked");

  // The request reaches /admin, once.
  await admin.goto("/admin");
  const reviews = admin.getByRole("region", { name: /Review requests/ });
  const request = reviews.getByRole("listitem").filter({ has: admin.getByRole("heading", { name }) });
  await expect(request).toHaveCount(1);
  await expect(request).toContainText("Corrected: two bedrooms.");
  await expect(request).toContainText("Wrong information");
  await shoot(admin, "admin-review-requests");
});
