import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "#tests/support/accounts.ts";
import {
  type AppData,
  appDataFixture,
  insertTestListing,
  type TestListing,
} from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * Every screen, signed out and signed in, passes axe's WCAG 2.1 A/AA rules and its best practices, in the
 * states a user meets: lists empty and full, the listing page with its map and popup, forms with their
 * messages, a toast, the show-password toggle, the delete confirmation. Pages are checked once React has
 * hydrated them and transitions have ended, so axe sees what the user sees.
 */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Fixtures = {
  /** A listing by someone else, with an offer and three photos: the visitor's view of a detail page. */
  othersListing: { listing: TestListing; ownerId: string; path: string };
  /** A signed-in user who owns one listing; pages open signed in as them when asked. */
  owner: { email: string; userId: string; storageState: StorageState; listing: TestListing; path: string };
};

const test = base.extend<{ signedIn: boolean }, Fixtures & { data: AppData }>({
  signedIn: [false, { option: true }],
  // Signed-in tests (test.use({ signedIn: true })) open their pages with the worker owner's session. The
  // owner is made once per worker either way: a fixture cannot depend on another only sometimes.
  storageState: async ({ signedIn, owner, storageState }, use) => {
    await use(signedIn ? owner.storageState : storageState);
  },
  data: appDataFixture,
  othersListing: [
    async ({ data }, use) => {
      const owner = await createUser(data.db, { name: "Olivia Owner" });
      const listing = await insertTestListing(data, owner.id, {
        type: "sale",
        name: "Harbour house with garden",
        offer: true,
        regularPrice: 950_000,
        discountedPrice: 900_000,
        parking: true,
        photos: 3,
      });
      await use({ listing, ownerId: owner.id, path: `/category/sale/${listing.id}` });
    },
    { scope: "worker" },
  ],
  owner: [
    async ({ data, browser }, use) => {
      const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
      const { email, id: userId } = await signedIn(data, await context.newPage(), newAccount("Amira Owner"));
      const storageState = await context.storageState();
      await context.close();
      const listing = await insertTestListing(data, userId, { name: "Quiet studio by the canal" });
      await use({ email, userId, storageState, listing, path: `/category/rent/${listing.id}` });
    },
    { scope: "worker" },
  ],
});

test.describe.configure({ timeout: 180_000 });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/**
 * The rules a theme's colours decide. The second theme of a state the first one passed changes colours and
 * nothing else (the same markup, names, roles and focus order), so it runs these alone: axe's other rules on the
 * same DOM can only say again what they said, at a cost that was a quarter of the browser suite.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Runs axe on the page as it is now and fails with a readable list: rule, impact, help and the nodes.
 * `coloursOnly`: the same state was checked in the other theme a moment ago; only the colours are new.
 */
async function expectNoViolations(page: Page, state: string, { soft = false, coloursOnly = false } = {}) {
  await settle(page);
  const axe = new AxeBuilder({ page });
  const { violations } = await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(TAGS)).analyze();
  (soft ? expect.soft : expect)(
    formatViolations(violations),
    `axe violations on ${state} (${page.url()})`,
  ).toBe("");
}

function formatViolations(violations: Violations): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} [${violation.impact ?? "no impact"}] ${violation.help}`,
        `  ${violation.helpUrl}`,
        ...violation.nodes.map(
          (node) =>
            `  - ${node.target.map(String).join(" ")}\n      ${node.html.slice(0, 200)}\n` +
            `      ${(node.failureSummary ?? "").replaceAll("\n", "\n      ")}`,
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

/** Waits for hydration (toasts, toggles and the map need React) and for running CSS transitions to end. */
async function settle(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
  // A fading toast or button has a colour halfway between two states: axe would judge a colour nobody sees.
  // What is not rendered (a closed disclosure's panel) is skipped: its transitions stand still until shown.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (!(animation instanceof CSSTransition)) return true;
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return target !== null && !target.checkVisibility();
    }),
  );
}

/** Scrolls the map into view (it loads then) and waits for its tiles and marker. */
async function showMap(page: Page) {
  await page.getByRole("heading", { name: "Location" }).scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-marker-icon")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".leaflet-tile-loaded").first()).toBeVisible();
}

/**
 * Waits for a toast and rests the pointer on it: sonner pauses its 5-second timer while hovered, so the toast
 * is still there when axe runs on a slow machine. Returns it, to check afterwards that it was.
 */
async function holdToast(page: Page, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
  return toast;
}

/** Screens a visitor can open; the auth screens redirect signed-in users, so they are checked signed out. */
const PUBLIC_SCREENS = [
  ["Explore", "/"],
  ["Offers", "/offers"],
  ["Places for rent", "/category/rent"],
  ["Places for sale", "/category/sale"],
  ["Forgot Password", "/forgot-password"],
  ["Reset password without a token", "/reset-password"],
  ["Reset password with a token", "/reset-password?token=not-checked-until-submit"],
  ["404 page", "/no-such-page"],
  ["404 for an unknown category", "/category/castles"],
  ["Search within a radius of a place", "/search?near=48.8566,2.3522&radius=2&place=Paris"],
  ["Search with a place not found", "/search?q=Zzyzxqvland&within=2"],
] as const;

/**
 * Checks each screen of `screens` in turn on one page: axe in the light theme, then in the dark one on the same
 * load (the theme follows prefers-color-scheme, so switching it in place is what a user's system setting does).
 * Soft assertions, so one screen's violations do not hide the next screen's.
 */
async function expectScreensAccessible(page: Page, screens: ReadonlyArray<readonly [string, string]>) {
  for (const [name, path] of screens) {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(path);
    await expectNoViolations(page, name, { soft: true });
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoViolations(page, `${name}, dark`, { soft: true, coloursOnly: true });
  }
}

/** `screens` in groups of `size` that several workers can take at once (the list pages load their map too). */
function groupsOf<T>(screens: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(screens.length / size) }, (_, group) =>
    screens.slice(group * size, group * size + size),
  );
}

/** The screens a visitor checks. */
const SIGNED_OUT_SCREENS = [...PUBLIC_SCREENS, ["Sign in", "/sign-in"], ["Sign up", "/sign-up"]] as const;
const SIGNED_OUT_GROUPS = groupsOf(SIGNED_OUT_SCREENS, 2);

test.describe("signed out", () => {
  for (const screens of SIGNED_OUT_GROUPS) {
    test(`${screens.map(([name]) => name).join(", ")}: light and dark`, async ({ page, othersListing }) => {
      expect(othersListing.listing.offer).toBe(true); // lists and offers have at least this listing
      await expectScreensAccessible(page, screens);
    });
  }

  test("API documentation: light and dark", async ({ page }) => {
    await expectScreensAccessible(page, [["API documentation", "/api/docs"]]);
  });

  test("listing page with photos, map and its popup", async ({ page, othersListing }) => {
    await page.goto(othersListing.path);
    await expect(page.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
    await expectNoViolations(page, "listing page, top");
    await showMap(page);
    await expectNoViolations(page, "listing page with the map");
    await page.locator(".leaflet-marker-icon").click();
    await expect(page.locator(".leaflet-popup-content")).toHaveText(othersListing.listing.location);
    await expectNoViolations(page, "listing page with the map popup open");
  });

  test("the search map beside the list: price pins, a chosen pin's card, drawing an area; light and dark", async ({
    page,
    othersListing,
    data,
  }) => {
    // A name of its own: every worker's othersListing shares one name and place, and would draw one cluster.
    const name = `Map pin cottage ${crypto.randomUUID().slice(0, 8)}`;
    await insertTestListing(data, othersListing.ownerId, {
      type: "sale",
      name,
      regularPrice: 420_000,
      photos: 1,
    });
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    const map = page.locator(".leaflet-container");
    const pin = map.getByRole("button", { name: new RegExp(name) });
    await expect(pin).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".leaflet-tile-loaded").first()).toBeVisible();
    await settle(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(page, `search with its map, ${scheme}`, {
        soft: true,
        coloursOnly: scheme === "dark",
      });
    }
    await pin.click();
    await expect(page.getByRole("region", { name: "Selected on the map" })).toBeVisible();
    await expectNoViolations(page, "search map with a chosen pin's card, dark", { soft: true });
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Draw an area" }).click();
    await expect(page.getByRole("button", { name: "Finish" })).toBeDisabled();
    await expectNoViolations(page, "search map while drawing an area, dark", { soft: true });
    await page.emulateMedia({ colorScheme: "light" });
    await expectNoViolations(page, "search map while drawing an area, light", { soft: true });
  });

  test("listing page with the full-screen viewer open, in both themes", async ({ page, othersListing }) => {
    await page.goto(othersListing.path);
    await settle(page);
    await page.getByRole("link", { name: "View full screen" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expectNoViolations(page, "the photo viewer");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoViolations(page, "the photo viewer, dark", { coloursOnly: true });
  });

  test("a category offline, with Could not fetch listings and Retry, in both themes", async ({ page }) => {
    const categoryCode = page.waitForResponse((response) => /\/assets\/category-/.test(response.url()));
    await page.goto("/");
    await settle(page);
    await categoryCode; // Explore fetches the categories' code ahead
    // The toasts' code loads once the page is idle: the connection drops after the page has fully loaded.
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
    await page.context().setOffline(true);
    await page.getByRole("link", { name: "Places for rent" }).click();
    await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
    const toast = await holdToast(page, "Could not fetch listings");
    await expectNoViolations(page, "offline category");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoViolations(page, "offline category, dark", { coloursOnly: true });
    await expect(toast).toBeVisible();
    await page.context().setOffline(false);
  });

  test("unknown listing: 404 page with its toast", async ({ page }) => {
    await page.goto("/category/rent/00000000-0000-4000-8000-000000000000");
    const toast = await holdToast(page, "Listing does not exist");
    await expectNoViolations(page, "unknown listing");
    await expect(toast).toBeVisible();
  });

  test("sign in: show-password toggle on, then a failed sign-in with its toast", async ({ page }) => {
    await page.goto("/sign-in");
    await settle(page);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await expectNoViolations(page, "sign in with the password shown");
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByRole("button", { name: "Sign In" }).click();
    const toast = await holdToast(page, "Bad User Credentials");
    await expectNoViolations(page, "sign in after a failure (alert and toast)");
    await expect(toast).toBeVisible();
  });

  test("forgot password: the success toast on sign in", async ({ page }) => {
    await page.goto("/forgot-password");
    await settle(page);
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    const toast = await holdToast(page, "Email was sent");
    await expectNoViolations(page, "sign in with the Email was sent toast");
    await expect(toast).toBeVisible();
  });

  // The browser suite's one empty marketplace: the lists' empty states are checked here, for what they say too.
  test("empty lists say so, with no Load More", async ({ browser }) => {
    // Only a database without listings shows the empty states: a second app instance gets a fresh one.
    const app = await startEmptyApp("homestead_e2e_a11y_empty");
    try {
      // axe needs a page of a context of its own (not browser.newPage()).
      const context = await browser.newContext({ baseURL: app.url });
      const page = await context.newPage();
      for (const [path, message] of [
        ["/offers", "There are no current offers"],
        ["/category/rent", "No listings for rent"],
        ["/category/sale", "No listings for sale"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByText(message)).toBeVisible();
        await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
        if (path === "/category/sale") continue; // the same screen as rent's, to axe
        await expectNoViolations(page, `empty ${path}`);
        await page.emulateMedia({ colorScheme: "dark" });
        await expectNoViolations(page, `empty ${path}, dark`, { coloursOnly: true });
        await page.emulateMedia({ colorScheme: "light" });
      }
      await context.close();
    } finally {
      await app.cleanup();
    }
  });
});

test.describe("signed in", () => {
  test.use({ signedIn: true });

  for (const screens of groupsOf(PUBLIC_SCREENS, 4)) {
    test(`${screens.map(([name]) => name).join(", ")}`, async ({ page, owner }) => {
      expect(owner.listing.id).toBeTruthy(); // the owner fixture signs the page in
      for (const [name, path] of screens) {
        await page.goto(path);
        await expectNoViolations(page, `${name}, signed in`, { soft: true });
      }
    });
  }

  test("someone else's listing, with Contact Landlord and the map", async ({
    page,
    owner,
    othersListing,
  }) => {
    expect(owner.userId).not.toBe(othersListing.ownerId);
    await page.goto(othersListing.path);
    await expect(page.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
    await showMap(page);
    await expectNoViolations(page, "someone else's listing, signed in");
  });

  test("own listing, with Edit and Delete instead of Contact Landlord, and the confirmation", async ({
    page,
    owner,
  }) => {
    await page.goto(owner.path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(owner.listing.name);
    await expect(page.getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);
    await expectNoViolations(page, "own listing");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "own listing, delete confirmation open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("profile with listings, and the delete confirmation", async ({ page, owner }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: owner.listing.name })).toBeVisible();
    // The statistics' text alternative open (the figures of each day as a table): one pass checks both.
    await page.getByText("Figures by day").click();
    await expect(page.getByRole("columnheader", { name: "Enquiries" })).toBeVisible();
    await expectNoViolations(page, "profile with listings and the statistics' figures by day");
    await page.getByText("Figures by day").click();
    await page.getByRole("button", { name: "change" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expectNoViolations(page, "profile, editing the name");
    await page.getByRole("button", { name: `Delete ${owner.listing.name}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "profile, delete confirmation open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The Feeds section of a private lister, with its links, and its "Make new links" confirmation.
    const feeds = page.getByRole("region", { name: "Feeds" });
    const create = feeds.getByRole("button", { name: "Create feed links" });
    if (await create.isVisible()) await create.click();
    await expect(feeds.getByRole("textbox", { name: "Kyero v3 (XML)", exact: true })).toBeVisible();
    await expectNoViolations(page, "profile, feed links");
    await feeds.getByRole("button", { name: "Make new links" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoViolations(page, "profile, make new feed links confirmation open");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("create listing: empty, then photos and validation messages", async ({ page, owner }) => {
    expect(owner.userId).toBeTruthy();
    await page.goto("/create-listing");
    const offerYes = page.getByRole("group", { name: "Offer" }).getByRole("button", { name: "Yes" });
    await expect(offerYes).toBeEnabled();
    await expectNoViolations(page, "create listing, empty");
    await offerYes.click();
    await page
      .getByLabel("Images", { exact: true })
      .setInputFiles([await photoFile("cover", "#b45309"), await photoFile("garden", "#15803d")]);
    await expect(page.getByText("2 of 6 images uploaded")).toBeVisible({ timeout: 30_000 });
    // Submitting with a short name and no prices shows every field message and the discount toast.
    await page.getByLabel("Name").fill("Short");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "create listing with photos and validation messages");
  });

  test("edit listing", async ({ page, owner }) => {
    await page.goto(`/edit-listing/${owner.listing.id}`);
    await expect(page.getByLabel("Name")).toHaveValue(owner.listing.name);
    await expectNoViolations(page, "edit listing");
  });

  test("contact landlord, and an unknown landlord", async ({ page, othersListing }) => {
    const listingName = othersListing.listing.name;
    await page.goto(`/contact/${othersListing.ownerId}?${new URLSearchParams({ listingName })}`);
    await expect(page.getByRole("heading", { name: "Contact Olivia Owner" })).toBeVisible();
    await page.getByLabel("Message").fill("Is the garden south facing?");
    await expectNoViolations(page, "contact landlord");
    await page.goto("/contact/no-such-landlord?listingName=Nothing");
    const toast = await holdToast(page, "Could not get landlord data");
    await expectNoViolations(page, "contact an unknown landlord");
    await expect(toast).toBeVisible();
  });

  test("messages: the relay contact page, a conversation and the list", async ({ page, data }) => {
    // A lister who keeps their e-mail private: their listing's contact page sends through the site.
    const lister = await createUser(data.db, { name: "Priya Private" });
    await data.db.updateTable("user").set({ keepEmailPrivate: true }).where("id", "=", lister.id).execute();
    const listing = await insertTestListing(data, lister.id, { name: "Tiny house in the orchard" });
    await page.goto(`/category/${listing.type}/${listing.id}`);
    await page.getByRole("link", { name: "Contact Landlord" }).click();
    await expect(page.getByRole("heading", { name: "Contact Priya Private" })).toBeVisible();
    await expectNoViolations(page, "contact landlord through the site");
    await page.getByLabel("Message").fill("Hello! Is the tiny house free in August?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Priya Private" })).toBeVisible();
    const toast = await holdToast(page, "Message sent");
    await expectNoViolations(page, "a conversation and its toast");
    await expect(toast).toBeVisible();
    await page.goto("/messages");
    await expect(page.getByRole("link", { name: /Priya Private/ })).toBeVisible();
    await expectNoViolations(page, "messages");
  });

  test("an agency: its public page, cards naming it, and the agency inbox with a conversation", async ({
    browser,
    data,
  }) => {
    test.setTimeout(180_000);
    // Its own manager, not the worker's owner: an agency inbox would change the other tests' /messages.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const manager = await signedIn(data, page, newAccount("Marta Manager"));
    const agent = await createUser(data.db, { name: "Anton Agent" });
    const enquirer = await createUser(data.db, { name: "Erin Enquirer" });
    const agencyId = crypto.randomUUID();
    const slug = `a11y-homes-${agencyId.slice(0, 8)}`;
    await data.db
      .insertInto("organization")
      .values({
        id: agencyId,
        name: "Accessible Homes",
        slug,
        createdAt: new Date(),
        about: "Homes for everyone.",
        officeAddress: "12 Rue de Rivoli, Paris, France",
        officeLat: 48.8553,
        officeLng: 2.3601,
        legalName: "Accessible Homes SARL",
        contactEmail: "office@accessible.example",
      })
      .execute();
    for (const [userId, role] of [
      [manager.id, "admin"],
      [agent.id, "agent"],
    ] as const) {
      await data.db
        .insertInto("member")
        .values({ id: crypto.randomUUID(), organizationId: agencyId, userId, role, createdAt: new Date() })
        .execute();
    }
    const listing = await insertTestListing(data, agent.id, { agencyId, name: "Step-free flat" });
    const now = Date.now();
    const threadId = crypto.randomUUID();
    await data.db
      .insertInto("messageThread")
      .values({
        id: threadId,
        listingId: listing.id,
        ownerId: agent.id,
        enquirerId: enquirer.id,
        createdAt: now,
        lastMessageAt: now,
      })
      .execute();
    await data.db
      .insertInto("message")
      .values({
        id: crypto.randomUUID(),
        threadId,
        authorId: enquirer.id,
        body: "Is it still free?",
        createdAt: now,
      })
      .execute();
    await page.goto(`/agencies/${slug}`);
    await expect(page.getByText("Listed by Anton Agent · Accessible Homes")).toBeVisible();
    await expectScreensAccessible(page, [
      ["agency page", `/agencies/${slug}`],
      ["agency inbox", "/messages"],
      ["an agency conversation", `/messages/${threadId}`],
    ]);
    await context.close();
  });

  test("profile: a new API key shown once, and the key list, light and dark", async ({ browser, data }) => {
    // An account of its own: the worker's owner keeps no keys other tests would see.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signedIn(data, page, newAccount("Kai Keymaker"));
    await page.goto("/profile");
    await page.getByLabel("Key name").fill("Our CRM");
    await page.getByRole("button", { name: "Create API key" }).click();
    await expect(page.getByLabel("Your new API key")).toContainText("hs_");
    await expectNoViolations(page, "profile, a new API key");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoViolations(page, "profile, a new API key, dark", { coloursOnly: true });
    await context.close();
  });

  test("viewings: the lister's Viewing times, Book a viewing and /viewings, light and dark", async ({
    page,
    owner,
    browser,
    data,
  }) => {
    test.setTimeout(240_000); // seven axe runs and two round trips
    // The owner's listing gets slots through its own form.
    const day = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(owner.path);
    const times = page.getByRole("region", { name: "Viewing times" });
    await times.getByLabel("Day").fill(day);
    await times.getByLabel("From").fill("10:00");
    await times.getByLabel("Until").fill("11:00");
    await times.getByRole("button", { name: "Add viewing times" }).click();
    // A round trip that also wakes the outbox: slow on a loaded machine.
    await expect(times.getByText(/20-minute slots/)).toBeVisible({ timeout: 30_000 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(page, `own listing with its viewing times, ${scheme}`, {
        coloursOnly: scheme === "dark",
      });
    }
    // A visitor books one: Book a viewing with their booking, then their /viewings.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const visitor = await context.newPage();
    await signedIn(data, visitor, newAccount("Vik Visitor"));
    await visitor.goto(owner.path);
    const book = visitor.getByRole("region", { name: "Book a viewing" });
    await book
      .getByText(/^10:00/)
      .first()
      .click();
    await book.getByRole("button", { name: "Book a viewing" }).click();
    await expect(book.getByText(/^Viewing booked:/)).toBeVisible({ timeout: 30_000 });
    for (const scheme of ["light", "dark"] as const) {
      await visitor.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(visitor, `Book a viewing with a booking, ${scheme}`, {
        coloursOnly: scheme === "dark",
      });
    }
    await visitor.goto("/viewings");
    await expect(visitor.getByRole("heading", { name: "Your viewings" })).toBeVisible();
    await expectNoViolations(visitor, "the visitor's viewings, dark");
    await context.close();
    // The lister's /viewings, with the booking by day and its Cancel open.
    await page.goto("/viewings");
    await expect(page.getByRole("heading", { name: "Bookings of your listings" })).toBeVisible();
    await page.locator("summary", { hasText: "Cancel" }).first().click();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoViolations(page, `the lister's viewings, ${scheme}`, { coloursOnly: scheme === "dark" });
    }
  });

  test("profile without listings", async ({ browser, data }) => {
    // A second account: the worker's owner has a listing by now. Contexts made in a test inherit its
    // storageState (the owner's session), hence the explicit empty one.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signedIn(data, page, newAccount("Nadia Newcomer"));
    await page.goto("/profile");
    await expect(page.getByText("You have no listings yet.")).toBeVisible();
    await expectNoViolations(page, "profile without listings");
    await context.close();
  });
});

test.describe("dark theme, signed out", () => {
  test.use({ colorScheme: "dark" });

  test("listing page with photos, map and a failed sign-in's toast", async ({ page, othersListing }) => {
    await page.goto(othersListing.path);
    await showMap(page);
    await expectNoViolations(page, "listing page, dark");
    await page.goto("/sign-in");
    await settle(page);
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    const toast = await holdToast(page, "Bad User Credentials");
    await expectNoViolations(page, "sign in after a failure, dark");
    await expect(toast).toBeVisible();
  });
});

test.describe("dark theme, signed in", () => {
  test.use({ signedIn: true, colorScheme: "dark" });

  test("profile, own listing, the listing form with its messages", async ({ page, owner }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: owner.listing.name })).toBeVisible();
    await expectNoViolations(page, "profile, dark");
    await page.goto(owner.path);
    await expectNoViolations(page, "own listing, dark");
    await page.goto("/create-listing");
    await expect(
      page.getByRole("group", { name: "Offer" }).getByRole("button", { name: "Yes" }),
    ).toBeEnabled();
    await page
      .getByLabel("Images", { exact: true })
      .setInputFiles([
        await photoFile("cover", "#b45309"),
        { name: "notes.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") },
      ]);
    await expect(page.getByText("1 of 6 images uploaded")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoViolations(page, "create listing with messages and a refused photo, dark");
  });
});

/** A real 1200x800 JPEG in one colour: the form uploads it through the image pipeline like any photo. */
async function photoFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: `${name}.jpg`, mimeType: "image/jpeg", buffer };
}
