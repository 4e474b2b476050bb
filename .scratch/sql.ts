import { createDb } from "#app/db/db.server.ts";
import { loadSearchPage } from "#app/modules/search/search.repo.server.ts";
import { parseSearchParams } from "#app/modules/search/search.schema.ts";
const file = process.argv[2]!;
const search = process.argv[3]!;
const seen: string[] = [];
const db = createDb(file.startsWith("postgres") ? { kind: "postgres", url: file } : { kind: "sqlite", file }, {
  query: (sql: string, seconds: number) => seen.push(`${(seconds * 1000).toFixed(2)} ms: ${sql}`),
  pool: () => {},
} as never);
const params = parseSearchParams(new URLSearchParams(search));
await loadSearchPage(db, params, null);
seen.length = 0;
await loadSearchPage(db, params, null);
for (const s of seen) console.log(s, "\n");
await db.destroy();
