import type { Db } from "#app/db/db.server.ts";
import { DEMO_LISTER } from "#app/modules/auth/auth.demo.server.ts";

/**
 * The demo lister, whose side a newcomer sees with "Sign in as the demo lister" on their own machine
 * (app/modules/auth/auth.demo.server.ts). It has no password anyone knows.
 */
export const DEMO_SIGN_IN = DEMO_LISTER;

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
 * Makes sure the four demo users exist and returns their ids, the demo lister first. All are user rows only,
 * verified, with no password: nobody can sign in as them with one (decision 031).
 */
export async function ensureDemoUsers(db: Db): Promise<string[]> {
  await insertUserRows(db, [{ id: "demo-user-1", ...DEMO_SIGN_IN }, ...DEMO_OWNERS]);
  const signInId = await findUserIdByEmail(db, DEMO_SIGN_IN.email);
  if (!signInId) throw new Error("the demo lister was not created");
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

async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

async function insertUserRows(db: Db, users: UserSeed[]) {
  const now = new Date();
  await db
    .insertInto("user")
    .values(
      users.map((user) => ({ ...user, emailVerified: true, image: null, createdAt: now, updatedAt: now })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
