import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export type TestAccount = { name: string; email: string; password: string };

/** A fresh account for one test; the e-mail is unique so parallel tests never meet. */
export function newAccount(name = "Ada Lovelace"): TestAccount {
  return { name, email: `user-${randomUUID().slice(0, 12)}@example.com`, password: "correct-horse-42" };
}

/** Signs up through the Sign up screen and waits to land on Explore. */
export async function signUp(page: Page, account: TestAccount = newAccount()) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");
  return account;
}

/** Signs in through the Welcome Back! screen and waits to land on `landing`. */
export async function signIn(page: Page, account: TestAccount, landing = "/") {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(landing);
}
