import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[2]);
const word = process.argv[3] ?? '"berlin"*';
const listed = `"listing"."hiddenAt" is null and not exists (select "user"."id" from "user" where "user"."id" = "listing"."userRef" and "user"."banned" = 1) and "listing"."status" = 'available' and "listing"."expiredAt" is null`;
const qIn = `select "listing".* from "listing" where ${listed} and (SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id") IN (SELECT rowid FROM "listing_fts" WHERE "listing_fts" MATCH '${word}') order by "listing"."timestamp" desc, "listing"."id" desc limit 21`;
const qProbe = `select "listing".* from "listing" where ${listed} and EXISTS (SELECT 1 FROM "listing_fts" WHERE "listing_fts" MATCH '${word}' AND rowid = (SELECT "key" FROM "listing_key" WHERE "listing_key"."listingId" = "listing"."id")) order by "listing"."timestamp" desc, "listing"."id" desc limit 21`;
for (const q of [qIn, qProbe]) { console.log(db.prepare("explain query plan " + q).all().map((r) => r.detail).join(" | ")); const st = db.prepare(q); st.all(); const t = []; for (let i = 0; i < 21; i++) { const t0 = performance.now(); st.all(); t.push(performance.now() - t0); } t.sort((a, b) => a - b); console.log(t[10].toFixed(2), "ms", st.all().length); }
