import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once landed. Never imports app code. The search map's cells (decision 044): for each zoom level of a
// fixed grid (level L cuts the globe into squares of 360 / 2^L degrees, levels 0 to 15), how many public
// listings each cell holds and the sums of their coordinates, so a map of a country or a continent reads a
// few hundred rows instead of grouping every listing in it. Kept by the database in the writing transaction,
// like the search indexes: SQLite's row triggers, PostgreSQL's statement triggers (their transition tables let
// one statement of many rows update each cell once, in the cells' order, so concurrent writers take the cell
// rows' locks in one order and cannot deadlock on them).
//
// A listing counts while it is listed by its own columns (not hidden, available, not expired). An owner's
// suspension is not a listing's column: the query takes the few suspended owners' listings off at read time.

const LEVELS = 16;

const LISTED = (row: string) =>
  `${row}."hiddenAt" IS NULL AND ${row}."status" = 'available' AND ${row}."expiredAt" IS NULL`;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the database as it was, not today's types
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`CREATE TABLE "mapCell" (
    "level" integer NOT NULL,
    "x" integer NOT NULL,
    "y" integer NOT NULL,
    "count" integer NOT NULL,
    "sumLat" double precision NOT NULL,
    "sumLng" double precision NOT NULL,
    PRIMARY KEY ("level", "x", "y"))${sql.raw(postgres ? "" : " WITHOUT ROWID")}`.execute(db);
  if (postgres) {
    await upPostgres(db);
  } else {
    await upSqlite(db);
  }
  // The suspended owners, whose listings the map takes off the cells: few, found without reading every user.
  await sql`CREATE INDEX "user_banned_idx" ON "user" ("id") WHERE "banned"`.execute(db);
}

async function upSqlite(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
) {
  await sql`CREATE TABLE "mapCellLevel" ("level" integer PRIMARY KEY, "size" double precision NOT NULL,
    "columns" integer NOT NULL, "rows" integer NOT NULL)`.execute(db);
  for (let level = 0; level < LEVELS; level++) {
    await sql`INSERT INTO "mapCellLevel" ("level", "size", "columns", "rows")
      VALUES (${level}, ${360 / 2 ** level}, ${2 ** level}, ${Math.max(1, 2 ** (level - 1))})`.execute(db);
  }
  // A position's square, kept on the grid (lng 180 and lat 90 belong to the last column and row; anything out
  // of range to the nearest). CAST truncates towards zero where floor() rounds down: they differ only below
  // zero, which the max() turns into 0 either way.
  const x = (row: string) => `max(0, min("columns" - 1, CAST((${row}."lng" + 180) / "size" AS INTEGER)))`;
  const y = (row: string) => `max(0, min("rows" - 1, CAST((${row}."lat" + 90) / "size" AS INTEGER)))`;
  const add = (row: string, delta: number) => `
    INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", ${x(row)}, ${y(row)}, ${delta}, ${delta} * ${row}."lat", ${delta} * ${row}."lng"
      FROM "mapCellLevel" WHERE true
      ON CONFLICT ("level", "x", "y") DO UPDATE SET "count" = "count" + excluded."count",
        "sumLat" = "sumLat" + excluded."sumLat", "sumLng" = "sumLng" + excluded."sumLng";`;
  const moved = `UPDATE OF "lat", "lng", "status", "expiredAt", "hiddenAt" ON "listing"`;
  // An update leaves the cells alone unless it moves a listing or lists or unlists it.
  const changed = `(NOT (${LISTED("old")}) OR NOT (${LISTED("new")}) OR old."lat" IS NOT new."lat" OR old."lng" IS NOT new."lng")`;
  const triggers = [
    `CREATE TRIGGER "map_cell_insert" AFTER INSERT ON "listing" WHEN ${LISTED("new")} BEGIN${add("new", 1)} END`,
    `CREATE TRIGGER "map_cell_delete" AFTER DELETE ON "listing" WHEN ${LISTED("old")} BEGIN${add("old", -1)} END`,
    `CREATE TRIGGER "map_cell_update_old" AFTER ${moved} WHEN ${LISTED("old")} AND ${changed}
      BEGIN${add("old", -1)} END`,
    `CREATE TRIGGER "map_cell_update_new" AFTER ${moved} WHEN ${LISTED("new")} AND ${changed}
      BEGIN${add("new", 1)} END`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql
    .raw(`INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", ${x(`"l"`)} AS "x", ${y(`"l"`)} AS "y", count(*), sum("lat"), sum("lng")
      FROM "listing" AS "l" CROSS JOIN "mapCellLevel" WHERE ${LISTED(`"l"`)}
      GROUP BY "level", "x", "y"`)
    .execute(db);
}

async function upPostgres(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
) {
  // The changed rows' cells, each once, in (level, x, y) order. `changed` holds (lat, lng, delta). The squares
  // are kept on the grid as on SQLite.
  const apply = (changed: string) => `
    INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", "x", "y", sum("delta"), sum("delta" * "lat"), sum("delta" * "lng")
      FROM (${changed}) AS "changed"
        CROSS JOIN generate_series(0, ${LEVELS - 1}) AS "level"
        CROSS JOIN LATERAL (SELECT
          greatest(0, least((1 << "level") - 1, floor(("lng" + 180) / (360.0 / (1 << "level")))::integer)) AS "x",
          greatest(0, least(greatest(1, (1 << "level") >> 1) - 1, floor(("lat" + 90) / (360.0 / (1 << "level")))::integer)) AS "y"
        ) AS "cell"
      GROUP BY "level", "x", "y"
      HAVING sum("delta") <> 0 OR sum("delta" * "lat") <> 0 OR sum("delta" * "lng") <> 0
      ORDER BY "level", "x", "y"
      ON CONFLICT ("level", "x", "y") DO UPDATE SET "count" = "mapCell"."count" + excluded."count",
        "sumLat" = "mapCell"."sumLat" + excluded."sumLat", "sumLng" = "mapCell"."sumLng" + excluded."sumLng";`;
  const added = `SELECT "lat", "lng", 1 AS "delta" FROM "new_rows" AS "n" WHERE ${LISTED(`"n"`)}`;
  const removed = `SELECT "lat", "lng", -1 AS "delta" FROM "old_rows" AS "o" WHERE ${LISTED(`"o"`)}`;
  // An update touches the cells only for the rows it moves, lists or unlists: one of the freshness job's
  // bookkeeping columns leaves them (and their row locks) alone.
  const updated = `FROM "old_rows" AS "o" JOIN "new_rows" AS "n" ON "n"."id" = "o"."id"
    WHERE ((${LISTED(`"o"`)}) IS DISTINCT FROM (${LISTED(`"n"`)})
      OR "o"."lat" IS DISTINCT FROM "n"."lat" OR "o"."lng" IS DISTINCT FROM "n"."lng")`;
  const moved = `SELECT "o"."lat", "o"."lng", -1 AS "delta" ${updated} AND (${LISTED(`"o"`)})
    UNION ALL SELECT "n"."lat", "n"."lng", 1 AS "delta" ${updated} AND (${LISTED(`"n"`)})`;
  await sql
    .raw(`CREATE FUNCTION map_cells_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${apply(added)}
        ELSIF TG_OP = 'DELETE' THEN ${apply(removed)}
        ELSE ${apply(moved)}
        END IF;
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql`CREATE TRIGGER "map_cell_insert" AFTER INSERT ON "listing" REFERENCING NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION map_cells_change()`.execute(db);
  await sql`CREATE TRIGGER "map_cell_delete" AFTER DELETE ON "listing" REFERENCING OLD TABLE AS "old_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION map_cells_change()`.execute(db);
  // Transition tables allow no column list: every UPDATE statement runs it; one that moves no listing in or
  // out of a cell changes no row of mapCell (the HAVING above).
  await sql`CREATE TRIGGER "map_cell_update" AFTER UPDATE ON "listing"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION map_cells_change()`.execute(db);
  await sql
    .raw(
      apply(`SELECT "lat", "lng", 1 AS "delta" FROM "listing" AS "l" WHERE ${LISTED(`"l"`)}`).replace(
        /;\s*$/,
        "",
      ),
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`DROP INDEX "user_banned_idx"`.execute(db);
  if (postgres) {
    for (const trigger of ["map_cell_insert", "map_cell_delete", "map_cell_update"]) {
      await sql`DROP TRIGGER ${sql.raw(`"${trigger}"`)} ON "listing"`.execute(db);
    }
    await sql`DROP FUNCTION map_cells_change()`.execute(db);
  } else {
    for (const trigger of [
      "map_cell_insert",
      "map_cell_delete",
      "map_cell_update_old",
      "map_cell_update_new",
    ]) {
      await sql`DROP TRIGGER ${sql.raw(`"${trigger}"`)}`.execute(db);
    }
    await sql`DROP TABLE "mapCellLevel"`.execute(db);
  }
  await sql`DROP TABLE "mapCell"`.execute(db);
}
