import { type Browser, test as base, expect, type Page } from "@playwright/test";
import { newAccount, signIn, type TestAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn, signedInAsAdmin } from "#tests/support/sessions.ts";

/**
 * Reports and moderation, as people meet them: a user reports a listing, the administrator hides it
 * on /admin, a visitor gets the page that says it was removed and the listing is gone from the lists, the owner
 * still sees it in Profile, the administrator restores it. Then a suspension: the user is signed out and
 * cannot sign in, their listings are gone, until the suspension is lifted. Every action is in the audit log.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
// Each test is a whole story across four people's browsers.
test.describe.configure({ timeout: 180_000 });

const REMOVED = "This listing was removed by our moderators.";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]", { hasText: text });
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

/** A signed-in owner with one listing (a rent) of `name`. */
async function ownerWithListing(browser: Browser, data: AppData, name: string) {
  const page = await newPage(browser);
  const account = await signedIn(data, page, newAccount("Oscar Owner"));
  const listing = await insertTestListing(data, account.id, { name });
  return { page, account, listing, path: `/category/rent/${listing.id}` };
}

/** Whether the sitemap (every listed listing) names `listingId`. */
async function inSitemap(page: Page, listingId: string) {
  const index = await (await page.request.get("/sitemap.xml")).text();
  for (const [, url] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await (await page.request.get(new URL(url!).pathname)).text();
    if (file.includes(listingId)) return true;
  }
  return false;
}

/** Reports the listing at `path` through the screens, as a signed-in user. */
async function report(page: Page, path: string, reason: string, details: string) {
  await page.goto(path);
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page.getByRole("heading", { name: "Report this listing" })).toBeVisible();
  await page.getByRole("radio", { name: reason }).check();
  await page.getByLabel("Details (optional)").fill(details);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your report" })).toBeVisible();
}

test("report, hide: the visitor gets the removed page and the lists lose it; restore brings it back", async ({
  browser,
  data,
}) => {
  const name = `Moderated loft ${Date.now()}`;
  const owner = await ownerWithListing(browser, data, name);
  const visitor = await newPage(browser);

  // A visitor may report too, with an address to confirm (notices.spec.ts follows that through).
  await visitor.goto(owner.path);
  await visitor.getByRole("link", { name: "Report this listing" }).click();
  await expect(visitor.getByLabel("Your e-mail address")).toBeVisible();
  const reporter: TestAccount = newAccount("Rhea Reporter");
  const reporterPage = await newPage(browser);
  await signedIn(data, reporterPage, reporter);
  await report(reporterPage, owner.path, "Scam", "Asks for a deposit by wire before any visit");
  // The owner has no report link on their own listing.
  await owner.page.goto(owner.path);
  await expect(owner.page.getByRole("link", { name: "Report this listing" })).toHaveCount(0);

  const admin = await newPage(browser);
  await signedInAsAdmin(data, admin);
  await admin.goto("/admin");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name }) });
  await expect(card).toContainText("Scam");
  await expect(card).toContainText("reported by Rhea Reporter");
  await expect(card).toContainText("Asks for a deposit by wire before any visit");
  await expect(card).toContainText(`Owner: Oscar Owner (${owner.account.email})`);
  expect(await inSitemap(visitor, owner.listing.id)).toBe(true);

  await card.getByText("Hide listing", { exact: true }).first().click();
  await card.getByLabel("Reason").selectOption({ label: "Scam" });
  await card.getByLabel("Explanation for the owner").fill("Asks for money before any visit.");
  await card.getByRole("button", { name: `Hide listing ${name}` }).click();
  await expect(toast(admin, "Listing hidden")).toBeVisible();
  await expect(admin.getByRole("heading", { name })).toHaveCount(0); // the report is settled
  const hidden = admin.getByRole("region", { name: /Hidden listings/ });
  await expect(hidden).toContainText(name);
  await expect(admin.getByRole("region", { name: "Audit log" })).toContainText(`hid listing ${name}`);
  await expect(admin.getByRole("region", { name: "Audit log" })).toContainText("Mona Moderator");

  // The visitor: a 404 page that says it was removed, and no list has it.
  const answer = await visitor.goto(owner.path);
  expect(answer?.status()).toBe(404);
  await expect(visitor.getByText(REMOVED).first()).toBeVisible();
  expect(await inSitemap(visitor, owner.listing.id)).toBe(false);
  // Searched by its name, so that its absence is not just another page of the list.
  await visitor.goto(`/category/rent?q=${encodeURIComponent(name)}`);
  await expect(visitor.getByText("No listings for rent")).toBeVisible();
  await expect(visitor.getByRole("heading", { name })).toHaveCount(0);

  // The owner still has it, marked, and can open it with the notice.
  await owner.page.goto("/profile");
  const ownCard = owner.page.getByRole("listitem").filter({ hasText: name });
  await expect(ownCard).toContainText("Hidden by moderators: Scam");
  await owner.page.goto(owner.path);
  await expect(owner.page.getByText("Hidden by our moderators")).toBeVisible();
  await expect(owner.page.getByText("Reason: Scam")).toBeVisible();

  await hidden.getByRole("button", { name: `Restore listing ${name}` }).click();
  await expect(toast(admin, "Listing restored")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Audit log" })).toContainText(`restored listing ${name}`);
  expect((await visitor.goto(owner.path))?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  expect(await inSitemap(visitor, owner.listing.id)).toBe(true);
});

test("suspend: the user is signed out, cannot sign in, their listings are gone; lifting undoes it", async ({
  browser,
  data,
}) => {
  const name = `Suspicious studio ${Date.now()}`;
  const owner = await ownerWithListing(browser, data, name);
  const reporterPage = await newPage(browser);
  await signedIn(data, reporterPage, newAccount("Rex Reporter"));
  await report(reporterPage, owner.path, "Offensive", "Insults in the description");

  const admin = await newPage(browser);
  await signedInAsAdmin(data, admin);
  await admin.goto("/admin");
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name }) });
  await card.getByRole("button", { name: "Suspend owner Oscar Owner" }).click();
  await expect(toast(admin, "User suspended")).toBeVisible();
  const suspended = admin.getByRole("region", { name: /Suspended users/ });
  await expect(suspended).toContainText(owner.account.email);
  await expect(admin.getByRole("region", { name: "Audit log" })).toContainText("suspended user Oscar Owner");

  // Their session ended; signing in again is refused with the reason.
  await owner.page.goto("/profile");
  await expect(owner.page).toHaveURL(/\/sign-in/);
  await owner.page.getByLabel("Email").fill(owner.account.email);
  await owner.page.getByLabel("Password", { exact: true }).fill(owner.account.password);
  await owner.page.getByRole("button", { name: "Sign In" }).click();
  await expect(owner.page.locator("main").getByRole("alert")).toHaveText(
    "Your account has been suspended. Contact us if you think this is a mistake.",
  );
  const visitor = await newPage(browser);
  expect((await visitor.goto(owner.path))?.status()).toBe(404);
  await expect(visitor.getByText(REMOVED).first()).toBeVisible();

  await suspended.getByRole("button", { name: "Lift suspension Oscar Owner" }).click();
  await expect(toast(admin, "Suspension lifted")).toBeVisible();
  await expect(admin.getByRole("region", { name: "Audit log" })).toContainText(
    "lifted the suspension of Oscar Owner",
  );
  await signIn(owner.page, owner.account);
  expect((await visitor.goto(owner.path))?.status()).toBe(200);
});

test("/admin is the administrators': a visitor is asked to sign in, a user gets the not-found page", async ({
  browser,
  data,
}) => {
  const visitor = await newPage(browser);
  await visitor.goto("/admin");
  await expect(visitor).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin/);
  const user = await newPage(browser);
  await signedIn(data, user, newAccount("Ursula User"));
  expect((await user.goto("/admin"))?.status()).toBe(404);
  await expect(user.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // better-auth's own admin endpoints are closed, whoever asks.
  const api = await user.request.post("/api/auth/admin/set-role", {
    data: { userId: "x", role: "admin" },
    headers: { origin: process.env.E2E_BASE_URL ?? "" },
  });
  expect(api.status()).toBe(404);
});
