import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. An administrator may suspend an agency (decision 064): while
// `suspendedAt` is set, its listings are out of every public list and their pages are gone, as a suspended
// user's are. A partial index holds the few suspended agencies, so the public queries' check costs nothing
// while there are none.
// A listing's card now names its agency (its name and logo), and a suspension takes its listings off the
// visitors' pages: the page cache (decision 041) is emptied when an agency's name, logo or suspension changes,
// or the agency goes.

const EVENTS = ["update", "delete"] as const;
const triggerName = (event: string) => `organization_${event}_bumps_page_cache`;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable("organization").addColumn("suspendedAt", "bigint").execute();
  await sql`CREATE INDEX "organization_suspended_idx" ON "organization" ("id") WHERE "suspendedAt" IS NOT NULL`.execute(
    db,
  );
  for (const event of EVENTS) {
    const on = event === "update" ? `update of "name", "logo", "suspendedAt"` : "delete";
    if (postgres) {
      await sql`create trigger ${sql.raw(triggerName(event))} after ${sql.raw(on)} on "organization"
        for each statement execute function bump_page_cache_version()`.execute(db);
    } else {
      await sql`create trigger ${sql.raw(triggerName(event))} after ${sql.raw(on)} on "organization"
        for each row begin
          update "pageCacheVersion" set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of EVENTS) {
    await sql`drop trigger if exists ${sql.raw(triggerName(event))}${sql.raw(postgres ? ` on "organization"` : "")}`.execute(
      db,
    );
  }
  await sql`DROP INDEX "organization_suspended_idx"`.execute(db);
  await db.schema.alterTable("organization").dropColumn("suspendedAt").execute();
}
