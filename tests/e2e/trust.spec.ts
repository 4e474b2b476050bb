import { readFile } from "node:fs/promises";
import { test as base, expect, type Page } from "@playwright/test";
import { newAccount, signUp } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing } from "#tests/support/app-data.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { fetchMail } from "#tests/support/smtp-server.ts";

// Trust through the screens: verifying an address by the link in the e-mail, the limit on those e-mails
// (N allowed, the next refused with 429 and its message), and "Your data": download and delete.
// The TEST=true takeover and the upload flood are proven on the server in tests/ops/trust.test.ts.

const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

/** Opens `path` once React has hydrated it (the confirmation opens from a script). */
async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
}

/** The verification e-mails to `email` so far, once there are at least `count`. */
async function verificationMails(email: string, count: number) {
  for (let tries = 0; tries < 100; tries++) {
    const mails = await fetchMail(email, { subject: "Verify your e-mail" });
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} verification e-mails to ${email}`);
}

test("a new account publishes only after opening the link in its e-mail; Resend is limited", async ({
  page,
}) => {
  const account = await signUp(page, newAccount("Vera Verify"), { verified: false });
  // Browsing works; publishing asks to verify first.
  await page.goto("/create-listing");
  await expect(page).toHaveURL(/\/verify-email\?redirectTo=%2Fcreate-listing$/);
  await expect(page.getByRole("heading", { name: "Verify your e-mail" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  // The sign-up mail counts: two more are allowed in the hour (LIMIT_AUTH_EMAILS_PER_HOUR=3), the next is not.
  const resend = page.getByRole("button", { name: "Resend" });
  for (let sent = 2; sent <= 3; sent++) {
    await resend.click();
    await expect(page.getByRole("status").filter({ hasText: "We sent you a new link" })).toBeVisible();
    await verificationMails(account.email, sent);
  }
  const refused = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/verify-email"),
  );
  await resend.click();
  expect((await refused).status()).toBe(429);
  await expect(page.getByRole("alert")).toContainText("Too many e-mails were sent to this address");
  expect(await fetchMail(account.email, { subject: "Verify your e-mail" })).toHaveLength(3);

  // The newest link verifies the address and leads back to what the user was doing.
  const mails = await verificationMails(account.email, 3);
  const link = mails.at(-1)?.links.find((href) => href.includes("/api/auth/verify-email"));
  await page.goto(link ?? "");
  await expect(page).toHaveURL("/create-listing");
  await expect(page.getByRole("heading", { name: "Create a Listing" })).toBeVisible();
  await expect(page.getByText("Your e-mail is verified").first()).toBeVisible();
});

test("Your data: download it as JSON, then delete the account with its listings", async ({ page, data }) => {
  const account = await signedIn(data, page, newAccount("Dana Departing"));
  const listingId = (
    await insertTestListing(data, account.id, { name: "Departing owner's cottage", photos: 2 })
  ).id;

  await gotoHydrated(page, "/profile");
  const section = page.getByRole("region", { name: "Your data" });
  const download = page.waitForEvent("download");
  await section.getByRole("link", { name: "Download my data" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, "utf8"));
  expect(exported.account).toMatchObject({
    name: "Dana Departing",
    email: account.email,
    emailVerified: true,
  });
  expect(exported.listings).toEqual([
    expect.objectContaining({ id: listingId, name: "Departing owner's cottage" }),
  ]);
  expect(exported.listings[0].photos).toHaveLength(2);
  expect(JSON.stringify(exported)).not.toMatch(/"(password|token)"/);

  // Cancel keeps everything; confirming deletes the account and signs out.
  await section.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await section.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account was deleted").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  // The listing is gone for visitors, and the account signs in no more.
  const gone = await page.goto(`/category/rent/${listingId}`);
  expect(gone?.status()).toBe(404);
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText("Bad User Credentials");
});
