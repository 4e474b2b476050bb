import { randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { startEmptyApp } from "./empty-app.ts";

const test = base.extend<object, { data: AppData }>({
  data: appDataFixture,
});

/**
 * What frames every page: the header with the site's name and logo, the navigation (the header's on wide
 * screens, the tab bar on phones), the footer, the icons and manifest, and the theme that follows the system.
 */

test("a wide screen has a header with the name, the navigation and List your home; no tab bar", async ({
  page,
  data,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/category/rent");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Homestead" })).toHaveAttribute("href", "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  await expect(nav.getByRole("link")).toHaveText(["Explore", "Offers", "Search", "Sign In"]);
  // A category is part of Explore.
  await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "true");
  await banner.getByRole("link", { name: "List your home" }).click();
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fcreate-listing");
  await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("aria-current", "page");

  // Signed in, Sign In becomes Profile, with Saved (homes) and Messages before it.
  await signedIn(data, page, newAccount("Hedda Header"));
  await page.goto("/");
  await expect(nav.getByRole("link")).toHaveText([
    "Explore",
    "Offers",
    "Search",
    "Saved",
    "Messages",
    "Profile",
  ]);
  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("contentinfo")).toContainText("Homestead");
});

test("the icons, the manifest and the theme colour are there", async ({ page, request }) => {
  await page.goto("/");
  const head = page.locator("head");
  await expect(head.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
    "href",
    "/favicon.svg",
  );
  await expect(head.locator('meta[name="theme-color"]')).toHaveCount(2);
  const manifestUrl = await head.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await request.get(manifestUrl!);
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as { name: string; icons: { src: string; sizes: string }[] };
  expect(body.name).toBe("Homestead");
  for (const src of [
    ...body.icons.map((icon) => icon.src),
    "/icons/apple-touch-icon.png",
    "/icons/icon-32.png",
    "/favicon.svg",
  ]) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\//);
  }
  expect(body.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
});

test("the theme follows the system: dark pages with light text", async ({ browser, baseURL }) => {
  const colours = async (colorScheme: "light" | "dark") => {
    const context = await browser.newContext({ baseURL, colorScheme });
    const page = await context.newPage();
    await page.goto("/");
    const result = await page.evaluate(() => ({
      page: getComputedStyle(document.documentElement).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));
    await context.close();
    return result;
  };
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const light = await colours("light");
  const dark = await colours("dark");
  expect(luminance(light.page)).toBeGreaterThan(200);
  expect(luminance(light.text)).toBeLessThan(60);
  expect(luminance(dark.page)).toBeLessThan(40);
  expect(luminance(dark.text)).toBeGreaterThan(200);
});

test("SITE_NAME and SITE_LOGO_URL put an agency's name and logo on every page", async ({ browser }) => {
  // An instance of its own: the name is read at start.
  const app = await startEmptyApp("homestead_e2e_site_name", {
    SITE_NAME: "Harbour Homes",
    SITE_LOGO_URL: "/icons/icon-192.png",
  });
  try {
    const page = await browser.newPage({ baseURL: app.url });
    await page.goto("/");
    const home = page.getByRole("banner").getByRole("link", { name: "Harbour Homes" });
    await expect(home).toBeVisible();
    await expect(home.locator("img")).toHaveAttribute("src", "/icons/icon-192.png");
    expect(await home.locator("img").evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(192);
    await expect(page).toHaveTitle("Explore homes for rent and for sale · Harbour Homes");
    await expect(page.getByText("Harbour Homes lists homes for rent and for sale")).toBeVisible();
    await page.goto("/offers");
    await expect(page).toHaveTitle("Offers · Harbour Homes");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle("Page not found · Harbour Homes");
    const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { name: string };
    expect(manifest.name).toBe("Harbour Homes");
    await page.close();
  } finally {
    await app.cleanup();
  }
});

test("a phone's tab bar: Explore, Search, Saved, Messages with its unread count, Profile", async ({
  page,
  data,
}) => {
  // A visitor's bar (Sign In where Profile is) is checked in accounts.spec.ts; this one is a signed-in user's.
  await page.setViewportSize({ width: 390, height: 844 });
  const nav = page.getByRole("navigation", { name: "Main" });

  // Someone enquires about a home of this user: one unread message.
  const { id: userId } = await signedIn(data, page, newAccount("Tabitha Tabs"));
  const enquirer = await createUser(data.db);
  const listing = await insertTestListing(data, userId, { name: "Tab bar test cottage" });
  const threadId = randomUUID();
  const now = Date.now();
  await data.db
    .insertInto("messageThread")
    .values({
      id: threadId,
      listingId: listing.id,
      ownerId: userId,
      enquirerId: enquirer.id,
      createdAt: now,
      lastMessageAt: now,
      ownerReadAt: 0,
      enquirerReadAt: now,
    })
    .execute();
  await data.db
    .insertInto("message")
    .values({
      id: randomUUID(),
      threadId,
      authorId: enquirer.id,
      body: "Is it still available?",
      createdAt: now,
    })
    .execute();
  await page.goto("/saved");
  await expect(nav.getByRole("link")).toHaveText(
    ["Explore", "Search", "Saved", "Messages", "Profile"].map((name) => new RegExp(name)),
  );
  await expect(nav.getByRole("link", { name: "Messages" })).toHaveAccessibleName("1 unread Messages");
  await expect(nav.getByRole("link", { name: "Saved" })).toHaveAttribute("aria-current", "page");
  // Every tab fits the phone's width: none runs past the screen.
  const boxes = await nav
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
  expect(Math.max(...boxes)).toBeLessThanOrEqual(390);
  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL("/profile");
});

/** Whether two boxes share any pixel. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectToastClearOfHeader(page: Page) {
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  const controls = page.getByRole("banner").locator("a, button");
  // The toast slides in from above: where it rests is what counts, so the boxes are measured until it does
  // (a toast that rests on a control still fails, naming it).
  const covered = async () => {
    const toastBox = await toast.boundingBox();
    if (!toastBox) return ["(no toast)"];
    const names: string[] = [];
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const box = await control.boundingBox();
      if (box && overlaps(toastBox, box)) names.push((await control.textContent()) ?? "");
    }
    return names;
  };
  await expect.poll(covered, { message: "header controls the toast covers" }).toEqual([]);
}

test("a toast sits below the header and covers none of its links, on a phone and a wide screen", async ({
  page,
  data,
}) => {
  await signedIn(data, page, newAccount("Toby Toast"));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/search?q=toast${width}${Date.now()}`);
    await page.getByRole("main").getByText("Save this search", { exact: true }).click();
    await page.getByRole("button", { name: "Instant" }).click();
    await expectToastClearOfHeader(page);
  }
});

test("the German header on a phone shows the whole name and a shorter List a home", async ({ browser }) => {
  const app = await startEmptyApp("homestead_e2e_german_header", { LOCALE: "de" });
  try {
    const page = await browser.newPage({ baseURL: app.url, viewport: { width: 390, height: 844 } });
    await page.goto("/search");
    const banner = page.getByRole("banner");
    const name = banner.getByRole("link", { name: "Homestead" });
    await expect(name).toBeVisible();
    const brand = name.getByText("Homestead", { exact: true });
    expect(await brand.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
    const cta = banner.getByRole("link", { name: "Zuhause inserieren" });
    await expect(cta).toBeVisible();
    // The name and the button stay side by side, inside the screen.
    const nameBox = (await name.boundingBox())!;
    const ctaBox = (await cta.boundingBox())!;
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(ctaBox.x);
    expect(ctaBox.x + ctaBox.width).toBeLessThanOrEqual(390);
    await page.close();
  } finally {
    await app.cleanup();
  }
});
