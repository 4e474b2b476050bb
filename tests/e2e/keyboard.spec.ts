import { test as base, expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount, verificationLink } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";

/**
 * A keyboard-only user signs up and publishes a listing: focus moves with Tab and Shift+Tab only, controls
 * are worked with Enter, Space, arrow keys and typing, photos come through the file chooser that Space opens.
 * No mouse, no locator.click()/fill(): a control that only answers to a pointer fails this test. At each
 * kind of control the focus must be visible.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
test.describe.configure({ timeout: 180_000 });

/** Enough to cross any screen here (fields, photo tiles' buttons, the bottom navigation) without looping forever. */
// The listing form has about fifty stops before its photos.
const MAX_TAB_STOPS = 80;

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a user would; fails with the stops it went
 * through, so a missing or misplaced tab stop is easy to see. The target is found first, within the expect
 * timeout (one that never appears fails here, not at the test's timeout); then each stop costs one key press
 * and one look at the focus, which on a busy machine is what a long walk across a page spends its time on.
 */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  await expect(target, `${target} is there to tab to`).toBeAttached();
  const element = await target.elementHandle();
  if (!element) throw new Error(`${target} is gone`);
  const focus = () =>
    element.evaluate((target) => {
      const focused = document.activeElement;
      if (focused === target) return { reached: true, stop: "" };
      if (!focused || focused === document.body) return { reached: false, stop: "(body)" };
      const name = focused.getAttribute("aria-label") ?? focused.textContent?.trim().slice(0, 40) ?? "";
      return {
        reached: false,
        stop: `<${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ""}> ${name}`,
      };
    });
  const stops: string[] = [];
  try {
    if ((await focus()).reached) return;
    for (let presses = 0; presses < MAX_TAB_STOPS; presses++) {
      await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
      const { reached, stop } = await focus();
      if (reached) return;
      stops.push(stop);
    }
  } finally {
    await element.dispose();
  }
  throw new Error(`Tab never reached ${target}; focus went through:\n  ${stops.join("\n  ")}`);
}

/**
 * The focused element shows where it is: it matches :focus-visible and draws an outline or a solid ring (a
 * box-shadow with no offset and no blur, as Tailwind's ring-* draws). A soft drop shadow does not count: the
 * inputs have one whether focused or not.
 */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    // Computed box-shadows read "rgb(...) 0px 0px 0px 2px, ..."; a ring is "0px 0px 0px Npx" with N > 0.
    const ring = /(?:^|\)\s)0px 0px 0px [1-9]/.test(style.boxShadow);
    return {
      focusVisible: element.matches(":focus-visible"),
      shown: outline || ring,
      style: `outline: ${style.outlineStyle} ${style.outlineWidth}; box-shadow: ${style.boxShadow}`,
    };
  });
  expect(indicator.focusVisible, `${target} matches :focus-visible`).toBe(true);
  expect(indicator.shown, `${target} shows its focus (${indicator.style})`).toBe(true);
}

/** Selects what a field holds and types over it, as a user does with Ctrl+A. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Opens the file chooser from the focused file input with Space and picks `files`. */
async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (await chooser).setFiles(files);
}

async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: `${name}.jpg`, mimeType: "image/jpeg", buffer };
}

/** Waits until React has hydrated the page: before that, Enter and Space on buttons do nothing. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

function choice(page: Page, group: string, option: string) {
  return page.getByRole("group", { name: group }).getByRole("button", { name: option, exact: true });
}

test("sign up and publish a listing with the keyboard only", async ({ page }) => {
  const account = newAccount("Kim Keyboard");
  await page.goto("/sign-up");
  await waitForHydration(page);

  // Sign up: Name, Email, Password, then past the show-password toggle to Sign Up.
  const name = page.getByLabel("Name");
  await tabTo(page, name);
  await expectVisibleFocus(name);
  await page.keyboard.type(account.name);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(account.password);
  const showPassword = page.getByRole("button", { name: "Show password" });
  await tabTo(page, showPassword);
  await expectVisibleFocus(showPassword);
  await page.keyboard.press("Space");
  await expect(showPassword).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  const signUpButton = page.getByRole("button", { name: "Sign Up" });
  await tabTo(page, signUpButton);
  await expectVisibleFocus(signUpButton);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/verify-email?redirectTo=%2F");
  await expect(page.getByText(account.email)).toBeVisible();
  // The link in the e-mail signs the new account in, opened as from a mail client.
  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL("/");

  // Explore → Profile (bottom navigation) → Sell or rent your home.
  await waitForHydration(page);
  const profileTab = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" });
  await tabTo(page, profileTab);
  await expectVisibleFocus(profileTab);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/profile");
  await waitForHydration(page);
  const sellLink = page.getByRole("link", { name: "Sell or rent your home" });
  await tabTo(page, sellLink);
  await expectVisibleFocus(sellLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/create-listing");

  // The form: the toggles need JavaScript and are disabled until the page is interactive.
  await expect(choice(page, "Offer", "Yes")).toBeEnabled();
  const sell = choice(page, "Sell / Rent", "Sell");
  await tabTo(page, sell);
  await expectVisibleFocus(sell);
  await page.keyboard.press("Space");
  await expect(sell).toHaveAttribute("aria-pressed", "true");
  await expect(choice(page, "Sell / Rent", "Rent")).toHaveAttribute("aria-pressed", "false");

  const listingName = "Harbour view family house";
  const nameField = page.getByLabel("Name");
  await tabTo(page, nameField);
  await expectVisibleFocus(nameField);
  await page.keyboard.type(listingName);
  // About the home: the property type and furnishing chosen by typing on the closed selects.
  const propertyType = page.getByLabel("Property type");
  await tabTo(page, propertyType);
  await expectVisibleFocus(propertyType);
  await page.keyboard.type("House");
  await expect(propertyType).toHaveValue("house");
  await tabTo(page, page.getByLabel("Description"));
  await page.keyboard.type("A family house by the harbour, with a garden and a bright kitchen.");
  const furnished = page.getByLabel("Furnished", { exact: true });
  await tabTo(page, furnished);
  await page.keyboard.type("Furnished");
  await expect(furnished).toHaveValue("furnished");

  // Parking spot Yes with Enter; on to the living area, then back to Parking spot No with Shift+Tab.
  const parkingYes = choice(page, "Parking spot", "Yes");
  await tabTo(page, parkingYes);
  await page.keyboard.press("Enter");
  await expect(parkingYes).toHaveAttribute("aria-pressed", "true");
  const livingArea = page.getByLabel("Living area");
  await tabTo(page, livingArea);
  await page.keyboard.type("1600");
  const parkingNo = choice(page, "Parking spot", "No");
  await tabTo(page, parkingNo, { backwards: true });
  await expectVisibleFocus(parkingNo);
  await tabTo(page, livingArea);

  // Bedrooms 1 → 3 and bathrooms 1 → 2 with the arrow keys.
  const bedrooms = page.getByLabel("Bedrooms");
  await tabTo(page, bedrooms);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(bedrooms).toHaveValue("3");
  await tabTo(page, page.getByLabel("Bathrooms"));
  await page.keyboard.press("ArrowUp");
  await expect(page.getByLabel("Bathrooms")).toHaveValue("2");

  await tabTo(page, page.getByLabel("Address", { exact: true }));
  await page.keyboard.type("12 Rue de Rivoli, Paris");
  const offerYes = choice(page, "Offer", "Yes");
  await tabTo(page, offerYes);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Discounted Price")).toBeVisible();
  await tabTo(page, page.getByLabel("Regular Price"));
  await typeOver(page, "950000");
  await tabTo(page, page.getByLabel("Discounted Price"));
  await typeOver(page, "900000");

  // Images: Space on the file input opens the chooser.
  const images = page.getByLabel("Images", { exact: true });
  await tabTo(page, images);
  await expectVisibleFocus(images);
  // The file input itself is hidden inside its drop zone, which draws the ring around the whole zone.
  const zone = page.locator("label").filter({ hasText: "Add photos" });
  expect(await zone.evaluate((element) => getComputedStyle(element).boxShadow)).toMatch(/0px 0px 0px [1-9]/);
  await chooseFiles(page, [await photo("front", "#1d4ed8"), await photo("garden", "#15803d")]);
  await expect(page.getByText("2 of 6 images uploaded")).toBeVisible({ timeout: 60_000 });

  const submit = page.getByRole("button", { name: "Create Listing" });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/category\/sale\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${listingName} - $900,000`);
  await expect(page.getByText("$50,000 discount")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Listing saved" })).toBeVisible();
});

/** The text of the photo tile that holds the focus, or a marker when the focus is outside every tile. */
function focusedTile(page: Page) {
  return page.evaluate(
    () => document.activeElement?.closest("[aria-label='Selected photos'] > li")?.textContent ?? "(no tile)",
  );
}

// Each of these buttons removes or moves its own tile: the focus must stay on a tile, not fall to <body>.
test("the photo tiles keep the focus when a photo is moved, made cover or removed", async ({
  page,
  data,
}) => {
  // Signing up is not what this test is about (the first test does it with the keyboard).
  await signedIn(data, page, newAccount("Tara Tiles"));
  await page.goto("/create-listing");
  await expect(choice(page, "Offer", "Yes")).toBeEnabled();
  await tabTo(page, page.getByLabel("Images", { exact: true }));
  await chooseFiles(page, [
    await photo("one", "#b91c1c"),
    await photo("two", "#15803d"),
    await photo("three", "#1d4ed8"),
  ]);
  await expect(page.getByText("3 of 6 images uploaded")).toBeVisible({ timeout: 60_000 });

  await tabTo(page, page.getByRole("button", { name: "Move one.jpg right" }));
  await page.keyboard.press("Enter");
  await expect.poll(() => focusedTile(page)).toContain("one.jpg");
  await expectVisibleFocus(page.locator(":focus"));

  await tabTo(page, page.getByRole("button", { name: "Make cover three.jpg" }));
  await page.keyboard.press("Enter");
  await expect.poll(() => focusedTile(page)).toContain("three.jpg");
  await expect(
    page.getByRole("list", { name: "Selected photos" }).getByRole("listitem").first(),
  ).toContainText("Cover");

  await tabTo(page, page.getByRole("button", { name: "Remove two.jpg" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("two.jpg")).toHaveCount(0);
  await expect.poll(() => focusedTile(page)).not.toBe("(no tile)");
  // The next Tab stays among the photos' buttons instead of starting again at the top of the page.
  await page.keyboard.press("Tab");
  expect(await focusedTile(page)).not.toBe("(no tile)");
});

// The deleted card's button had the focus: Your Listings' heading takes it, or the next Tab would land on the
// bottom bar.
test("deleting a listing keeps the keyboard user in Your Listings", async ({ page, data }) => {
  const account = await signedIn(data, page, newAccount("Dana Delete"));
  const listing = await insertTestListing(data, account.id, {
    name: "Loft to be deleted",
  });
  await page.goto("/profile");
  await waitForHydration(page);
  const deleteButton = page.getByRole("button", { name: `Delete ${listing.name}` });
  await tabTo(page, deleteButton);
  await expectVisibleFocus(deleteButton);

  // Escape closes the confirmation and gives the focus back to the delete button.
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();

  // Open, Escape and at once Enter again, as a quick hand does: the confirmation is open, and stays open.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await tabTo(page, dialog.getByRole("button", { name: "Delete", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("You have no listings yet.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Listings" })).toBeFocused();
});
