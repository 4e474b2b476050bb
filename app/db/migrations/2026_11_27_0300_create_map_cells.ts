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
  await sql`CREATE TABLE "mapCellLevel" ("level" integer PRIMARY KEY, "size" double precision NOT NULL)`.execute(
    db,
  );
  for (let level = 0; level < LEVELS; level++) {
    await sql`INSERT INTO "mapCellLevel" ("level", "size") VALUES (${level}, ${360 / 2 ** level})`.execute(
      db,
    );
  }
  // Positions plus 180 and 90 are never negative, so CAST (truncation) is floor().
  const add = (row: string, delta: number) => `
    INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", CAST((${row}."lng" + 180) / "size" AS INTEGER), CAST((${row}."lat" + 90) / "size" AS INTEGER),
        ${delta}, ${delta} * ${row}."lat", ${delta} * ${row}."lng"
      FROM "mapCellLevel" WHERE true
      ON CONFLICT ("level", "x", "y") DO UPDATE SET "count" = "count" + excluded."count",
        "sumLat" = "sumLat" + excluded."sumLat", "sumLng" = "sumLng" + excluded."sumLng";`;
  const moved = `UPDATE OF "lat", "lng", "status", "expiredAt", "hiddenAt" ON "listing"`;
  const triggers = [
    `CREATE TRIGGER "map_cell_insert" AFTER INSERT ON "listing" WHEN ${LISTED("new")} BEGIN${add("new", 1)} END`,
    `CREATE TRIGGER "map_cell_delete" AFTER DELETE ON "listing" WHEN ${LISTED("old")} BEGIN${add("old", -1)} END`,
    `CREATE TRIGGER "map_cell_update_old" AFTER ${moved} WHEN ${LISTED("old")} BEGIN${add("old", -1)} END`,
    `CREATE TRIGGER "map_cell_update_new" AFTER ${moved} WHEN ${LISTED("new")} BEGIN${add("new", 1)} END`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql
    .raw(`INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", CAST(("lng" + 180) / "size" AS INTEGER) AS "x", CAST(("lat" + 90) / "size" AS INTEGER) AS "y",
        count(*), sum("lat"), sum("lng")
      FROM "listing" AS "l" CROSS JOIN "mapCellLevel" WHERE ${LISTED(`"l"`)}
      GROUP BY "level", "x", "y"`)
    .execute(db);
}

async function upPostgres(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
) {
  // The changed rows' cells, each once, in (level, x, y) order. `changed` holds (lat, lng, delta).
  const apply = (changed: string) => `
    INSERT INTO "mapCell" ("level", "x", "y", "count", "sumLat", "sumLng")
      SELECT "level", "x", "y", sum("delta"), sum("delta" * "lat"), sum("delta" * "lng")
      FROM (${changed}) AS "changed"
        CROSS JOIN generate_series(0, ${LEVELS - 1}) AS "level"
        CROSS JOIN LATERAL (SELECT floor(("lng" + 180) / (360.0 / (1 << "level")))::integer AS "x",
                                   floor(("lat" + 90) / (360.0 / (1 << "level")))::integer AS "y") AS "cell"
      GROUP BY "level", "x", "y"
      HAVING sum("delta") <> 0 OR sum("delta" * "lat") <> 0 OR sum("delta" * "lng") <> 0
      ORDER BY "level", "x", "y"
      ON CONFLICT ("level", "x", "y") DO UPDATE SET "count" = "mapCell"."count" + excluded."count",
        "sumLat" = "mapCell"."sumLat" + excluded."sumLat", "sumLng" = "mapCell"."sumLng" + excluded."sumLng";`;
  const added = `SELECT "lat", "lng", 1 AS "delta" FROM "new_rows" AS "n" WHERE ${LISTED(`"n"`)}`;
  const removed = `SELECT "lat", "lng", -1 AS "delta" FROM "old_rows" AS "o" WHERE ${LISTED(`"o"`)}`;
  await sql
    .raw(`CREATE FUNCTION map_cells_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${apply(added)}
        ELSIF TG_OP = 'DELETE' THEN ${apply(removed)}
        ELSE ${apply(`${removed} UNION ALL ${added}`)}
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
