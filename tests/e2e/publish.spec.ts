import { mkdirSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { imageFileKeys } from "#app/modules/image/image.service.server.ts";
import { newAccount, signIn } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { fillRequiredDetails, type RequiredDetails } from "#tests/support/listing-form.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";

/**
 * Publishing: create, edit and delete listings with photos through the real form, against the
 * production build with the offline geocoder. Each test makes its own users, so tests run in parallel; the
 * @smoke journey signs in through the Welcome Back! screen, the others start signed in.
 */
const test = base.extend<object, { data: AppData; photos: Photos }>({
  data: appDataFixture,
  photos: [
    // biome-ignore lint/correctness/noEmptyPattern: see above.
    async ({}, use) => {
      await use(await makePhotos());
    },
    { scope: "worker" },
  ],
});

// Uploads, image processing and geocoding make these flows longer than one page visit.
test.describe.configure({ timeout: 180_000 });

const SCREENSHOTS = "test-results/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });

type Photos = Record<"red" | "green" | "blue" | "amber" | "violet" | "grey" | "teal", string> & {
  gif: string;
  fakeJpeg: string;
};

/** Real JPEG and PNG photos made with sharp (distinct colours, so each is its own file), plus two bad files. */
async function makePhotos(): Promise<Photos> {
  const dir = await mkdtemp(path.join(tmpdir(), "homestead-publish-"));
  const colours = {
    red: ["#c0392b", "jpg"],
    green: ["#27ae60", "png"],
    blue: ["#2c6fbb", "jpeg"],
    amber: ["#e6a100", "png"],
    violet: ["#7d3c98", "jpg"],
    grey: ["#7f8c8d", "jpg"],
    teal: ["#16a085", "png"],
  } as const;
  const files: Partial<Photos> = {};
  for (const [name, [colour, extension]] of Object.entries(colours)) {
    const file = path.join(dir, `${name}-house.${extension}`);
    const image = sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } });
    await (extension === "png" ? image.png() : image.jpeg()).toFile(file);
    files[name as keyof typeof colours] = file;
  }
  files.gif = path.join(dir, "animation.gif");
  await sharp({ create: { width: 40, height: 40, channels: 3, background: "#000" } })
    .gif()
    .toFile(files.gif);
  files.fakeJpeg = path.join(dir, "not-a-photo.jpg");
  await writeFile(files.fakeJpeg, "this is text, not a photo");
  return files as Photos;
}

/** A sonner toast with this text (the inline alert may repeat it, so toasts are found by their own marker). */
function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]", { hasText: text });
}

/** Opens the listing form and waits until it is interactive (its JavaScript-only controls are enabled). */
async function openForm(page: Page, url: string) {
  await page.goto(url);
  await expect(choice(page, "Offer", "No")).toBeEnabled();
}

/** Clicks a control of a server-rendered page until `effect` shows (a click before hydration does nothing). */
async function clickUntil(control: Locator, effect: () => Promise<void>) {
  await expect(async () => {
    await control.click();
    await effect();
  }).toPass({ timeout: 20_000 });
}

function choice(page: Page, group: string, option: string) {
  return page.getByRole("group", { name: group }).getByRole("button", { name: option, exact: true });
}

type ListingInput = RequiredDetails & {
  type?: "Sell" | "Rent";
  name: string;
  bedrooms?: string;
  bathrooms?: string;
  parking?: boolean;
  furnished?: boolean;
  address: string;
  regularPrice: string;
  discountedPrice?: string;
  photos: string[];
};

/** Fills the listing form the way a user would, and waits for every photo to be uploaded. */
async function fillListing(page: Page, listing: ListingInput) {
  if (listing.type) await choice(page, "Sell / Rent", listing.type).click();
  await page.getByLabel("Name").fill(listing.name);
  if (listing.bedrooms) await page.getByLabel("Bedrooms").fill(listing.bedrooms);
  if (listing.bathrooms) await page.getByLabel("Bathrooms").fill(listing.bathrooms);
  if (listing.parking) await choice(page, "Parking spot", "Yes").click();
  if (listing.furnished) await page.getByLabel("Furnished", { exact: true }).selectOption("Furnished");
  await fillRequiredDetails(page, listing);
  await page.getByLabel("Address", { exact: true }).fill(listing.address);
  await page.getByLabel("Regular Price").fill(listing.regularPrice);
  if (listing.discountedPrice) {
    await choice(page, "Offer", "Yes").click();
    await page.getByLabel("Discounted Price").fill(listing.discountedPrice);
  }
  await page.getByLabel("Images", { exact: true }).setInputFiles(listing.photos);
  await expectUploaded(page, listing.photos.length);
}

async function expectUploaded(page: Page, count: number) {
  await expect(page.getByText(`${count} of 6 images uploaded`)).toBeVisible();
}

/** Creates a listing through the form and returns its id (from the page it lands on). */
async function publish(page: Page, listing: ListingInput) {
  await openForm(page, "/create-listing");
  await fillListing(page, listing);
  await page.getByRole("button", { name: "Create Listing" }).click();
  const category = listing.type === "Sell" ? "sale" : "rent";
  await expect(page).toHaveURL(new RegExp(`/category/${category}/[0-9a-f-]{36}$`));
  await expect(toast(page, "Listing saved")).toBeVisible();
  return page.url().split("/").at(-1)!;
}

/** The category list, with Load More clicked until the card named `name` shows (other tests add listings). */
async function findCard(page: Page, category: "rent" | "sale", name: string) {
  await page.goto(`/category/${category}`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  for (let round = 0; round < 20 && !(await card.isVisible()); round++) {
    const more = page.getByRole("link", { name: "Load More" });
    if (!(await more.isVisible())) break;
    await more.click();
    await page.waitForLoadState("networkidle");
  }
  await expect(card).toBeVisible();
  return card;
}

/** WCAG 2.1 AA, as axe checks it. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
}

async function newUserPage(browser: Browser, data: AppData) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signedIn(data, page, newAccount("Mallory Other"));
  return { page, account, close: () => context.close() };
}

async function listingImages(data: AppData, listingId: string) {
  return data.db
    .selectFrom("image")
    .selectAll()
    .where("listingId", "=", listingId)
    .orderBy("position")
    .execute();
}

test("a press while photos upload is kept: Uploading photos… 1 of 3, then saved once the last is up", async ({
  page,
  photos,
  data,
}) => {
  await signedIn(data, page, newAccount("Wanda Waiting"));
  await openForm(page, "/create-listing");
  await page.getByLabel("Name").fill("Flat saved after its photos");
  await fillRequiredDetails(page);
  await page.getByLabel("Address", { exact: true }).fill("5 Quai de la Tournelle, Paris");
  await page.getByLabel("Regular Price").fill("1750");
  // A slow connection: each photo's upload is held until the test lets it through, one after the other, so the
  // count is seen at each step however busy the machine is.
  const held: Array<() => void> = [];
  await page.route("**/api/uploads/*", async (route) => {
    if (route.request().method() === "PATCH") await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.red, photos.green, photos.blue]);
  const create = page.getByRole("button", { name: "Create Listing" });
  await create.click();
  // One press: kept while the photos upload, with the spinner and the count, then the listing saves itself.
  await expect(create).toHaveAttribute("aria-busy", "true");
  const progress = page.getByRole("status").filter({ hasText: /Uploading photos… \d of 3/ });
  await expect(progress).toHaveText("Uploading photos… 0 of 3");
  for (const uploaded of [1, 2, 3]) {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    held.shift()!();
    if (uploaded < 3) await expect(progress).toHaveText(`Uploading photos… ${uploaded} of 3`);
  }
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(toast(page, "Listing saved")).toBeVisible();
  const id = page.url().split("/").at(-1)!;
  expect(await listingImages(data, id)).toHaveLength(3);
});

test("a failed photo stops the save with Images not uploaded until it is retried or removed", async ({
  page,
  photos,
  data,
}) => {
  await signedIn(data, page, newAccount("Fiona Failure"));
  await openForm(page, "/create-listing");
  await page.getByLabel("Name").fill("Flat with a stubborn photo");
  await fillRequiredDetails(page);
  await page.getByLabel("Address", { exact: true }).fill("5 Quai de la Tournelle, Paris");
  await page.getByLabel("Regular Price").fill("1750");
  // The server refuses to start one photo's upload (as a full disk or a broken proxy would).
  const blue = Buffer.from(path.basename(photos.blue)).toString("base64");
  await page.route("**/api/uploads", (route) =>
    route.request().method() === "POST" && route.request().headers()["upload-metadata"]?.includes(blue)
      ? route.fulfill({ status: 400, contentType: "text/plain", body: "The upload could not be stored" })
      : route.continue(),
  );
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.red, photos.blue]);
  await expectUploaded(page, 1);
  const tile = page.getByRole("list", { name: "Selected photos" }).getByRole("listitem").nth(1);
  await expect(tile).toContainText("The upload could not be stored");
  await expect(toast(page, "Images not uploaded")).toHaveCount(1);

  const create = page.getByRole("button", { name: "Create Listing" });
  await create.click();
  await expect(page.getByRole("main").getByText("Images not uploaded", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Images", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/create-listing");

  // Retried (the server takes it this time): the form saves with both photos, and the error toasts go.
  await page.unroute("**/api/uploads");
  await tile.getByRole("button", { name: `Retry ${path.basename(photos.blue)}` }).click();
  await expectUploaded(page, 2);
  await create.click();
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Listing saved")).toBeVisible();
  await expect(toast(page, "Images not uploaded")).toHaveCount(0);
  expect(await listingImages(data, page.url().split("/").at(-1)!)).toHaveLength(2);

  // Three refused files at once: one toast for the choice, each tile saying why; removed, the form saves.
  await openForm(page, "/create-listing");
  await page.getByLabel("Name").fill("Flat after three wrong files");
  await fillRequiredDetails(page);
  await page.getByLabel("Address", { exact: true }).fill("5 Quai de la Tournelle, Paris");
  await page.getByLabel("Regular Price").fill("1750");
  const gifs = await threeGifs();
  await page.getByLabel("Images", { exact: true }).setInputFiles([...gifs, photos.green]);
  await expectUploaded(page, 1);
  await expect(page.getByText("Only .jpg, .jpeg and .png images are accepted")).toHaveCount(3);
  await expect(toast(page, "Images not uploaded")).toHaveCount(1);
  await create.click();
  await expect(page.getByRole("main").getByText("Images not uploaded", { exact: true })).toBeVisible();
  for (const gif of gifs) await page.getByRole("button", { name: `Remove ${path.basename(gif)}` }).click();
  await create.click();
  await expect(page).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Listing saved")).toBeVisible();
});

/** Three GIFs (refused by type before any upload), each its own file. */
async function threeGifs() {
  const dir = await mkdtemp(path.join(tmpdir(), "homestead-gifs-"));
  return Promise.all(
    ["one", "two", "three"].map(async (name) => {
      const file = path.join(dir, `${name}.gif`);
      await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
        .gif()
        .toFile(file);
      return file;
    }),
  );
}

test("photos can be dropped on Add photos", async ({ page, photos, data }) => {
  await signedIn(data, page, newAccount("Dori Dropper"));
  await openForm(page, "/create-listing");
  const zone = page.getByText("Add photos", { exact: true });
  await expect(zone).toBeVisible();
  const bytes = (await readFile(photos.red)).toString("base64");
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const content = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([content], "dropped.jpg", { type: "image/jpeg" }));
    return transfer;
  }, bytes);
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
  await expectUploaded(page, 1);
  await expect(page.getByRole("list", { name: "Selected photos" })).toContainText("dropped.jpg");
});

test("visitors are sent to sign in before creating or editing", async ({ page }) => {
  await page.goto("/create-listing");
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fcreate-listing");
  await page.goto("/edit-listing/some-id");
  await expect(page).toHaveURL("/sign-in?redirectTo=%2Fedit-listing%2Fsome-id");
});

test("publishes a rent listing and a sale offer with 3 photos, shown on their pages and the profile", {
  tag: "@smoke",
}, async ({ page, photos, data }) => {
  const account = await createAccount(data, newAccount("Paula Publisher"));
  await signIn(page, account);
  await openForm(page, "/create-listing");
  await expect(page.getByRole("heading", { name: "Create a Listing" })).toBeVisible();
  // SPEC.md section 4's defaults, and no coordinates (geocoding is always on).
  await expect(choice(page, "Sell / Rent", "Rent")).toHaveAttribute("aria-pressed", "true");
  await expect(choice(page, "Sell / Rent", "Sell")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByLabel("Bedrooms")).toHaveValue("1");
  await expect(page.getByLabel("Bathrooms")).toHaveValue("1");
  for (const group of ["Parking spot", "Offer"]) {
    await expect(choice(page, group, "No")).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page.getByLabel("Furnished", { exact: true })).toHaveValue("unfurnished");
  await expect(page.getByLabel("Regular Price")).toHaveValue("0");
  await expect(page.getByLabel("Regular Price")).toHaveAccessibleDescription("$ / Month");
  await expect(page.getByLabel("Discounted Price")).toHaveCount(0);
  await expect(page.getByLabel(/latitude|longitude/i)).toHaveCount(0);
  await expect(page.getByText("The first image will be the cover (max 6).", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Images", { exact: true })).toHaveAttribute("accept", ".jpg,.png,.jpeg");
  await page.screenshot({ path: `${SCREENSHOTS}/create-listing-empty.png`, fullPage: true });
  await expectAccessible(page);

  const rentName = "Sunny flat by the Louvre";
  const rentId = await publish(page, {
    name: rentName,
    bedrooms: "2",
    furnished: true,
    address: "12 Rue de Rivoli, Paris",
    regularPrice: "1850",
    photos: [photos.red],
  });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${rentName} - $1,850 / Month`);
  await expect(page.getByText("For Rent", { exact: true })).toBeVisible();

  const saleName = "Baker Street townhouse";
  await openForm(page, "/create-listing");
  await fillListing(page, {
    type: "Sell",
    name: saleName,
    bedrooms: "4",
    bathrooms: "2",
    parking: true,
    address: "221B Baker Street, London",
    regularPrice: "950000",
    discountedPrice: "900000",
    photos: [photos.green, photos.blue, photos.amber],
  });
  // A sale's price is not per month (its service charge is).
  await expect(page.getByLabel("Regular Price")).not.toHaveAccessibleDescription("$ / Month");
  await expect(page.getByText("Cover", { exact: true })).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/create-listing-3-photos.png`, fullPage: true });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create Listing" }).click();
  await expect(page).toHaveURL(/\/category\/sale\/[0-9a-f-]{36}$/);
  await expect(toast(page, "Listing saved")).toBeVisible();
  const saleId = page.url().split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${saleName} - $900,000`);
  await expect(page.getByText("For Sale", { exact: true })).toBeVisible();
  await expect(page.getByText("$50,000 discount")).toBeVisible();
  await expect(page.getByText(/London/).first()).toBeVisible();

  // The cover is served as WebP from /images/, cacheable for a year.
  const coverSrc = await page.locator("img[src^='/images/']").first().getAttribute("src");
  const cover = await page.request.get(coverSrc!);
  expect(cover.status()).toBe(200);
  expect(cover.headers()["content-type"]).toBe("image/webp");
  expect(cover.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const rentCard = await findCard(page, "rent", rentName);
  await expect(rentCard.getByRole("link")).toHaveAttribute("href", `/category/rent/${rentId}`);
  const saleCard = await findCard(page, "sale", saleName);
  await expect(saleCard.getByRole("link")).toHaveAttribute("href", `/category/sale/${saleId}`);

  await page.goto("/profile");
  const yours = page.getByRole("region", { name: "Your Listings" });
  // The cards' headings, newest first (the section's "Last 30 days" summary has a heading of its own).
  await expect(yours.getByRole("list").getByRole("heading", { level: 3 })).toHaveText([saleName, rentName]);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-your-listings.png`, fullPage: true });
  await expectAccessible(page);
  expect(account.email).toContain("@");
});

test("edits a listing: new price, a photo removed and one added, order kept", async ({
  page,
  photos,
  data,
}) => {
  await signedIn(data, page, newAccount("Edith Editor"));
  const name = "Canal house in Amsterdam";
  const id = await publish(page, {
    type: "Sell",
    name,
    address: "Prinsengracht 263, Amsterdam",
    regularPrice: "600000",
    photos: [photos.violet, photos.grey, photos.teal],
  });
  const before = await listingImages(data, id);
  expect(before).toHaveLength(3);

  await page.goto("/profile");
  await clickUntil(page.getByRole("button", { name: `Edit ${name}` }), () =>
    expect(page).toHaveURL(`/edit-listing/${id}`, { timeout: 5000 }),
  );
  await expect(choice(page, "Offer", "No")).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Edit Listing" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(choice(page, "Sell / Rent", "Sell")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Regular Price")).toHaveValue("600000");
  await expectUploaded(page, 3);

  await page.getByLabel("Regular Price").fill("575000");
  await page.getByRole("button", { name: "Remove Photo 2" }).click();
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.amber]);
  await expectUploaded(page, 3);
  await page.getByRole("button", { name: "Edit Listing" }).click();
  await expect(page).toHaveURL(`/category/sale/${id}`);
  await expect(toast(page, "Listing saved")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${name} - $575,000`);

  const after = await listingImages(data, id);
  expect(after).toHaveLength(3);
  expect(after[0]?.id).toBe(before[0]?.id);
  expect(after[1]?.id).toBe(before[2]?.id);
  expect(after.map((image) => image.id)).not.toContain(before[1]?.id);
  // The removed photo's files are gone too.
  const removed = before[1]!;
  for (const key of imageFileKeys(removed)) expect(await data.storage.exists(key)).toBe(false);
});

test("deletes a listing after confirmation, with its photos", async ({ page, photos, data }) => {
  await signedIn(data, page, newAccount("Dora Deleter"));
  const name = "Tiny studio to delete";
  const id = await publish(page, {
    name,
    address: "Via del Corso 1, Rome",
    regularPrice: "900",
    photos: [photos.blue, photos.red],
  });
  const images = await listingImages(data, id);

  await page.goto("/profile");
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete?" });
  await clickUntil(page.getByRole("button", { name: `Delete ${name}` }), () =>
    expect(dialog).toBeVisible({ timeout: 2000 }),
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Successfully deleted listings")).toBeVisible();
  await expect(page.getByText("You have no listings yet.")).toBeVisible();
  expect(await data.db.selectFrom("listing").select("id").where("id", "=", id).execute()).toEqual([]);
  expect(await listingImages(data, id)).toEqual([]);
  for (const image of images) {
    for (const key of imageFileKeys(image)) expect(await data.storage.exists(key)).toBe(false);
  }
  const gone = await page.request.get(`/category/rent/${id}`);
  expect(gone.status()).toBe(404);
});

test("shows every validation message of SPEC.md section 5 through the form", async ({
  page,
  photos,
  data,
}) => {
  await signedIn(data, page, newAccount("Vera Validator"));
  await openForm(page, "/create-listing");
  const submit = page.getByRole("button", { name: "Create Listing" });
  // In the page, not in a toast (toasts are checked on their own).
  const message = (text: string) => page.getByRole("main").getByText(text, { exact: true });

  await submit.click();
  await expect(message("Name is required")).toBeVisible();
  await expect(message("Address is required")).toBeVisible();
  await expect(message("Regular price must be between 50 and 750,000,000")).toBeVisible();
  await expect(message("Images are required")).toBeVisible();
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page).toHaveURL("/create-listing");

  await page.getByLabel("Name").fill("Too short");
  await page.getByLabel("Bedrooms").fill("0");
  await page.getByLabel("Bathrooms").fill("51");
  await page.getByLabel("Regular Price").fill("750000001");
  await submit.click();
  await expect(message("Name must be at least 10 characters")).toBeVisible();
  await expect(message("Bedrooms must be between 1 and 50")).toBeVisible();
  await expect(message("Bathrooms must be between 1 and 50")).toBeVisible();
  await expect(message("Regular price must be between 50 and 750,000,000")).toBeVisible();

  await page.getByLabel("Name").fill("A name that is fine");
  await page.getByLabel("Bedrooms").fill("50");
  await page.getByLabel("Bathrooms").fill("1");
  await page.getByLabel("Regular Price").fill("49");
  await submit.click();
  await expect(message("Regular price must be between 50 and 750,000,000")).toBeVisible();
  await expect(message("Name must be at least 10 characters")).toHaveCount(0);

  // Offer on: the discounted price is required, in range, and below the regular price.
  await page.getByLabel("Regular Price").fill("1000");
  await choice(page, "Offer", "Yes").click();
  await page.getByLabel("Discounted Price").fill("");
  await submit.click();
  await expect(message("Discounted price is required")).toBeVisible();
  await page.getByLabel("Discounted Price").fill("49");
  await submit.click();
  await expect(message("Discounted price must be between 50 and 750,000,000")).toBeVisible();
  await page.getByLabel("Discounted Price").fill("1000");
  await submit.click();
  await expect(toast(page, "Discounted price needs to be less than regular price")).toBeVisible();
  await expect(message("Discounted price needs to be less than regular price")).toBeVisible();

  // Offer off: the hidden discounted price is still checked (as the original app did).
  await choice(page, "Offer", "No").click();
  await expect(page.getByLabel("Discounted Price")).toHaveCount(0);
  await page.getByLabel("Regular Price").fill("900");
  await submit.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Discounted price needs to be less than regular price" }),
  ).toBeVisible();

  // Images: more than 6 refused before any upload; a non-image refused by type, a fake one by content.
  const seven = [
    photos.red,
    photos.green,
    photos.blue,
    photos.amber,
    photos.violet,
    photos.grey,
    photos.teal,
  ];
  await page.getByLabel("Images", { exact: true }).setInputFiles(seven);
  await expect(toast(page, "Max 6 images")).toBeVisible();
  await expect(page.getByRole("list", { name: "Selected photos" })).toHaveCount(0);
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.gif]);
  await expect(toast(page, "Images not uploaded")).toBeVisible();
  await expect(message("Only .jpg, .jpeg and .png images are accepted")).toBeVisible();
  await page.getByRole("button", { name: "Remove animation.gif" }).click();
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.fakeJpeg]);
  await expect(message("This file is not a readable image")).toBeVisible();
  await page.getByRole("button", { name: "Remove not-a-photo.jpg" }).click();

  // An address the geocoder cannot place is refused by the server, with the spec's toast.
  await fillRequiredDetails(page);
  await page.getByLabel("Regular Price").fill("1200");
  await page.getByLabel("Address", { exact: true }).fill("Xyzzy nowhere 12345");
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.red]);
  await expectUploaded(page, 1);
  await submit.click();
  await expect(toast(page, "Please enter a correct address")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a correct address" })).toBeVisible();
  await expect(page).toHaveURL("/create-listing");
  // The photo survives the refused save, so fixing the address is enough.
  await expectUploaded(page, 1);
  await page.getByLabel("Address", { exact: true }).fill("12 Rue de Rivoli, Paris");
  await submit.click();
  await expect(page).toHaveURL(/\/category\/rent\//);
  await expect(toast(page, "Listing saved")).toBeVisible();
});

test("the owner edits and deletes from the listing's own page, with the profile's confirmation", async ({
  page,
  browser,
  baseURL,
  data,
}) => {
  const account = await signedIn(data, page, newAccount("Owen Owner"));
  const listing = await insertTestListing(data, account.id, {
    name: "Owner's garden flat",
  });
  const listingPage = `/category/rent/${listing.id}`;

  // A visitor sees Contact Landlord and no owner's actions.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(listingPage);
  await expect(visitor.getByRole("link", { name: "Contact Landlord" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(visitor.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
  await visitor.close();

  await page.goto(listingPage);
  await expect(page.getByRole("link", { name: "Contact Landlord" })).toHaveCount(0);
  await expect(page.getByText(`Listed by ${account.name}`)).toBeVisible();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page).toHaveURL(`/edit-listing/${listing.id}`);
  await expect(page.getByLabel("Name")).toHaveValue(listing.name);

  await page.goto(listingPage);
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await expect(remove).toBeEnabled();
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete?" });
  await expect(dialog).toContainText(listing.name);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await listingImages(data, listing.id)).toHaveLength(1);

  await remove.click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL("/profile");
  await expect(toast(page, "Successfully deleted listings")).toBeVisible();
  await expect(page.getByText("You have no listings yet.")).toBeVisible();
  expect(
    await data.db.selectFrom("listing").select("id").where("id", "=", listing.id).executeTakeFirst(),
  ).toBeUndefined();
});

test("another user can neither edit nor delete a listing, not even with forged requests", async ({
  page,
  browser,
  photos,
  data,
}) => {
  await signedIn(data, page, newAccount("Olivia Owner"));
  const name = "Owner's own flat";
  const id = await publish(page, {
    name,
    address: "Karl-Marx-Allee 1, Berlin",
    regularPrice: "1300",
    photos: [photos.green],
  });
  const before = await data.db
    .selectFrom("listing")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const [photo] = await listingImages(data, id);

  const other = await newUserPage(browser, data);
  try {
    await other.page.goto(`/edit-listing/${id}`);
    await expect(other.page).toHaveURL("/");
    await expect(toast(other.page, "You can not edit that listing")).toBeVisible();
    await other.page.goto("/edit-listing/00000000-0000-0000-0000-000000000000");
    await expect(other.page).toHaveURL("/");
    await expect(toast(other.page, "Listing does not exist")).toBeVisible();

    // Forged: the other user's cookies, straight to the actions, skipping the form.
    const forgedEdit = await other.page.request.post(`/edit-listing/${id}`, {
      form: {
        type: "sale",
        name: "Hijacked by someone",
        bedrooms: "1",
        bathrooms: "1",
        parking: "false",
        furnished: "false",
        address: "12 Rue de Rivoli, Paris",
        offer: "false",
        regularPrice: "100",
        discountedPrice: "0",
        imageIds: photo!.id,
      },
      maxRedirects: 0,
    });
    expect(forgedEdit.status()).toBe(302);
    expect(forgedEdit.headers().location).toBe("/");
    const forgedDelete = await other.page.request.post("/profile", {
      form: { intent: "delete-listing", listingId: id },
      maxRedirects: 0,
    });
    expect(forgedDelete.status()).toBe(403);
  } finally {
    await other.close();
  }

  const after = await data.db
    .selectFrom("listing")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(after).toEqual(before);
  expect((await listingImages(data, id)).map((image) => image.id)).toEqual([photo!.id]);
  await page.goto(`/category/rent/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});

test("a photo upload survives a dropped connection and resumes", async ({ page, photos, data }) => {
  await signedIn(data, page, newAccount("Rita Resume"));
  await openForm(page, "/create-listing");
  // The first PATCH (the photo's bytes) dies on the way, as on a flaky mobile connection.
  const patches: string[] = [];
  await page.route("**/api/uploads/*", async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    patches.push(route.request().url());
    if (patches.length === 1) return route.abort("connectionreset");
    return route.continue();
  });
  await page.getByLabel("Images", { exact: true }).setInputFiles([photos.teal]);
  await expectUploaded(page, 1);
  expect(patches).toHaveLength(2);
  // tus-js-client kept the upload's URL: the retry went to the same upload, not a new one.
  expect(patches[1]).toBe(patches[0]);
  await expect(toast(page, "Images not uploaded")).toHaveCount(0);
});
