import { randomBytes } from "node:crypto";
import type { Config } from "#app/config.server.ts";
import { isLoopbackUrl } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { logger } from "#app/logger.server.ts";
import { CLIENT_IP_HEADER } from "./auth.constants.ts";
import { authCookies, callAuthEndpoint } from "./auth.forward.server.ts";
import type { Auth } from "./auth.server.ts";

// The demo lister (decision 031): the account that owns demo listings, so that a newcomer on their own machine
// sees a lister's side in one step, "Sign in as the demo lister" on the Sign in page. It has no password
// anyone knows: each demo sign-in sets a fresh random one and uses it at once, and it is offered only where
// nobody else can reach it (demo data seeded, a loopback PUBLIC_URL, and a request from this machine).

/** The demo lister's account (the seed creates it, verified, without a password). */
export const DEMO_LISTER = { name: "Dana Fields", email: "demo@homestead.test" } as const;

/** The password older versions published in the README: an account still holding it gets a random one. */
const PUBLISHED_DEMO_PASSWORD = "demo-password";

/**
 * Whether this request may sign in as the demo lister (when the seed created it): a site whose PUBLIC_URL is
 * loopback, and a client on this machine (the socket's address, or a trusted proxy's X-Forwarded-For).
 */
export function demoSignInAvailable(config: Config, request: Request) {
  if (!isLoopbackUrl(config.publicUrl)) return false;
  const client = (request.headers.get(CLIENT_IP_HEADER) ?? "").replace(/^::ffff:/, "");
  return client === "::1" || /^127(\.\d{1,3}){3}$/.test(client);
}

/** The demo lister's id, if the seed created it. */
export async function findDemoListerId(db: Db) {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", DEMO_LISTER.email)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Signs this request in as the demo lister: sets a fresh random password (never shown, never stored in the
 * clear) and signs in with it through better-auth, as the Sign in form does. Returns the session cookies, or
 * null when there is no demo lister.
 */
export async function signInAsDemoLister(auth: Auth, db: Db, request: Request) {
  const userId = await findDemoListerId(db);
  if (!userId) return null;
  const password = randomBytes(24).toString("base64url");
  await setPassword(auth, userId, password);
  const response = await callAuthEndpoint(auth, request, "/sign-in/email", {
    email: DEMO_LISTER.email,
    password,
  });
  if (!response.ok) throw new Error(`demo sign-in refused (${response.status})`);
  return authCookies(response);
}

/**
 * At start: a demo lister created by an older version still signs in with the password its README published;
 * replace it with a random one nobody knows.
 */
export async function retirePublishedDemoPassword(auth: Auth, db: Db) {
  const userId = await findDemoListerId(db);
  if (!userId) return;
  const ctx = await auth.$context;
  const credential = (await ctx.internalAdapter.findAccounts(userId)).find(
    (account) => account.providerId === "credential",
  );
  if (!credential?.password) return;
  if (!(await ctx.password.verify({ hash: credential.password, password: PUBLISHED_DEMO_PASSWORD }))) return;
  await setPassword(auth, userId, randomBytes(24).toString("base64url"));
  logger.warn("the demo account's published password was replaced by a random one");
}

async function setPassword(auth: Auth, userId: string, password: string) {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((account) => account.providerId === "credential")) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: hash,
    });
  }
}
