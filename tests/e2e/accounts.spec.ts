import { test as base, expect } from "@playwright/test";
import { newAccount, signIn, signUp } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture } from "#tests/support/app-data.ts";
import { useGoogleIdentity } from "#tests/support/oidc-provider.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";
import { clearMail, fetchMail, waitForMail } from "#tests/support/smtp-server.ts";

const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

test.describe("accounts", () => {
  test("sign up, log out, sign in again", { tag: "@smoke" }, async ({ page }) => {
    const account = await signUp(page);
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(account.name);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fprofile$/);

    await signIn(page, account, "/");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  });

  test("a wrong password shows Bad User Credentials and signs nobody in", async ({ page, data }) => {
    const account = await createAccount(data);
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Welcome Back!" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Bad User Credentials" })).toBeVisible();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Bad User Credentials" }),
    ).toBeVisible();
    await expect(page).toHaveURL("/sign-in");
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("sign-up says Check your inbox, naming the address, and Resend sends the link again", async ({
    page,
  }) => {
    const account = newAccount("Ines Inbox");
    await page.goto("/sign-up");
    await page.getByLabel("Name", { exact: true }).fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await waitForMail(account.email, { subject: "Verify your e-mail" });

    await page.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We sent you a new link" })).toBeVisible();
    await expect
      .poll(async () => (await fetchMail(account.email, { subject: "Verify your e-mail" })).length)
      .toBe(2);
    // Still there on a later visit, until the link is opened.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  });

  test("registering an address twice answers as for a new one, and e-mails its owner", async ({
    page,
    data,
  }) => {
    const account = await createAccount(data);
    await page.goto("/sign-up");
    await page.getByLabel("Name", { exact: true }).fill("Someone Else");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("another-password-1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    const notice = await waitForMail(account.email, {
      subject: "Someone tried to sign up with your address",
    });
    expect(notice.text).toContain("You already have an account");
    // Nobody was signed in.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("sign-up takes a name of 60 characters at most, and says so under the field", async ({ page }) => {
    await page.goto("/sign-up");
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toHaveAttribute("maxlength", "60");
    await expect(page.getByText("Up to 60 characters.")).toBeVisible();
    // Typed, the 61st character does not go in.
    await name.pressSequentially("A".repeat(61));
    await expect(name).toHaveValue("A".repeat(60));
    // Sent anyway (a browser that ignores maxlength), the server says what is wrong, under the field.
    await name.evaluate((input) => input.removeAttribute("maxlength"));
    await name.fill("B".repeat(61));
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Keep your name under 60 characters")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Something went wrong with registration")).toHaveCount(0);
    await expect(page).toHaveURL("/sign-up");
  });

  test("the show-password toggle reveals the password", async ({ page }) => {
    await page.goto("/sign-in");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(page.getByRole("link", { name: "Forgot Password" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up Instead" })).toBeVisible();
  });

  test("forgot password: the e-mailed link sets a new password that then signs in", async ({
    page,
    data,
  }) => {
    const account = await createAccount(data);
    await clearMail(account.email);

    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot Password" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Email was sent" })).toBeVisible();

    const mail = await waitForMail(account.email, { subject: "Reset your Homestead password" });
    const link = mail.links.find((url) => url.includes("/api/auth/reset-password/"));
    expect(link, mail.text).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password").fill("brand-new-password-7");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL("/sign-in");

    await signIn(page, { ...account, password: "brand-new-password-7" });
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Bad User Credentials" })).toBeVisible();

    // The link is one-time.
    await page.goto(link!);
    await expect(page.getByText("This reset link is invalid or has expired")).toBeVisible();
  });

  test("forgot password answers the same for an address without an account", async ({ page }) => {
    const email = newAccount().email;
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Email was sent" })).toBeVisible();
  });

  test("sign in with Google in a popup ends signed in on Explore, and creates the user once", async ({
    page,
  }) => {
    const identity = { email: newAccount().email, name: "Grace Hopper" };
    await useGoogleIdentity(page.context(), identity);
    await page.goto("/sign-in");
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    const popup = await popupPromise;
    await popup.waitForEvent("close");
    await expect(page).toHaveURL("/");
    await page.goto("/profile");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Grace Hopper");
    await expect(page.getByLabel("Email")).toHaveValue(identity.email);

    // A second Google sign-in finds the same user (no duplicate record, name kept).
    await page.getByLabel("Name", { exact: true }).isVisible();
    await page.getByRole("button", { name: "change" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Grace B. Hopper");
    await page.getByRole("button", { name: "done" }).click();
    await page.getByRole("button", { name: "change" }).waitFor();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/sign-up");
    const second = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Sign up with Google" }).click();
    await (await second).waitForEvent("close");
    await expect(page).toHaveURL("/");
    await page.goto("/profile");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Grace B. Hopper");
  });

  test("Google sign-in without JavaScript popups falls back to a full-page redirect", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const identity = { email: newAccount().email, name: "Katherine Johnson" };
    await useGoogleIdentity(context, identity);
    await page.goto("/auth/google");
    await expect(page).toHaveURL("/");
    await page.goto("/profile");
    await expect(page.getByLabel("Email")).toHaveValue(identity.email);
    await context.close();
  });

  test("a Google name longer than ours, with control characters, is tidied rather than refused", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const longName = `Maria\u0007 ${"de la Cruz ".repeat(10)}`;
    const identity = { email: newAccount().email, name: longName };
    await useGoogleIdentity(context, identity);
    await page.goto("/auth/google");
    await expect(page).toHaveURL("/");
    await page.goto("/profile");
    const expected = `Maria ${"de la Cruz ".repeat(10)}`.slice(0, 60).trim();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(expected);
    await expect(page.getByLabel("Email")).toHaveValue(identity.email);
    await context.close();
  });

  test("change name on the profile and see it after reload", async ({ page, data }) => {
    await signedIn(data, page, newAccount("Alan Turing"));
    await page.goto("/profile");
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toHaveAttribute("readonly", "");
    await page.getByRole("button", { name: "change" }).click();
    await expect(name).not.toHaveAttribute("readonly", "");
    await name.fill("Alan M. Turing");
    await page.getByRole("button", { name: "done" }).click();
    // "change" shows at once and stays disabled until the save has answered; reloading sooner would cancel it.
    await expect(page.getByRole("button", { name: "change" })).toBeEnabled();
    // Said beside the field, and to screen readers (a status).
    await expect(page.getByRole("status").filter({ hasText: "Name saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Alan M. Turing");
    await expect(page.getByRole("link", { name: "Sell or rent your home" })).toHaveAttribute(
      "href",
      "/create-listing",
    );
    await expect(page.getByRole("heading", { name: "Your Listings" })).toBeVisible();
  });

  test("protected pages send visitors to sign in, and back after signing in", async ({ page, data }) => {
    for (const path of ["/profile", "/create-listing", "/edit-listing/some-id"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
    }
    const account = await createAccount(data);
    await page.goto("/profile");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/profile");
  });

  test("the phone's tab bar highlights the active tab, Explore also on categories and listings", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/search");
    const nav = page.getByRole("navigation", { name: "Main" });
    // On a phone the bar is the navigation; the header keeps the name and "List a home".
    await expect(nav.getByRole("link")).toHaveText(["Explore", "Search", "Saved", "Messages", "Sign In"]);
    await expect(nav.getByRole("link", { name: "Search" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Explore" })).not.toHaveAttribute("aria-current");
    await expect(page.getByRole("banner").getByRole("link", { name: "List a home" })).toBeVisible();
    await nav.getByRole("link", { name: "Explore" }).click();
    await expect(page).toHaveURL("/");
    await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Places for sale" }).click();
    await expect(page).toHaveURL("/category/sale");
    await expect(nav.getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "true");
    await expect(nav.getByRole("link", { name: "Search" })).not.toHaveAttribute("aria-current");
  });

  test("an unknown address shows the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
