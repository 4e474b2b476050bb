import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. PostgreSQL only: the folded words of a listing's name and address
// are stored in a generated tsvector column with its own GIN index, instead of the expression index of
// 2026_11_24_0100. A row PostgreSQL checks outside the index (while walking a sort index, say) then reads the
// stored words instead of folding the text again (about 135 µs a row), and the column has statistics, so the
// planner can tell a rare word from a common one. SQLite's FTS5 table already stores its words: nothing to do.
//
// The expression index `listing_search_gin` stays: during a rolling upgrade that migrates first (decision 025),
// instances of the previous version still search through it. A later release drops it. Adding a stored column
// rewrites the table under a lock: about 3 s at 30,000 listings, so minutes at a million (say so in the
// release notes).

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`ALTER TABLE "listing" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS
    (to_tsvector('simple'::regconfig, homestead_fold("name" || ' ' || "location"))) STORED`.execute(db);
  await sql`CREATE INDEX "listing_search_vector_gin" ON "listing" USING gin ("searchVector")`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP INDEX "listing_search_vector_gin"`.execute(db);
  await sql`ALTER TABLE "listing" DROP COLUMN "searchVector"`.execute(db);
}
