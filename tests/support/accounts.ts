import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { openAppData } from "./app-data.ts";
import { startedAppEnv } from "./app-server.ts";
import { cookieHeader, postForm } from "./http.ts";
import { waitForMail } from "./smtp-server.ts";

/**
 * Test accounts, and the two ways a test signs one up or in: through the screens in a browser (end-to-end
 * tests of those screens), or by posting the same forms over HTTP as a browser without JavaScript does
 * (operations tests). Browser tests that only need to be signed in use tests/support/sessions.ts.
 * Type-only use of Playwright keeps this module loadable by Vitest. Accounts are verified by default (most
 * tests publish or contact): `{ verified: false }` leaves one that has not opened its link yet.
 */
export type TestAccount = { name: string; email: string; password: string };

/** A fresh account; the e-mail is unique, so parallel tests and runs never meet. */
export function newAccount(name = "Ada Lovelace"): TestAccount {
  return { name, email: `user-${randomUUID().slice(0, 12)}@example.com`, password: "correct-horse-42" };
}

/**
 * Signs up through the Sign up screen and waits for "Check your inbox"; then opens the verification link of
 * the e-mail that arrived in the loopback SMTP inbox (which signs the account in) and comes back to Explore,
 * or with `verified: false` signs in with the password instead, leaving the address unverified.
 */
export async function signUp(
  page: Page,
  account: TestAccount = newAccount(),
  { verified = true }: { verified?: boolean } = {},
) {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL(/\/verify-email\?redirectTo=%2F$/);
  if (verified) {
    await page.goto(await verificationLink(account.email));
    await page.waitForURL("/");
  } else {
    await signIn(page, account);
  }
  return account;
}

/**
 * The link of the newest verification e-mail to `email` (waits for it to arrive). With `origin`, the newest
 * one from that app server: an address several app servers of a run share (the administrator's) may already
 * have another server's e-mail in the one inbox, while this server's is still being sent (after the answer).
 */
export async function verificationLink(email: string, origin?: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = await waitForMail(email, { subject: "Verify your e-mail" });
    const link = mail.links.find(
      (href) => href.includes("/api/auth/verify-email") && (!origin || href.startsWith(`${origin}/`)),
    );
    if (link) return link;
    if (Date.now() > deadline) {
      throw new Error(`no verification link${origin ? ` to ${origin}` : ""} in the e-mails to ${email}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in through the Welcome Back! screen and waits to land on `landing`. */
export async function signIn(page: Page, account: TestAccount, landing = "/") {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(landing);
}

/**
 * Signs up by posting the Sign up form to the app at `baseUrl` (an app server this process started), then
 * signs in (sign-up itself signs nobody in); returns the session cookie. Unless `verified: false`, the address
 * is first marked verified in the app's database, as opening the e-mail's link does (tests/e2e/trust.spec.ts
 * opens the link itself).
 */
export async function postSignUp(
  baseUrl: string,
  account: TestAccount = newAccount(),
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  const answer = await postForm(`${baseUrl}/sign-up`, account);
  if (answer.status !== 302) throw new Error(`sign-up of ${account.email} answered ${answer.status}`);
  if (verified) await markVerified(baseUrl, account.email);
  const cookie = await postSignIn(baseUrl, account);
  if (!cookie) throw new Error(`sign-in of ${account.email} after sign-up was refused`);
  return cookie;
}

async function markVerified(baseUrl: string, email: string) {
  const env = startedAppEnv(baseUrl);
  if (!env) throw new Error(`postSignUp: no app server started at ${baseUrl} by this process`);
  const data = await openAppData(env);
  try {
    await data.db.updateTable("user").set({ emailVerified: true }).where("email", "=", email).execute();
  } finally {
    await data.close();
  }
}

/** Signs in by posting the Sign in form; returns the session cookie, or undefined when refused. */
export async function postSignIn(baseUrl: string, account: TestAccount): Promise<string | undefined> {
  const answer = await postForm(`${baseUrl}/sign-in`, { email: account.email, password: account.password });
  return answer.status === 302 ? cookieHeader(answer) : undefined;
}
