import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { serializeSignedCookie } from "better-call";
import { ADMIN_ROLE, USER_ROLE } from "#app/modules/auth/auth.roles.ts";
import { newAccount, type TestAccount } from "./accounts.ts";
import { adminAccount } from "./admin.ts";
import type { AppData } from "./app-data.ts";
import { rememberedHash } from "./password-hashes.ts";

/**
 * Browser tests that only need to BE signed in start that way without the screens: the user, their password
 * account and a session are written into the e2e app's database, and the session cookie is put on the page's
 * browser context as better-auth sets it. The sign-up, verification and sign-in screens keep tests of their
 * own (accounts.spec.ts, trust.spec.ts, one @smoke publish journey); going through them for every test cost
 * seconds each.
 */
export type SessionOptions = {
  /** Whether the address counts as verified (opened its link); default true, as most tests publish or contact. */
  verified?: boolean;
};

export type CreatedAccount = TestAccount & { id: string };

// better-auth's session cookie, "__Secure-" in front when the app's cookies are secure (an https PUBLIC_URL).
const SESSION_COOKIE = "better-auth.session_token";
// The app's session lifetime (session.expiresIn in app/modules/auth/auth.server.ts).
const SESSION_SECONDS = 60 * 60 * 24 * 30;

/**
 * Signs `page`'s browser context in as `account` (default a fresh one), creating the account: a user row as
 * sign-up leaves it (role "user"), a credential account with the password hashed by better-auth's own hasher
 * (so the Sign in form takes the same password later), and a session. Each call adds a session; a test with
 * two people uses two browser contexts. The page does not navigate.
 */
export async function signedIn(
  data: AppData,
  page: Page,
  account: TestAccount = newAccount(),
  options: SessionOptions = {},
): Promise<CreatedAccount> {
  const created = await createAccount(data, account, options);
  await addSession(data, page, created.id);
  return created;
}

/**
 * Creates `account` (default a fresh one) as signed up, without signing anybody in: for tests of the Sign in
 * screen, or of what happens to an address that has an account.
 */
export async function createAccount(
  data: AppData,
  account: TestAccount = newAccount(),
  { verified = true }: SessionOptions = {},
): Promise<CreatedAccount> {
  const id = await insertAccount(data, account, { verified, role: USER_ROLE });
  return { ...account, id };
}

/**
 * Signs `page` in as the run's administrator (the address tests/e2e/global-setup.ts puts in ADMIN_EMAILS),
 * verified, as the app's start-up role sync leaves them. Tests in several workers share the one address:
 * whichever comes first creates the account, the others add a session to it.
 */
export async function signedInAsAdmin(data: AppData, page: Page): Promise<CreatedAccount> {
  const account = adminAccount();
  const existing = await findUserId(data, account.email);
  const id = existing ?? (await insertAccount(data, account, { verified: true, role: ADMIN_ROLE }));
  await addSession(data, page, id);
  return { ...account, id };
}

/** Inserts the user and its credential account in one transaction; returns the user's id. */
async function insertAccount(
  data: AppData,
  account: TestAccount,
  { verified, role }: { verified: boolean; role: string },
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  const password = await rememberedHash(account.password);
  const inserted = await data.db.transaction().execute(async (trx) => {
    // Another worker may create the same address meanwhile (only the shared administrator's can be): theirs stands.
    const user = await trx
      .insertInto("user")
      .values({
        id,
        name: account.name,
        email: account.email.toLowerCase(),
        emailVerified: verified,
        image: null,
        role,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!user) return false;
    await trx
      .insertInto("account")
      .values({
        id: randomUUID(),
        userId: id,
        accountId: id,
        providerId: "credential",
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        password,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return true;
  });
  if (inserted) return id;
  const existing = await findUserId(data, account.email);
  if (!existing) throw new Error(`${account.email} could neither be created nor found`);
  return existing;
}

async function findUserId(data: AppData, email: string) {
  const row = await data.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/**
 * Signs `page`'s browser context in as the existing user `userId` (made by createAccount): writes a session and
 * sets its cookie as better-auth does: the token signed with the app's secret by better-call's own signer,
 * host-only on the app's PUBLIC_URL (so `data` must be opened with it: openE2eAppData, or openAppData of an
 * AppServer's env), HttpOnly, SameSite=Lax, path /, Secure as the app sets it, for the session's lifetime.
 */
export async function addSession(data: AppData, page: Page, userId: string) {
  const token = randomUUID().replaceAll("-", "");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
  await data.db
    .insertInto("session")
    .values({
      id: randomUUID(),
      userId,
      token,
      expiresAt,
      ipAddress: null,
      userAgent: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const secure = data.config.secureCookies;
  const name = secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  const header = await serializeSignedCookie(name, token, data.config.auth.secret);
  const value = header.slice(name.length + 1);
  await page.context().addCookies([
    {
      name,
      value,
      url: data.config.publicUrl,
      httpOnly: true,
      secure,
      sameSite: "Lax",
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
}
