import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";
import { LRUCache } from "lru-cache";
import { registerSqliteFunctions } from "./sqlite-functions.server.ts";

/**
 * Prepared statements kept per connection, by their SQL. Kysely prepares every statement it runs; SQLite's
 * parsing and planning is then a good part of a short query's time (the search's subqueries most of all), and
 * an app runs the same few hundred statements again and again. SQLite re-prepares a kept statement by itself
 * when the schema changes.
 */
const KEPT_STATEMENTS = 500;

/**
 * What Kysely's "begin" becomes. A deferred transaction takes the write lock at its first write, and when
 * another connection (the CLI's import, a test, a second process) committed since this one began to read,
 * SQLite answers "database is locked" at once, without waiting out busy_timeout. An immediate one takes the
 * lock at its start, waiting its turn like any single write.
 */
const BEGIN_WRITE = "begin immediate";

/**
 * Adapts `node:sqlite` (built into Node 24, no native addon to compile) to the interface Kysely's
 * SqliteDialect expects. node:sqlite binds only numbers, strings, bigints, buffers and null, so booleans
 * become 0/1 and dates ISO strings here; rows come back with a null prototype, so they are copied into
 * plain objects.
 */
export function openSqliteDatabase(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec("PRAGMA journal_mode = WAL");
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  raw.exec("PRAGMA busy_timeout = 5000");
  registerSqliteFunctions(raw);
  const kept = new LRUCache<string, { statement: StatementSync; reader: boolean }>({ max: KEPT_STATEMENTS });
  const prepared = (sql: string) => {
    let entry = kept.get(sql);
    if (!entry) {
      const statement = raw.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      kept.set(sql, entry);
    }
    return entry;
  };
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql === "begin" ? BEGIN_WRITE : sql);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)).map(toPlainObject),
        run: (parameters) => {
          const { changes, lastInsertRowid } = statement.run(...bind(parameters));
          return { changes, lastInsertRowid };
        },
        // A stream reads its rows over many turns of the event loop, while the same SQL may run again: it
        // gets a statement of its own.
        iterate: (parameters) => mapIterator(raw.prepare(sql).iterate(...bind(parameters)), toPlainObject),
      };
    },
  };
}

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}

function toPlainObject(row: unknown) {
  return { ...(row as Record<string, unknown>) };
}

function* mapIterator<T, U>(iterator: Iterator<T>, map: (value: T) => U): IterableIterator<U> {
  for (let step = iterator.next(); !step.done; step = iterator.next()) yield map(step.value);
}
