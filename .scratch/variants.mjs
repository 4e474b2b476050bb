import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[2]); if (process.argv[3]) db.exec(process.argv[3]);
const base = `"listing"."hiddenAt" is null and "listing"."status" = 'available' and "listing"."expiredAt" is null and "listing"."type" = 'rent' and "listing"."offer" = 1 and "listing"."parking" = 1 and "listing"."furnished" = 1 and "listing"."price" >= 900 and "listing"."price" <= 3000 and "listing"."bedrooms" >= 2 and "listing"."bathrooms" >= 1 and "listing"."lng" >= 13.25 and "listing"."lng" <= 13.6 and "listing"."lat" >= 52.42 and "listing"."lat" <= 52.6`;
const user = `not exists (select 1 from "user" where "user"."id" = "listing"."userRef" and "user"."banned" = 1)`;
const fts = `(SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id") IN (SELECT rowid FROM "listing_fts" WHERE "listing_fts" MATCH '"berlin"*')`;
const variants = {
  current: `select count(*) from (select id from listing where ${user} and ${base} and ${fts} limit 1001)`,
  noUser: `select count(*) from (select id from listing where ${base} and ${fts} limit 1001)`,
  noFts: `select count(*) from (select id from listing where ${user} and ${base} limit 1001)`,
  baseOnly: `select count(*) from (select id from listing where ${base} limit 1001)`,
  rangeOnly: `select count(*) from listing where offer = 1 and price >= 900 and price <= 3000`,
  ftsOnly: `select count(*) from listing_fts where listing_fts match '"berlin"*'`,
};
for (const [name, q] of Object.entries(variants)) {
  const st = db.prepare(q);
  st.all();
  const t = [];
  for (let i = 0; i < 15; i++) { const t0 = performance.now(); const r = st.all(); t.push(performance.now() - t0); if (i === 0) console.log(name, JSON.stringify(r)); }
  t.sort((a, b) => a - b);
  console.log(`  ${name}: ${t[7].toFixed(2)} ms`);
  console.log("   ", db.prepare("explain query plan " + q).all().map((r) => r.detail).join(" | "));
}
