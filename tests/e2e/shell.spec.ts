import { expect, test } from "@playwright/test";
import { newAccount, signUp } from "#tests/support/accounts.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * What frames every page: the header with the site's name and logo, the navigation (the header's on wide
 * screens, the tab bar on phones), the footer, the icons and manifest, and the theme that follows the system.
 */

test("a wide screen has a header with the name, the navigation and List your home; no tab bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/category/rent");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Homestead" })).toHaveAttribute("href", "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  await expect(nav.getByRole("link")).toHaveText(["Explore", "Offers", "Sign In"]);
  // A category is part of Explore.
  await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "true");
  await banner.getByRole("link", { name: "List your home" }).click();
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fcreate-listing");
  await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("aria-current", "page");

  // Signed in, Sign In becomes Profile, with Saved (homes) and Messages before it.
  await signUp(page, newAccount("Hedda Header"));
  await expect(nav.getByRole("link")).toHaveText(["Explore", "Offers", "Saved", "Messages", "Profile"]);
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
