import { mkdirSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, openAppData } from "#tests/support/app-data.ts";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { fillRequiredDetails } from "#tests/support/listing-form.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * Photo captions and floor plans through the real form and the listing page, and a site whose
 * LISTING_PHOTOS_MAX is 8. Screenshots of the form's photo fields and the page's gallery and plans at 390 and
 * 1440 px go to test-results/screenshots/ for people to look at.
 */

const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

// Uploads, image processing and geocoding make these flows longer than one page visit.
test.describe.configure({ timeout: 180_000 });

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });
const WIDTHS = [390, 1440] as const;

/** A real photo of the demo data (the name the form shows is its file name). */
const demoPhoto = (name: string) => path.join(REPO_ROOT, "tooling/demo-data/photos", name);

/** A floor plan as agents draw them: black walls on white, rooms named. */
async function makeFloorPlan() {
  const dir = await mkdtemp(path.join(tmpdir(), "homestead-floor-plan-"));
  const file = path.join(dir, "ground-floor.png");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#fff"/>
    <g fill="none" stroke="#222" stroke-width="10">
      <rect x="100" y="100" width="1000" height="600"/>
      <path d="M560 100v330M100 430h700M800 430v270M800 560h300"/>
    </g>
    <g font-family="sans-serif" font-size="36" fill="#333">
      <text x="240" y="280">Living room</text><text x="760" y="280">Kitchen</text>
      <text x="330" y="580">Bedroom</text><text x="890" y="520">Bath</text>
    </g>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

async function openForm(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole("group", { name: "Offer" }).getByRole("button", { name: "No" })).toBeEnabled();
}

async function fillBasics(page: Page, name: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Address", { exact: true }).fill("5 Quai de la Tournelle, Paris");
  await page.getByLabel("Regular Price").fill("1850");
  await fillRequiredDetails(page);
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

/** One screenshot per width of `part` of the page (the whole page when none). */
async function screenshots(page: Page, name: string, part?: () => ReturnType<Page["locator"]>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SCREENSHOTS, `${name}-${width}.png`);
    if (part) await part().screenshot({ path: file, animations: "disabled" });
    else await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("photos carry captions (the viewer shows them, alt text says them) and a floor plan has its own section", async ({
  page,
  data,
}) => {
  const plan = await makeFloorPlan();
  await signedIn(data, page, newAccount("Petra Plans"));
  await openForm(page, "/create-listing");
  await fillBasics(page, "Bright flat with a floor plan");
  await page
    .getByLabel("Images", { exact: true })
    .setInputFiles([demoPhoto("interior-03.jpg"), demoPhoto("exterior-05.jpg")]);
  await expect(page.getByText("2 of 6 images uploaded")).toBeVisible();
  await page.getByLabel("Caption interior-03.jpg").fill("Kitchen with garden view");
  await page.getByLabel("Caption exterior-05.jpg").fill("The house from the street");
  await page.getByLabel("Floor plan", { exact: true }).setInputFiles([plan]);
  await expect(page.getByText("1 of 3 images uploaded")).toBeVisible();
  await page.getByLabel("Caption ground-floor.png").fill("Ground floor, 72 m²");
  // A floor plan is never the cover: only photos offer "Make cover".
  const plans = page.getByRole("list", { name: "Selected floor plans" });
  await expect(plans.getByRole("button", { name: /Make cover/ })).toHaveCount(0);
  await expectAccessible(page);
  for (const field of ["imageIds", "floorPlanIds"]) {
    await screenshots(page, `form-${field}`, () => page.locator(`div:has(> label[for="listing-${field}"])`));
  }
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
  const listingUrl = page.url();

  // The page: each photo's alt text is its caption, and the shown one's caption is written under it.
  const gallery = page.getByRole("region", { name: "Photos of Bright flat with a floor plan" });
  await expect(gallery.getByRole("img", { name: "Kitchen with garden view" })).toBeVisible();
  await expect(gallery.getByRole("img", { name: "The house from the street" })).toBeAttached();
  await expect(page.getByText("Kitchen with garden view", { exact: true })).toBeVisible();
  // The floor plan: its own section, not among the photos ("1 / 2": two photos).
  await expect(gallery.getByText("1 / 2")).toBeVisible();
  const floorPlan = page.getByRole("region", { name: "Floor plan" });
  await expect(floorPlan.getByRole("img", { name: "Ground floor, 72 m²" })).toBeVisible();
  await expect(gallery.getByRole("img", { name: "Ground floor, 72 m²" })).toHaveCount(0);
  await expect(gallery.getByRole("link", { name: "Floor plan" })).toHaveAttribute("href", "#floor-plan");
  await expectAccessible(page);
  await screenshots(page, "listing-captions-floor-plan");

  // The viewer shows the caption under the photo, and the next photo's with it.
  await page.getByRole("link", { name: "View full screen" }).click();
  const viewer = page.getByRole("dialog", { name: "Photos of Bright flat with a floor plan" });
  await expect(viewer.getByRole("status")).toHaveText("Photo 1 of 2");
  await expect(viewer.getByRole("img", { name: "Kitchen with garden view" })).toBeVisible();
  await expect(viewer.getByText("Kitchen with garden view", { exact: true })).toBeVisible();
  await viewer.getByRole("button", { name: "Next photo" }).click();
  await expect(viewer.getByText("The house from the street", { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, "photo-viewer-caption-390.png") });
  await page.setViewportSize({ width: 1280, height: 720 });
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);

  // The floor plan opens full screen too.
  await floorPlan.getByRole("button", { name: "Ground floor, 72 m²" }).click();
  const planViewer = page.getByRole("dialog", { name: "Floor plans of Bright flat with a floor plan" });
  await expect(planViewer.getByRole("status")).toHaveText("Floor plan 1 of 1");
  await planViewer.getByRole("button", { name: "Close" }).click();

  // Editing shows the captions and saves a changed one.
  await openForm(page, listingUrl.replace(/\/category\/rent\//, "/edit-listing/"));
  await expect(page.getByLabel("Caption Photo 1")).toHaveValue("Kitchen with garden view");
  await expect(page.getByLabel("Caption Floor plan 1")).toHaveValue("Ground floor, 72 m²");
  await page.getByLabel("Caption Photo 1").fill("Open kitchen");
  await page.getByRole("button", { name: "Edit Listing" }).click();
  await expect(page).toHaveURL(listingUrl);
  await expect(gallery.getByRole("img", { name: "Open kitchen" })).toBeVisible();
  await expect(floorPlan.getByRole("img", { name: "Ground floor, 72 m²" })).toBeVisible();
});

test("a site with LISTING_PHOTOS_MAX=8 takes 8 photos and says Max 8 images for a 9th", async ({
  browser,
}) => {
  const app = await startEmptyApp("homestead_e2e_photos_max", { LISTING_PHOTOS_MAX: "8" });
  const context = await browser.newContext({ baseURL: app.url });
  const data = await openAppData(app.env);
  try {
    const page = await context.newPage();
    await signedIn(data, page, newAccount("Otto Eight"));
    await openForm(page, "/create-listing");
    await expect(page.getByText("The first image will be the cover (max 8).")).toBeVisible();
    await fillBasics(page, "A home with eight photos");
    const eight = Array.from({ length: 8 }, (_, index) =>
      demoPhoto(`interior-${String(index + 1).padStart(2, "0")}.jpg`),
    );
    await page.getByLabel("Images", { exact: true }).setInputFiles(eight);
    await expect(page.getByText("8 of 8 images uploaded")).toBeVisible({ timeout: 60_000 });
    await page.getByLabel("Images", { exact: true }).setInputFiles([demoPhoto("exterior-01.jpg")]);
    await expect(page.locator("[data-sonner-toast]", { hasText: "Max 8 images" })).toBeVisible();
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
    await expect(page.getByText("1 / 8")).toBeVisible();
  } finally {
    await context.close();
    await data.close();
    await app.cleanup();
  }
});
