import { test as base, expect, type Page } from "@playwright/test";
import { runFreshness } from "#app/modules/listing/listing.freshness.server.ts";
import { createMailOutbox } from "#app/modules/mail/mail.outbox.server.ts";
import { encodeSearchCursor } from "#app/modules/search/search.query.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";
import { waitForMail } from "#tests/support/smtp-server.ts";

/**
 * An owner marks a listing let (it leaves its category, the offers and the sitemap; its page keeps a
 * badge and "This home is no longer available") and available again; a price change and the listing's age on
 * its page; the freshness e-mail with the clock moved (the job's function run from here on the app's
 * database and SMTP peer), its Confirm link, and the same link again.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

const DAY = 24 * 60 * 60 * 1000;

/**
 * The category page from just above `listing` in its newest-first order: other specs fill the same lists, so
 * the page starts where this listing is, or would be (the cursor of the listing before it).
 */
function listFrom(listing: { type: string; timestamp: number }) {
  const cursor = encodeSearchCursor({ sort: "newest", key: listing.timestamp, id: "zzzz" });
  return `/category/${listing.type}?cursor=${cursor}`;
}

async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  );
}

test("mark as let: out of the lists, a badge on its page; available again: back", async ({ page, data }) => {
  const { id: owner } = await signedIn(data, page, newAccount("Leo Lister"));
  const name = `Let me flat ${Date.now()}`;
  const listing = await insertTestListing(data, owner, {
    name,
    offer: true,
    regularPrice: 1500,
    discountedPrice: 1400,
    timestamp: Date.now() - 3 * DAY,
  });
  const path = `/category/rent/${listing.id}`;

  await page.goto(listFrom(listing));
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await gotoHydrated(page, path);
  await expect(page.getByText("Listed 3 days ago")).toBeVisible();
  await page.getByRole("button", { name: "Mark as let" }).click();
  await expect(page.getByText("Marked as let")).toBeVisible();
  await expect(page.getByText("This home is no longer available")).toBeVisible();
  await expect(page.locator(".badge-status")).toHaveText("Let");
  await expect(page.getByRole("button", { name: "Mark as available" })).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  expect(jsonLd).toContain("https://schema.org/SoldOut");

  await page.goto(listFrom(listing));
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(listing.id);

  // A visitor still reaches the page, and is not offered to contact the owner.
  const visitor = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(path);
  await expect(visitor.getByText("This home is no longer available")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);
  await visitor.close();

  // From Profile: available again.
  await gotoHydrated(page, "/profile");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card.getByText("Let", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Mark as available" }).click();
  await expect(page.getByText("Marked as available")).toBeVisible();
  await expect(card.getByRole("button", { name: "Mark as let" })).toBeVisible();
  await page.goto(listFrom(listing));
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("shows a price change and the exact date behind 'Listed ...' on keyboard focus", async ({
  page,
  data,
}) => {
  const { id: owner } = await signedIn(data, page, newAccount("Pia Price"));
  const listing = await insertTestListing(data, owner, { name: `Priced flat ${Date.now()}` });
  const changedAt = Date.UTC(2026, 10, 12, 10);
  await data.db
    .insertInto("listingPrice")
    .values({ id: crypto.randomUUID(), listingId: listing.id, previousPrice: 1700, price: 1500, changedAt })
    .execute();
  await gotoHydrated(page, `/category/rent/${listing.id}`);
  await expect(page.getByText("Price reduced by $200 on 12 Nov")).toBeVisible();
  const listed = page.locator("time").first();
  await expect(listed).toHaveText("today");
  await expect(page.getByText("Listed today")).toBeVisible();
  // Reached with the keyboard, it shows its exact date.
  for (
    let presses = 0;
    presses < 40 && !(await listed.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(listed).toBeFocused();
  const tip = await listed.evaluate((element) => {
    const after = getComputedStyle(element, "::after");
    return { content: after.content, visibility: after.visibility };
  });
  expect(tip.content).toMatch(/\d{1,2} \w+ 20\d\d at \d\d:\d\d UTC/);
  expect(tip.visibility).toBe("visible");
});

test("freshness: the owner is asked, Confirm works once with no sign-in, the listing stays", async ({
  page,
  data,
  baseURL,
}) => {
  const account = await createAccount(data, newAccount("Fred Fresh"));
  const owner = account.id;
  const name = `Fresh flat ${Date.now()}`;
  const now = Date.now();
  const listing = await insertTestListing(data, owner, { name, timestamp: now - 61 * DAY });

  const deps = {
    db: data.db,
    mailer: createMailOutbox({ db: data.db, transport: createMailer(data.config.mail) }),
    secret: data.config.auth.secret,
    publicUrl: baseURL!,
    siteName: data.config.site.name,
    ttlDays: data.config.listingTtlDays,
  };
  await runFreshness(deps, { now: () => now, signal: new AbortController().signal });
  await deps.mailer.drain();
  const mail = await waitForMail(account.email, { subject: "Is your home still available?" });
  expect(mail.text).toContain(name);
  const confirm = mail.links.find((link) => link.includes("/listing-freshness?"))!;
  expect(mail.links.filter((link) => link.includes("/listing-freshness?"))).toHaveLength(2);

  // A week later, still unanswered: hidden. (The app's own job may have sent the reminder a moment after
  // `now`: a day more covers it.)
  await runFreshness(deps, { now: () => now + 8 * DAY, signal: new AbortController().signal });
  await page.goto(listFrom(listing));
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  await page.goto(confirm);
  await expect(page.getByRole("heading", { name: "Is your home still available?" })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await page.getByRole("button", { name: "Confirm it is available" }).click();
  await expect(page.getByText(`Thank you: ${name} stays listed`)).toBeVisible();
  await page.goto(listFrom(listing));
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.goto(confirm);
  await expect(page.getByText("This link has already been used")).toBeVisible();
  await expect(page.getByText("Nothing was changed.")).toBeVisible();
  await page.goto(`${confirm}x`);
  await expect(page.getByText("This link is not valid")).toBeVisible();
});
