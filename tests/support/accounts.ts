import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { cookieHeader, postForm } from "./http.ts";

/**
 * Test accounts, and the two ways a test signs one up or in: through the screens in a browser (end-to-end
 * tests), or by posting the same forms over HTTP as a browser without JavaScript does (operations tests).
 * Type-only use of Playwright keeps this module loadable by Vitest.
 */
export type TestAccount = { name: string; email: string; password: string };

/** A fresh account; the e-mail is unique, so parallel tests and runs never meet. */
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
  await page.waitForURL("/");
  return account;
}

/** Signs in through the Welcome Back! screen and waits to land on `landing`. */
export async function signIn(page: Page, account: TestAccount, landing = "/") {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(landing);
}

/** Signs up by posting the Sign up form to the app at `baseUrl`; returns the session cookie. */
export async function postSignUp(baseUrl: string, account: TestAccount = newAccount()): Promise<string> {
  const answer = await postForm(`${baseUrl}/sign-up`, account);
  if (answer.status !== 302) throw new Error(`sign-up of ${account.email} answered ${answer.status}`);
  return cookieHeader(answer);
}

/** Signs in by posting the Sign in form; returns the session cookie, or undefined when refused. */
export async function postSignIn(baseUrl: string, account: TestAccount): Promise<string | undefined> {
  const answer = await postForm(`${baseUrl}/sign-in`, { email: account.email, password: account.password });
  return answer.status === 302 ? cookieHeader(answer) : undefined;
}
