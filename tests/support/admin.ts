import type { Page } from "@playwright/test";
import { type TestAccount, verificationLink } from "./accounts.ts";

/** The administrator of an end-to-end run: the address tests/e2e/global-setup.ts puts in ADMIN_EMAILS. */
export function adminAccount(): TestAccount {
  const email = process.env.E2E_ADMIN_EMAIL;
  if (!email)
    throw new Error("E2E_ADMIN_EMAIL is not set: run through playwright (tests/e2e/global-setup.ts)");
  return { name: "Mona Moderator", email, password: "correct-horse-42" };
}

/**
 * Signs the administrator in through the screens, signing them up first when no test of this run has: tests
 * in several workers share the one address, so whichever comes first creates the account (and one that loses
 * that race signs in). Then opens the verification link of the e-mail the sign-up sent, as its owner would:
 * the admin role counts only for a verified address (a link opened twice just goes on to Explore).
 */
export async function signInAsAdmin(page: Page) {
  const account = adminAccount();
  for (const screen of ["sign-in", "sign-up", "sign-in"] as const) {
    await page.goto(`/${screen}`);
    if (screen === "sign-up") await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page
      .getByRole("button", { name: screen === "sign-in" ? "Sign In" : "Sign Up", exact: true })
      .click();
    // Signed in: Explore. Signed up (or an address taken meanwhile, answered the same): Check your inbox.
    await Promise.race([
      page.waitForURL((url) => url.pathname === "/" || url.pathname === "/verify-email"),
      page.locator("main").getByRole("alert").waitFor(),
    ]);
    const landed = new URL(page.url()).pathname;
    if (landed === "/" || landed === "/verify-email") {
      // This app server's e-mail: another server of the run may have e-mailed the same address before.
      await page.goto(await verificationLink(account.email, new URL(page.url()).origin));
      await page.waitForURL("/");
      const signedIn = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" });
      // The link signs in the account it verifies; one verified before leaves the next screen to sign in.
      if (landed === "/" || (await signedIn.count()) > 0) return account;
    }
  }
  throw new Error(`the administrator ${account.email} could neither sign in nor sign up`);
}
