import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync("/tmp/copy.sqlite");
db.exec(`drop index if exists listing_filter_idx; create index listing_filter_idx on listing(${process.argv[2]})`);
const base = `"listing"."hiddenAt" is null and "listing"."status" = 'available' and "listing"."expiredAt" is null and "listing"."type" = 'rent' and "listing"."offer" = 1 and "listing"."parking" = 1 and "listing"."furnished" = 1 and "listing"."price" >= 900 and "listing"."price" <= 3000 and "listing"."bedrooms" >= 2 and "listing"."bathrooms" >= 1 and "listing"."lng" >= 13.25 and "listing"."lng" <= 13.6 and "listing"."lat" >= 52.42 and "listing"."lat" <= 52.6`;
const user = `not exists (select 1 from "user" where "user"."id" = "listing"."userRef" and "user"."banned" = 1)`;
const fts = `(SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id") IN (SELECT rowid FROM "listing_fts" WHERE "listing_fts" MATCH '"berlin"*')`;
for (const q of [`select count(*) from (select id from listing indexed by listing_filter_idx where ${user} and ${base} and ${fts} limit 1001)`,
  `select * from listing indexed by listing_filter_idx where ${user} and ${base} and ${fts} order by price, id limit 21`]) {
  const st = db.prepare(q); st.all(); const t = [];
  for (let i = 0; i < 15; i++) { const t0 = performance.now(); st.all(); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b); console.log(t[7].toFixed(2), "ms", st.all().length);
}
