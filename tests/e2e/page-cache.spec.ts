import { test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * The page cache (decision 041) as people meet it: an owner signed in on one browser and a visitor on
 * another open the same pages in turn, and each always sees their own (the cache never mixes them); a
 * visitor's repeated request is a 304; the owner's edit is what the visitor sees at their next request. The
 * same across instances behind nginx: tests/ops/page-cache.test.ts.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
test.describe.configure({ mode: "default", timeout: 90_000 });

async function visitorSees(page: Page, path: string) {
  await page.goto(path);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Profile" })).toHaveCount(0);
}

async function ownerSees(page: Page, path: string) {
  await page.goto(path);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
}

test("a signed-in owner and a visitor on the same pages each see their own, and an edit reaches the visitor at once", {
  tag: "@smoke",
}, async ({ browser, data }) => {
  const baseURL = process.env.E2E_BASE_URL;
  const ownerContext = await browser.newContext({ baseURL });
  const visitorContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  const visitor = await visitorContext.newPage();
  const account = await signedIn(data, owner, newAccount("Priya Before"));
  const listing = await insertTestListing(data, account.id, {
    name: "Cached cottage by the mill",
  });
  const listingPath = `/category/rent/${listing.id}`;

  for (const path of ["/", "/category/rent", listingPath]) {
    // Twice each, in turn: the second visitor request is answered from memory.
    await visitorSees(visitor, path);
    await ownerSees(owner, path);
    await visitorSees(visitor, path);
    await ownerSees(owner, path);
  }
  const aside = (page: Page) => page.getByRole("complementary", { name: "Price and contact" });
  await ownerSees(owner, listingPath);
  await expect(aside(owner).getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);
  await expect(aside(owner).getByText("Listed by Priya Before")).toBeVisible();
  await visitorSees(visitor, listingPath);
  await expect(aside(visitor).getByRole("link", { name: "Contact Landlord" })).toBeVisible();
  await expect(aside(visitor).getByText("Listed by Priya Before")).toBeVisible();

  // The owner renames themself; the visitor's next request shows the new name.
  await owner.goto("/profile");
  await owner.getByRole("button", { name: "change" }).click();
  await owner.getByLabel("Name", { exact: true }).fill("Priya After");
  await owner.getByRole("button", { name: "done" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "Name saved" })).toBeVisible();
  await visitorSees(visitor, listingPath);
  await expect(aside(visitor).getByText("Listed by Priya After")).toBeVisible();

  // A visitor who follows a card navigates on the client (the page's data): the same page. The list is
  // narrowed to this home: other tests publish homes for rent at the same time, newer ones first.
  await visitor.goto(`/category/rent?q=${encodeURIComponent("Cached cottage by the mill")}`);
  await visitor
    .getByRole("link", { name: /Cached cottage by the mill/ })
    .first()
    .click();
  await expect(visitor).toHaveURL(listingPath);
  await expect(aside(visitor).getByText("Listed by Priya After")).toBeVisible();

  await ownerContext.close();
  await visitorContext.close();
});

test("a visitor's repeated request with the page's ETag is answered 304; a signed-in user's own page never carries one", async ({
  browser,
  playwright,
  data,
}) => {
  const baseURL = process.env.E2E_BASE_URL!;
  const visitor = await playwright.request.newContext({ baseURL });
  const first = await visitor.get("/offers", { headers: { accept: "text/html" } });
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await visitor.get("/offers", { headers: { accept: "text/html", "if-none-match": etag } });
  expect(again.status()).toBe(304);
  await visitor.dispose();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signedIn(data, page, newAccount("Sam Signed"));
  // Offers is a page signed-in users share with visitors (decision 070): the visitors' answer, nothing of theirs.
  const signedInAnswer = await context.request.get("/offers", { headers: { accept: "text/html" } });
  expect(signedInAnswer.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
  expect(await signedInAnswer.text()).not.toContain("Sam Signed");
  // Their own pages are theirs alone: never kept, never an ETag.
  const own = await context.request.get("/profile", { headers: { accept: "text/html" } });
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect(own.headers().etag).toBeUndefined();
  await context.close();
});
