import type { Db } from "#app/db/db.server.ts";
import type { Auth } from "#app/modules/auth/auth.server.ts";

/** The one demo account a newcomer can sign in with (README.md documents it). */
export const DEMO_SIGN_IN = {
  name: "Dana Fields",
  email: "demo@homestead.test",
  password: "demo-password",
} as const;

/**
 * The other demo owners: user rows only, as better-auth writes them, with no password and so no way to sign
 * in. Fixed ids and addresses let a re-run recognise them.
 */
const DEMO_OWNERS = [
  { id: "demo-user-2", name: "Camille Laurent", email: "camille.laurent@homestead.test" },
  { id: "demo-user-3", name: "Oliver Bennett", email: "oliver.bennett@homestead.test" },
  { id: "demo-user-4", name: "Sofia Almeida", email: "sofia.almeida@homestead.test" },
] as const;

/** The addresses of every demo user. */
export const DEMO_EMAILS: string[] = [DEMO_SIGN_IN.email, ...DEMO_OWNERS.map((owner) => owner.email)];

/** How many owners bulk (benchmark) listings are shared among. */
export const BENCH_OWNER_COUNT = 20;

type UserSeed = { id: string; name: string; email: string };

/**
 * Makes sure the four demo users exist and returns their ids, the sign-in account first. That account is
 * created through better-auth's own sign-up, so its password is hashed and stored exactly as for a real user.
 */
export async function ensureDemoUsers(db: Db, auth: Auth): Promise<string[]> {
  const signInId = await ensureSignInUser(db, auth);
  await insertUserRows(db, [...DEMO_OWNERS]);
  return [signInId, ...DEMO_OWNERS.map((owner) => owner.id)];
}

/** Makes sure the owners of bulk listings exist (user rows only) and returns their ids. */
export async function ensureBenchUsers(db: Db): Promise<string[]> {
  const users = Array.from({ length: BENCH_OWNER_COUNT }, (_, index) => {
    const number = String(index + 1).padStart(2, "0");
    return {
      id: `bench-user-${number}`,
      name: `Bench Owner ${number}`,
      email: `bench-${number}@homestead.test`,
    };
  });
  await insertUserRows(db, users);
  return users.map((user) => user.id);
}

async function ensureSignInUser(db: Db, auth: Auth): Promise<string> {
  const existing = await findUserIdByEmail(db, DEMO_SIGN_IN.email);
  if (existing) return existing;
  try {
    const { token } = await auth.api.signUpEmail({ body: { ...DEMO_SIGN_IN } });
    // Sign-up also signs in; the seed is nobody's browser, so that session would only linger.
    if (token) await db.deleteFrom("session").where("token", "=", token).execute();
  } catch (error) {
    // Another process seeding the same database at the same moment got there first: use its user.
    const raced = await findUserIdByEmail(db, DEMO_SIGN_IN.email);
    if (raced) return raced;
    throw error;
  }
  const created = await findUserIdByEmail(db, DEMO_SIGN_IN.email);
  if (!created) throw new Error("demo sign-up returned no user");
  return created;
}

async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

async function insertUserRows(db: Db, users: UserSeed[]) {
  const now = new Date();
  await db
    .insertInto("user")
    .values(
      users.map((user) => ({ ...user, emailVerified: false, image: null, createdAt: now, updatedAt: now })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
