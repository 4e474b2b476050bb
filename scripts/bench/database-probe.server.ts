import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DbTarget } from "#app/db/db.server.ts";
import type { Database } from "#app/db/schema.ts";
import { openSqliteDatabase } from "#app/db/sqlite-database.server.ts";
import {
  encodeCursor,
  findListingsPage,
  type ListingFilter,
  PAGE_SIZE,
} from "#app/modules/listing/listing.repo.server.ts";

// Runs the app's own repo functions, so the plans shown are those of the queries the pages really send, not a
// hand-written copy of them.

/** The plan of one query the list pages send, and how long it takes. */
export type QueryPlan = {
  name: string;
  sql: string;
  plan: string[];
  /** The index the plan searches, if any. */
  index: string | null;
  /** A full scan of the table. */
  fullScan: boolean;
  /** A list query whose order the index does not give (temp b-tree, Sort node). */
  sorts: boolean;
  /**
   * For a page after a cursor: whether the index search starts at the cursor (a range on timestamp), so a deep
   * page costs what the first does, rather than reading every newer entry and filtering it out. null on a
   * first page.
   */
  seeksToCursor: boolean | null;
  medianMs: number;
};

export type DatabaseProbe = {
  listings: number;
  /** How many times each query was timed for its median. */
  timingRuns: number;
  plans: QueryPlan[];
  /** Detail pages of real listings, spread over the table. */
  detailPaths: string[];
  /** Load More pages far down each list. */
  deepPaths: string[];
};

type Position = { timestamp: number; id: string };
/** A database whose every query is kept, to explain and time it again. */
export type Captured = {
  db: Kysely<Database>;
  queries: CompiledQuery[];
  /** Brings the planner's statistics up to date (freshly bulk-loaded tables have none yet). */
  analyze(): Promise<void>;
  explain(query: CompiledQuery): Promise<string[]>;
};

const TIMING_RUNS = 30;

/** Explains and times the category and offers queries (first page and a deep page) and samples page URLs. */
export async function probeDatabase(database: DbTarget): Promise<DatabaseProbe> {
  const probe = openCaptured(database);
  try {
    const { db } = probe;
    const total = await db
      .selectFrom("listing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await probe.analyze();
    const secondRent = await positionAt(db, { type: "rent" }, PAGE_SIZE - 1);
    const deepRent = await positionAt(db, { type: "rent" }, 0.8);
    const secondOffer = await positionAt(db, { offer: true }, PAGE_SIZE - 1);
    const deepOffer = await positionAt(db, { offer: true }, 0.8);
    const pages: [string, ListingFilter, Position | null][] = [
      ["category rent, page 1", { type: "rent" }, null],
      ["category rent, page 2", { type: "rent" }, secondRent],
      ["category rent, 80% deep", { type: "rent" }, deepRent],
      ["offers, page 1", { offer: true }, null],
      ["offers, page 2", { offer: true }, secondOffer],
      ["offers, 80% deep", { offer: true }, deepOffer],
    ];
    const plans: QueryPlan[] = [];
    for (const [name, filter, cursor] of pages) {
      probe.queries.length = 0;
      await findListingsPage(db, filter, cursor);
      const [listingQuery, imageQuery] = probe.queries;
      plans.push(await planOf(probe, name, listingQuery!, { afterCursor: cursor !== null }));
      if (plans.length === 1 && imageQuery)
        plans.push(await planOf(probe, "photos of a page", imageQuery, null));
    }
    const sample = await db.selectFrom("listing").select(["id", "type"]).orderBy("id").limit(50).execute();
    return {
      listings: Number(total.n),
      timingRuns: TIMING_RUNS,
      plans,
      detailPaths: sample.map((row) => `/category/${row.type}/${row.id}`),
      deepPaths: [
        ...[secondRent, deepRent].flatMap((at) => (at ? [`/category/rent?cursor=${encodeCursor(at)}`] : [])),
        ...[secondOffer, deepOffer].flatMap((at) => (at ? [`/offers?cursor=${encodeCursor(at)}`] : [])),
      ],
    };
  } finally {
    await probe.db.destroy();
  }
}

/** Opens `database` keeping each query it runs in `queries` (shared with scripts/bench/search-queries.ts). */
export function openCaptured(database: DbTarget): Captured {
  const queries: CompiledQuery[] = [];
  const log = (event: { query: CompiledQuery }) => {
    queries.push(event.query);
  };
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }),
      queries,
      async analyze() {
        await pool.query("analyze listing, image");
      },
      async explain(query) {
        const result = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN ${query.sql}`, [
          ...query.parameters,
        ]);
        return result.rows.map((row) => row["QUERY PLAN"]);
      },
    };
  }
  const sqlite = openSqliteDatabase(database.file);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log }),
    queries,
    // SQLite plans these queries from the schema alone; ANALYZE would only write a stats table into the file.
    async analyze() {},
    async explain(query) {
      const parameters = query.parameters.map((value) =>
        typeof value === "boolean" ? Number(value) : value,
      );
      const rows = sqlite.raw
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...(parameters as (string | number)[]));
      return rows.map((row) => String(row.detail));
    },
  };
}

/**
 * Explains and times one query. `listPage` marks a list query, whose newest-first order must come from the
 * index; the photos query sorts its few dozen rows itself, which costs nothing.
 */
async function planOf(
  probe: Captured,
  name: string,
  query: CompiledQuery,
  listPage: { afterCursor: boolean } | null,
): Promise<QueryPlan> {
  const plan = await probe.explain(query);
  const text = plan.join("\n");
  // Only what bounds the index search counts, not a filter applied to each entry read (PostgreSQL's Filter).
  const searched = plan.filter((step) => /^SEARCH|Index Cond/.test(step.trim())).join("\n");
  const timings: number[] = [];
  for (let run = 0; run < TIMING_RUNS; run += 1) {
    const started = performance.now();
    await probe.db.executeQuery(query);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return {
    name,
    sql: query.sql,
    plan,
    index:
      /(?:USING (?:COVERING )?INDEX|Index (?:Only )?Scan(?: Backward)? using|Index Scan on) "?(\w+)/.exec(
        text,
      )?.[1] ?? null,
    fullScan: /^SCAN \w+\s*$|Seq Scan/m.test(text),
    seeksToCursor: listPage?.afterCursor
      ? /timestamp"?\)?\s*<|\(timestamp,\s*id\)\s*</i.test(searched)
      : null,
    sorts: listPage !== null && /TEMP B-TREE|(^|\s)Sort\b/m.test(text),
    medianMs: Math.round(timings[Math.floor(timings.length / 2)]! * 100) / 100,
  };
}

/**
 * The (timestamp, id) of a listing down a list, newest first: at an index (an integer) or a fraction of the
 * way down (below 1).
 */
async function positionAt(db: Kysely<Database>, filter: ListingFilter, at: number): Promise<Position | null> {
  let count = db.selectFrom("listing").select((eb) => eb.fn.countAll<number>().as("n"));
  count = "type" in filter ? count.where("type", "=", filter.type) : count.where("offer", "=", true);
  const { n } = await count.executeTakeFirstOrThrow();
  let row = db.selectFrom("listing").select(["timestamp", "id"]);
  row = "type" in filter ? row.where("type", "=", filter.type) : row.where("offer", "=", true);
  const found = await row
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .offset(at < 1 ? Math.floor(Number(n) * at) : at)
    .limit(1)
    .executeTakeFirst();
  return found ? { timestamp: Number(found.timestamp), id: found.id } : null;
}
