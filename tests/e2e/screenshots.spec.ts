import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, openAppData } from "#tests/support/app-data.ts";
import { type AppServer, REPO_ROOT, startAppServer } from "#tests/support/app-server.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { addSession, createAccount, signedIn, signedInAsAdmin } from "#tests/support/sessions.ts";

/**
 * Every screen of SPEC.md (and the states the issue named) at a phone's 390 px and a desktop's 1440 px, in the
 * light and the dark theme, as PNGs for people to look at: screenshots/<screen>-<width>-<theme>.png, or in
 * SCREENSHOTS_DIR (`npm run screenshots`; `npm test` and CI do not draw them, decision 060). Outside
 * test-results/, which every Playwright run empties. One page load per
 * screen and width: the theme is switched in place (prefers-color-scheme), and a long page is drawn whole by
 * growing the window to its height, so the phone's tab bar sits at the bottom as on a phone.
 *
 * Its own app instance: empty first (the empty states), then with the demo data `npm run seed` makes, which
 * is what a new install shows.
 */
const test = base.extend<object, { app: AppServer; appData: AppData; demo: AppServer }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      rmSync(SCREENSHOTS, { recursive: true, force: true });
      mkdirSync(SCREENSHOTS, { recursive: true });
      const env = JSON.parse(process.env.E2E_APP_ENV ?? "{}") as Record<string, string>;
      const app = await startAppServer({ env: { ...env, SEED: "false" } });
      await use(app);
      await app.cleanup();
    },
    { scope: "worker" },
  ],
  /** The instance's data, to make accounts and their sessions. */
  appData: [
    async ({ app }, use) => {
      const data = await openAppData(app.env);
      await use(data);
      await data.close();
    },
    { scope: "worker" },
  ],
  /** The same instance once it holds the demo data (asked for after the empty screens were taken). */
  demo: [
    async ({ app }, use) => {
      await seedDemoData(app);
      await use(app);
    },
    // Seeding renders the demo photos: on a busy machine that takes longer than a test's default 30 s.
    { scope: "worker", timeout: 180_000 },
  ],
});

// The screens are drawn by the same code on either engine: the SQLite pass takes them.
test.skip(Boolean(postgresUrlFromEnv()), "screenshots are taken on the SQLite run");
test.describe.configure({ mode: "serial", timeout: 180_000 });

/** Where the pictures go; emptied when a run starts, so it never mixes two versions of the app. */
const SCREENSHOTS = path.resolve(process.env.SCREENSHOTS_DIR || path.join(REPO_ROOT, "screenshots"));

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** Opens a page per width (signed in when given a session), hands it to `visit`, and closes it. */
async function atEachWidth(
  browser: Browser,
  app: AppServer,
  visit: (page: Page, viewport: Viewport) => Promise<void>,
  storageState?: StorageState,
) {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ baseURL: app.url, viewport, storageState });
    try {
      await visit(await context.newPage(), viewport);
    } finally {
      await context.close();
    }
  }
}

/** Waits until React runs the page: before that, a click does nothing. */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

/**
 * Waits for every photo in view (lazy ones out of view, such as a sideways strip's last cards, never load)
 * and the map's tiles when there is a map.
 */
async function waitForImages(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => {
        if (image.complete) return true;
        const box = image.getBoundingClientRect();
        const inView = box.right > 0 && box.bottom > 0 && box.left < innerWidth && box.top < innerHeight;
        return image.loading === "lazy" && !inView;
      }),
    undefined,
    { timeout: 15_000 },
  );
  if (await page.locator("#listing-location").count()) {
    await expect(page.locator(".leaflet-tile-loaded").first()).toBeVisible({ timeout: 15_000 });
  }
}

/**
 * Saves the page as `<screen>-<width>-light.png` and `-dark.png`. `whole`: the window grows to the page's
 * height first (a full-page capture would leave fixed bars halfway down), and shrinks back afterwards.
 */
async function shoot(page: Page, viewport: Viewport, screen: string, { whole = true } = {}) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    if (whole) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    }
    await waitForImages(page);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `${screen}-${viewport.width}-${colorScheme}.png`),
      animations: "disabled",
    });
    if (whole) await page.setViewportSize(viewport);
  }
}

/** A photo a user would pick: a 1600x1067 JPEG (a gradient and a block of colour, so the tiles differ). */
async function photo(name: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
    <defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#bfdbfe"/><stop offset="1" stop-color="#f8fafc"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect x="400" y="420" width="800" height="520" fill="${colour}"/>
  </svg>`;
  return { name, mimeType: "image/jpeg", buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** `npm run seed` against the instance's data: the demo users and listings a new install gets. */
function seedDemoData(app: AppServer) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/seed.ts"], {
      cwd: REPO_ROOT,
      env: app.env,
      stdio: "pipe",
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`seed failed (${code}):\n${output}`)),
    );
  });
}

test("an empty marketplace: no offers, no listings, a new user's profile", async ({
  browser,
  app,
  appData,
}) => {
  const account = await createAccount(appData, newAccount("Nadia Newcomer"));
  await atEachWidth(browser, app, async (page, viewport) => {
    await gotoHydrated(page, "/");
    await shoot(page, viewport, "explore-empty");
    await gotoHydrated(page, "/offers");
    await expect(page.getByText("There are no current offers")).toBeVisible();
    await shoot(page, viewport, "offers-empty");
    await gotoHydrated(page, "/category/rent");
    await expect(page.getByText("No listings for rent")).toBeVisible();
    await shoot(page, viewport, "category-empty");
    await addSession(appData, page, account.id);
    await gotoHydrated(page, "/profile");
    await expect(page.getByText("You have no listings yet.")).toBeVisible();
    await shoot(page, viewport, "profile-empty");
  });
});

test("a newcomer who has not verified their e-mail yet", async ({ browser, app, appData }) => {
  const account = await createAccount(appData, newAccount("Vic Unverified"), { verified: false });
  await atEachWidth(browser, app, async (page, viewport) => {
    await addSession(appData, page, account.id);
    await gotoHydrated(page, "/create-listing");
    await expect(page.getByRole("heading", { name: "Verify your e-mail" })).toBeVisible();
    await shoot(page, viewport, "verify-email");
  });
});

test("a visitor's screens", async ({ browser, demo: app }) => {
  await atEachWidth(browser, app, async (page, viewport) => {
    for (const [screen, url] of [
      ["explore", "/"],
      ["offers", "/offers"],
      ["category-rent", "/category/rent"],
      ["category-sale", "/category/sale"],
      ["search-radius", "/search?near=52.52,13.405&radius=2&place=Berlin"],
      ["sign-in", "/sign-in"],
      ["sign-up", "/sign-up"],
      ["forgot-password", "/forgot-password"],
      ["reset-password", "/reset-password?token=shown-before-it-is-checked"],
      ["not-found", "/no-such-page"],
    ] as const) {
      await gotoHydrated(page, url);
      await shoot(page, viewport, screen);
    }

    // A listing with an offer, from the offers list: Back to Offers, the gallery, the map.
    await gotoHydrated(page, "/offers");
    await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
    await expect(page.getByRole("link", { name: "Back to Offers" })).toBeVisible();
    await shoot(page, viewport, "listing");
    await page.getByRole("link", { name: "View full screen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog").getByText("Photo 2 of")).toBeVisible();
    await shoot(page, viewport, "listing-viewer", { whole: false });
    await page.keyboard.press("Escape");

    // Offline: a category says so with Retry; a listing page gets the error page.
    const categoryCode = page.waitForResponse((response) => /\/assets\/category-/.test(response.url()));
    await gotoHydrated(page, "/");
    await categoryCode; // Explore fetches the categories' code ahead
    await page.context().setOffline(true);
    await page.getByRole("link", { name: "Places for rent" }).click();
    await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toBeVisible();
    await shoot(page, viewport, "category-offline");
    await page.context().setOffline(false);
    await gotoHydrated(page, "/category/sale");
    const listing = page.getByRole("main").getByRole("listitem").first().getByRole("link");
    const listingCode = page.waitForResponse((response) =>
      /\/assets\/listing-[\w-]+\.js$/.test(response.url()),
    );
    await listing.hover(); // its code is fetched while the pointer rests on it
    await listingCode;
    await page.context().setOffline(true);
    await listing.click();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await shoot(page, viewport, "error");
    await page.context().setOffline(false);
  });
});

test("a lister's screens", async ({ browser, demo: app }) => {
  const context = await browser.newContext({ baseURL: app.url });
  const signInPage = await context.newPage();
  // The demo lister has no password: on the machine that runs the demo, one press signs in.
  await signInPage.goto("/sign-in");
  await signInPage.getByRole("button", { name: "Sign in as the demo lister" }).click();
  await signInPage.waitForURL("/profile");
  const session = await context.storageState();
  await context.close();
  const photos = [await photo("front.jpg", "#b45309"), await photo("garden.jpg", "#15803d")];

  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, "/profile");
      await shoot(page, viewport, "profile");

      // Their own listing: Edit and Delete instead of Contact Landlord, and the confirmation.
      await page.getByRole("region", { name: "Your Listings" }).getByRole("link").first().click();
      await expect(page).toHaveURL(/\/category\//);
      const deleteButton = page.getByRole("button", { name: "Delete", exact: true });
      await expect(deleteButton).toBeEnabled();
      await shoot(page, viewport, "listing-own");
      await deleteButton.click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await shoot(page, viewport, "listing-own-delete", { whole: false });
      await page.getByRole("button", { name: "Cancel" }).click();
      // Marked as let or sold, its page says so (a badge, no longer available); then available again.
      await page.getByRole("button", { name: /^Mark as (let|sold)/ }).click();
      await expect(page.getByText("This home is no longer available")).toBeVisible();
      await shoot(page, viewport, "listing-own-taken");
      await page.getByRole("button", { name: "Mark as available" }).click();
      await expect(page.getByRole("button", { name: /^Mark as (let|sold)/ })).toBeVisible();
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Edit Listing" })).toBeVisible();
      await shoot(page, viewport, "edit-listing");

      await gotoHydrated(page, "/create-listing");
      await shoot(page, viewport, "create-listing");
      // Photos: two up, a third refused by the server (its tile says why, with Retry), and the messages.
      await page.route("**/api/uploads", (route) =>
        route.request().postDataBuffer() === null &&
        route.request().headers()["upload-metadata"]?.includes("cmVmdXNlZC5qcGc")
          ? route.fulfill({ status: 400, body: "This file is not a readable image" })
          : route.continue(),
      );
      await page
        .getByLabel("Images", { exact: true })
        .setInputFiles([...photos, await photo("refused.jpg", "#6d28d9")]);
      await expect(page.getByText("2 of 6 images uploaded")).toBeVisible({ timeout: 30_000 });
      await page.getByLabel("Name").fill("Short");
      await page.getByRole("button", { name: "Create Listing" }).click();
      await expect(page.getByText("Images not uploaded").first()).toBeVisible();
      await shoot(page, viewport, "create-listing-errors");

      // Someone else's listing (the demo account owns every fourth), and the contact page it leads to.
      await gotoHydrated(page, "/category/sale");
      const cards = page.getByRole("main").getByRole("listitem");
      for (let index = 0; index < 4; index++) {
        await cards.nth(index).getByRole("link").click();
        await expect(page.getByRole("heading", { name: "Location" })).toBeVisible();
        if (await page.getByRole("link", { name: "Contact Landlord" }).isVisible()) break;
        await page.goBack();
        await expect(page.getByRole("heading", { level: 1, name: "Places for sale" })).toBeVisible();
      }
      await page.getByRole("link", { name: "Contact Landlord" }).click();
      await expect(page.getByRole("heading", { name: /^Contact / })).toBeVisible();
      await shoot(page, viewport, "contact");
    },
    session,
  );
});

test("messages: the list, a conversation and the contact page of a private lister", async ({
  browser,
  demo: app,
  appData,
}) => {
  // The demo lister keeps their e-mail private; a newcomer asks about one of their listings through the site.
  const listerContext = await browser.newContext({ baseURL: app.url });
  const lister = await listerContext.newPage();
  await lister.goto("/sign-in");
  await lister.getByRole("button", { name: "Sign in as the demo lister" }).click();
  await expect(lister).toHaveURL("/profile");
  await gotoHydrated(lister, "/profile");
  await lister.getByRole("button", { name: "Keep my e-mail private" }).click();
  await expect(lister.getByRole("button", { name: "Keep my e-mail private" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await lister.getByRole("region", { name: "Your Listings" }).getByRole("link").first().click();
  await expect(lister).toHaveURL(/\/category\//);
  const listingUrl = new URL(lister.url()).pathname;

  const enquirerContext = await browser.newContext({ baseURL: app.url });
  const enquirer = await enquirerContext.newPage();
  await signedIn(appData, enquirer, newAccount("Eve Martin"));
  await gotoHydrated(enquirer, listingUrl);
  await enquirer.getByRole("link", { name: "Contact Landlord" }).click();
  await enquirer
    .getByLabel("Message")
    .fill("Hello Dana! Is the house still available in June? We are a family of four.");
  await enquirer.getByRole("button", { name: "Send Message" }).click();
  await expect(enquirer).toHaveURL(/\/messages\//);
  const threadUrl = new URL(enquirer.url()).pathname;
  const enquirerSession = await enquirerContext.storageState();
  await enquirerContext.close();

  await gotoHydrated(lister, threadUrl);
  await lister.getByLabel("Message").fill("Hi Eve, yes it is. Would Saturday morning suit you for a visit?");
  await lister.getByRole("button", { name: "Send reply" }).click();
  await expect(lister.getByText("Would Saturday morning suit you")).toBeVisible();
  const listerSession = await listerContext.storageState();
  await listerContext.close();

  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, "/messages");
      await expect(page.getByRole("link", { name: /Dana Fields/ })).toBeVisible();
      await shoot(page, viewport, "messages");
      await gotoHydrated(page, threadUrl);
      await shoot(page, viewport, "message-thread");
      await gotoHydrated(page, listingUrl);
      await page.getByRole("link", { name: "Contact Landlord" }).click();
      await expect(page.getByRole("heading", { name: /^Contact / })).toBeVisible();
      await shoot(page, viewport, "contact-relay");
    },
    enquirerSession,
  );
  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, "/profile");
      await shoot(page, viewport, "profile-messages");
    },
    listerSession,
  );
});

test("a moderator's screens: the report form and its thanks, /admin, a removed listing", async ({
  browser,
  demo: app,
  appData,
}) => {
  test.setTimeout(400_000);
  const sessionOf = async (signInWith: (page: Page) => Promise<unknown>) => {
    const context = await browser.newContext({ baseURL: app.url });
    await signInWith(await context.newPage());
    const session = await context.storageState();
    await context.close();
    return session;
  };
  const reporter = await sessionOf((page) => signedIn(appData, page, newAccount("Rhea Reporter")));
  const admin = await sessionOf((page) => signedInAsAdmin(appData, page));

  // Two demo listings reported; the second hidden, so /admin shows an open report, a hidden listing and the log.
  const context = await browser.newContext({ baseURL: app.url, storageState: reporter });
  const page = await context.newPage();
  await gotoHydrated(page, "/category/rent");
  const paths: string[] = [];
  for (const index of [0, 1]) {
    const href = await page
      .getByRole("main")
      .getByRole("listitem")
      .nth(index)
      .getByRole("link")
      .getAttribute("href");
    paths.push(href ?? "");
  }
  const reasons = [
    ["Scam", "The owner asks for a deposit by wire transfer before any visit."],
    ["Wrong information", "The photos show another house."],
  ] as const;
  for (const [index, path] of paths.entries()) {
    await page.goto(`/report/${path.split("/").at(-1)}`);
    await page.getByRole("radio", { name: reasons[index]![0] }).check();
    await page.getByLabel("Details (optional)").fill(reasons[index]![1]);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your report" })).toBeVisible();
  }
  await context.close();
  const adminContext = await browser.newContext({ baseURL: app.url, storageState: admin });
  const adminPage = await adminContext.newPage();
  await gotoHydrated(adminPage, "/admin");
  const secondReport = adminPage
    .getByRole("listitem")
    .filter({ has: adminPage.locator(`a[href="${paths[1]}"]`) });
  await secondReport.getByText("Hide listing", { exact: true }).first().click();
  await secondReport.getByLabel("Reason").selectOption({ label: "Wrong information" });
  await secondReport.getByLabel("Explanation for the owner").fill("The photos show another house.");
  await secondReport.getByRole("button", { name: /^Hide listing/ }).click();
  await expect(adminPage.getByRole("region", { name: /Hidden listings/ }).getByRole("listitem")).toHaveCount(
    1,
  );
  await adminContext.close();

  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, "/admin");
      await shoot(page, viewport, "admin");
    },
    admin,
  );
  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, `/report/${paths[0]!.split("/").at(-1)}`);
      await shoot(page, viewport, "report");
      await page.getByRole("radio", { name: "Already let or sold" }).check();
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByRole("heading", { name: "Thank you for your report" })).toBeVisible();
      await shoot(page, viewport, "report-thanks");
    },
    reporter,
  );
  await atEachWidth(browser, app, async (page, viewport) => {
    await gotoHydrated(page, paths[1]!);
    await expect(page.getByText("This listing was removed by our moderators.").first()).toBeVisible();
    await shoot(page, viewport, "listing-removed");
  });
});

test("viewings: the lister's Viewing times, Book a viewing and /viewings", async ({
  browser,
  demo: app,
  appData,
}) => {
  const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const listerContext = await browser.newContext({ baseURL: app.url });
  const lister = await listerContext.newPage();
  test.setTimeout(600_000);
  await gotoHydrated(lister, "/sign-in");
  await lister.getByRole("button", { name: "Sign in as the demo lister" }).click();
  await expect(lister).toHaveURL("/profile", { timeout: 60_000 });
  await lister.getByRole("region", { name: "Your Listings" }).getByRole("link").first().click();
  await expect(lister).toHaveURL(/\/category\//, { timeout: 60_000 });
  const listingUrl = new URL(lister.url()).pathname;
  await gotoHydrated(lister, listingUrl);
  const times = lister.getByRole("region", { name: "Viewing times" });
  for (const [kind, from, to] of [
    ["Bookable slots", "10:00", "12:00"],
    ["Open house", "14:00", "16:00"],
  ] as const) {
    await times.getByLabel(kind).check();
    await times.getByLabel("Day").fill(day);
    await times.getByLabel("From").fill(from);
    await times.getByLabel("Until").fill(to);
    if (kind === "Open house") await times.getByLabel("Most visitors (optional)").fill("12");
    await times.getByRole("button", { name: "Add viewing times" }).click();
    await expect(
      times.getByText(kind === "Open house" ? /up to 12 visitors/ : /20-minute slots/),
    ).toBeVisible({ timeout: 60_000 });
  }
  const listerSession = await listerContext.storageState();
  await listerContext.close();

  const visitorContext = await browser.newContext({ baseURL: app.url });
  const visitor = await visitorContext.newPage();
  await signedIn(appData, visitor, newAccount("Eve Martin"));
  await gotoHydrated(visitor, listingUrl);
  const book = visitor.getByRole("region", { name: "Book a viewing" });
  await book.getByText(/^10:20/).click();
  await book.getByLabel("Message (optional)").fill("We are a family of four; could we also see the garden?");
  await book.getByRole("button", { name: "Book a viewing" }).click();
  await expect(book.getByText(/^Viewing booked:/)).toBeVisible({ timeout: 60_000 });
  const visitorSession = await visitorContext.storageState();
  await visitorContext.close();

  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, `${listingUrl}#viewings`);
      await shoot(page, viewport, "viewing-times-editor");
      await gotoHydrated(page, "/viewings");
      await expect(page.getByRole("heading", { name: "Bookings of your listings" })).toBeVisible();
      await shoot(page, viewport, "viewings-lister");
    },
    listerSession,
  );
  await atEachWidth(
    browser,
    app,
    async (page, viewport) => {
      await gotoHydrated(page, listingUrl);
      await shoot(page, viewport, "book-a-viewing");
      await gotoHydrated(page, "/viewings");
      await shoot(page, viewport, "viewings-visitor");
    },
    visitorSession,
  );
});
