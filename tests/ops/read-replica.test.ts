import { describe, expect, it } from "vitest";
import { createDb } from "#app/db/db.server.ts";
import { migrateToLatest } from "#app/db/migrate.server.ts";
import { RECENT_WRITE_COOKIE } from "#app/http/read-replica.server.ts";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { insertTestListing, openAppData, userIdByEmail } from "#tests/support/app-data.ts";
import { postForm, send } from "#tests/support/http.ts";
import { createTestDatabase, postgresServerForSuite } from "#tests/support/pg.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "./ops-support.ts";

// DATABASE_READ_URL needs PostgreSQL: the run's (DATABASE_URL; one that does not answer fails this file), or
// on a SQLite run the local server when one answers. The "replica" is a second database filled like the
// primary except for one listing's name, so a page shows which database it was read from.
const postgresServer = SKIP_REASON ? undefined : await postgresServerForSuite();
if (!SKIP_REASON && !postgresServer)
  console.warn("tests/ops/read-replica: skipped: no PostgreSQL server answers");

const TOKEN = "metrics-token-for-the-replica-test";

const defer = cleanupAfterAll();

describe.skipIf(SKIP_REASON || !postgresServer)("DATABASE_READ_URL", () => {
  it("serves pages from the replica, writes to the primary, and a writer's next reads from the primary", async () => {
    const primary = await createTestDatabase("homestead_ops_primary", postgresServer);
    defer(primary.drop);
    const replica = await createTestDatabase("homestead_ops_replica", postgresServer);
    defer(replica.drop);
    const replicaDb = createDb({ kind: "postgres", url: replica.url });
    defer(() => replicaDb.destroy());
    await migrateToLatest(replicaDb);

    const server = await startOpsServer(defer, {
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: replica.url,
      METRICS_TOKEN: TOKEN,
    });
    const data = await openAppData(server.env);
    defer(data.close);

    // A user signs up (a write: the answer marks the client), and their listing is copied to the replica.
    const account = newAccount("Rita Replica");
    const signedUp = await postSignUp(server.url, account);
    const session = signedUp
      .split("; ")
      .filter((cookie) => !cookie.startsWith(`${RECENT_WRITE_COOKIE}=`))
      .join("; ");
    expect(session).not.toBe(signedUp);
    const userId = await userIdByEmail(data.db, account.email);
    const user = await data.db
      .selectFrom("user")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await replicaDb
      .insertInto("user")
      .values({
        ...user,
        emailVerified: Boolean(user.emailVerified),
        banned: Boolean(user.banned),
        keepEmailPrivate: Boolean(user.keepEmailPrivate),
      })
      .execute();
    const { photos, ...listing } = await insertTestListing(data, userId, {
      type: "rent",
      name: "Primary copy of home",
    });
    await replicaDb
      .insertInto("listing")
      .values({ ...listing, name: "Replica copy of home" })
      .execute();
    const listingUrl = `${server.url}/category/rent/${listing.id}`;

    // Reads: a visitor's page and a signed-in user's page come from the replica.
    expect((await send(listingUrl)).body).toContain("Replica copy of home");
    expect((await send(listingUrl, { cookie: session })).body).toContain("Replica copy of home");

    // A write goes to the primary, and marks the writer for a few seconds.
    const renamed = await postForm(
      `${server.url}/profile`,
      { intent: "update-name", name: "Rita Primary" },
      { cookie: session },
    );
    expect(renamed.status).toBe(200);
    const marker = renamed.setCookies.find((cookie) => cookie.startsWith(`${RECENT_WRITE_COOKIE}=`));
    expect(marker).toMatch(/Max-Age=10; Path=\/; HttpOnly; SameSite=Lax/);
    const named = async (db: typeof replicaDb) =>
      (await db.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirstOrThrow()).name;
    expect(await named(data.db)).toBe("Rita Primary");
    expect(await named(replicaDb)).toBe("Rita Replica");

    // The writer's next pages are read from the primary; everyone else's still from the replica.
    const writer = `${session}; ${marker!.split(";")[0]}`;
    expect((await send(listingUrl, { cookie: writer })).body).toContain("Primary copy of home");
    expect((await send(listingUrl)).body).toContain("Replica copy of home");

    const metrics = await send(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(
      /^homestead_db_query_duration_seconds_count\{database="replica",statement="select"\} [1-9]/m,
    );
    expect(metrics.body).toMatch(/^homestead_db_pool_connections\{database="replica",state="max"\} 10$/m);
    expect((await send(`${server.url}/healthz`)).body).toBe("ok");
  });
});
