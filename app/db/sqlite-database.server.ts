import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

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
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = raw.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)).map(toPlainObject),
        run: (parameters) => {
          const { changes, lastInsertRowid } = statement.run(...bind(parameters));
          return { changes, lastInsertRowid };
        },
        iterate: (parameters) => mapIterator(statement.iterate(...bind(parameters)), toPlainObject),
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
