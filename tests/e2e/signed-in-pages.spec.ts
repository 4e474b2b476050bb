import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { insertSavedHome } from "#app/modules/saved/saved-home.repo.server.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { createOpenHouse, createUser } from "#tests/support/factories.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * Signed-in users get the pages they share with visitors from the page cache (decision 070), a listing's page
 * included: their part (the hearts, the unread count) is drawn from /me, the hearts before the first paint. A
 * listing's owner, and a visitor holding a booking of it, get its page rendered for them.
 */
const test = base.extend<object, { data: AppData }>({
  data: appDataFixture,
});

/**
 * Records, from the document's first frame, the time of the first frame that showed the heart of `listingId`
 * (requestAnimationFrame runs just before each frame is painted), and whether it was filled then.
 */
async function watchHeart(page: Page, listingId: string) {
  await page.addInitScript((id) => {
    const w = window as unknown as { heartShown?: { at: number; filled: boolean; word: string } };
    const frame = () => {
      const svg = document.querySelector(`[data-save-id="${id}"] svg`);
      const style = svg && getComputedStyle(svg);
      if (style && style.visibility === "visible" && svg.getBoundingClientRect().width > 0) {
        // The words the button shows then (the listing page's "Save" / "Saved"; a card's heart has none).
        // biome-ignore lint/performance/useDomNodeTextContent: the words on screen, of which CSS hides one.
        const word = (svg.closest("button") as HTMLElement | null)?.innerText.trim() ?? "";
        w.heartShown = { at: performance.now(), filled: style.fill !== "none", word };
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, listingId);
}

/** The heart's first frame on screen, and when the page's content was first painted. */
async function heartShown(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { heartShown?: unknown }).heartShown !== undefined &&
      performance.getEntriesByName("first-contentful-paint").length > 0,
  );
  return page.evaluate(() => ({
    ...(window as unknown as { heartShown: { at: number; filled: boolean; word: string } }).heartShown,
    painted: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
  }));
}

test("a saved heart is never drawn empty on a cached page: filled from its first frame, after sign-in", async ({
  page,
  context,
  data,
}) => {
  const owner = await createUser(data.db);
  const name = `First-paint loft ${Date.now()}`;
  const listing = await insertTestListing(data, owner.id, { name });
  const saver = await signedIn(data, page, newAccount("Hedda Hearts"));
  await insertSavedHome(data.db, saver.id, listing.id);
  // A list narrowed to this home: a page signed-in users share with visitors.
  const url = `/search?q=${encodeURIComponent(name)}`;

  // The first page after signing in (a session this browser had not seen): React draws the heart from /me.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();

  // A new tab: nothing kept in it yet, and the page is the visitors' (kept, or kept anew after another test's
  // write). Its heart is blank until /me answers, then filled: never drawn empty.
  const tab = await context.newPage();
  // In front, as a tab someone opens: a background tab gets no animation frames.
  await tab.bringToFront();
  await watchHeart(tab, listing.id);
  const response = await tab.goto(url);
  expect(response?.headers()["x-page-cache"]).toMatch(/^(HIT|MISS)$/);
  expect(response?.headers()["cache-control"]).toContain("public");
  expect(await response?.text()).not.toContain("Hedda Hearts");
  const first = await heartShown(tab);
  expect(first.filled).toBe(true);
  await expect(tab.getByRole("button", { name: `Saved: ${name}` })).toHaveAttribute("aria-pressed", "true");

  // The tab's next page draws it from what /me said last: filled in the frame of the first paint.
  await watchHeart(tab, listing.id);
  await tab.goto(`/category/rent?q=${encodeURIComponent(name)}`);
  const next = await heartShown(tab);
  expect(next.filled).toBe(true);
  expect(next.at - next.painted).toBeLessThanOrEqual(100);
  await expect(tab.getByRole("button", { name: `Saved: ${name}` })).toHaveAttribute("aria-pressed", "true");
});

test("the owner sees Edit on their listing's page and the unread count on a cached list; a visitor sees none of it", async ({
  page,
  browser,
  data,
}) => {
  const owner = await signedIn(data, page, newAccount("Oskar Ownerby"));
  const listing = await insertTestListing(data, owner.id, { name: `Owner's cached flat ${Date.now()}` });
  const enquirer = await createUser(data.db);
  const threadId = randomUUID();
  const now = Date.now();
  await data.db
    .insertInto("messageThread")
    .values({
      id: threadId,
      listingId: listing.id,
      ownerId: owner.id,
      enquirerId: enquirer.id,
      createdAt: now,
      lastMessageAt: now,
      ownerReadAt: 0,
      enquirerReadAt: now,
    })
    .execute();
  await data.db
    .insertInto("message")
    .values({ id: randomUUID(), threadId, authorId: enquirer.id, body: "Still free?", createdAt: now })
    .execute();

  const url = `/category/rent/${listing.id}`;
  const visitor = await browser.newPage();
  try {
    const visitorAnswer = await visitor.goto(url);
    expect(await visitorAnswer?.text()).not.toContain("This is your listing.");
    await expect(visitor.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    // A list page is the visitors' (kept, or kept anew if another test's write came in between), with the
    // owner's unread count added by /me; a listing's page is rendered for its owner.
    const list = await page.goto("/category/rent");
    expect(list?.headers()["x-page-cache"]).toMatch(/^(HIT|MISS)$/);
    expect(list?.headers()["cache-control"]).toContain("public");
    await expect(page.getByRole("link", { name: "Messages 1 unread" })).toBeVisible();
    const answer = await page.goto(url);
    expect(answer?.headers()["cache-control"]).not.toContain("public");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Edit" })).toBeVisible();
    await expect(main.getByText("This is your listing.")).toBeVisible();
    await expect(main.getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Messages 1 unread" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    // The visitor, after the owner's visit, still gets the visitor's page, and none of the owner's part.
    await visitor.reload();
    await expect(visitor.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
    await expect(visitor.getByRole("main").getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(visitor.getByText("This is your listing.")).toHaveCount(0);
    await expect(visitor.getByRole("link", { name: /unread/ })).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("an ordinary signed-in user gets a listing's page from the cache, right from its first frame; once they book, their own", async ({
  page,
  browser,
  data,
}) => {
  const lister = await createUser(data.db, { name: "Lotte Lister" });
  const name = `Shared listing ${Date.now()}`;
  const listing = await insertTestListing(data, lister.id, { name });
  // An open house in three days: "Book a viewing" for everyone but the lister.
  await createOpenHouse(data.db, listing.id, { startsAt: Date.now() + 3 * 86_400_000 });
  const reader = await signedIn(data, page, newAccount("Silke Sharewell"));
  await insertSavedHome(data.db, reader.id, listing.id);
  const url = `/category/rent/${listing.id}`;

  // A first page in this tab, then the listing's: the visitors' page, kept, with nothing of hers in it.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  await watchHeart(page, listing.id);
  const answer = await page.goto(url);
  expect(answer?.headers()["x-page-cache"]).toMatch(/^(HIT|MISS)$/);
  expect(answer?.headers()["cache-control"]).toContain("public");
  expect(await answer?.text()).not.toContain("Silke Sharewell");
  // Her heart is filled and says "Saved" in the frame of the first paint, before React has her data.
  const first = await heartShown(page);
  expect(first).toMatchObject({ filled: true, word: "Saved" });
  expect(first.at - first.painted).toBeLessThanOrEqual(100);

  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(main.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Report this listing" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Edit" })).toHaveCount(0);
  const booking = main.getByRole("region", { name: "Book a viewing" });
  await expect(booking.getByRole("button", { name: "Book a viewing" })).toBeVisible();
  // The visitors' note is not hers: she is signed in.
  await expect(booking.getByText("You will be asked to sign in first.")).toBeHidden();
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  // She books: from then on the page holds her booking, so it is rendered for her, on a reload too.
  await booking
    .locator("label")
    .filter({ has: page.getByRole("radio") })
    .first()
    .click();
  await booking.getByRole("button", { name: "Book a viewing" }).click();
  await expect(booking.getByText(/^Viewing booked: /)).toBeVisible({ timeout: 20_000 });
  const again = await page.reload();
  expect(again?.headers()["cache-control"]).not.toContain("public");
  await expect(
    main.getByRole("region", { name: "Book a viewing" }).getByText(/^Viewing booked: /),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "Your viewings" })).toBeVisible();

  // A visitor's page shows nobody's booking.
  const visitor = await browser.newPage();
  try {
    await visitor.goto(url);
    await expect(visitor.getByRole("button", { name: "Book a viewing" })).toBeVisible();
    await expect(visitor.getByText("You will be asked to sign in first.")).toBeVisible();
    await expect(visitor.getByText(/Viewing booked/)).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});
