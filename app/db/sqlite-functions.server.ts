import type { DatabaseSync } from "node:sqlite";
import { distanceKm, type LatLng, pointInPolygon } from "#app/modules/search/search.shape.ts";
import { textHasQueryWordsAsIndexed } from "#app/modules/search/search.words.ts";

// SQL functions of our own that SQLite queries call, registered on every connection the app opens. They only
// read: no trigger, index or generated column uses them, so a database written by any other tool (the sqlite3
// shell, a restore) stays valid without them.

/** The name the search's SQL calls: search.filter-sql.server.ts. */
export const HAS_WORDS_FUNCTION = "homestead_has_words";

/** `homestead_in_polygon(lat, lng, poly)`: search.shape.ts's pointInPolygon, `poly` as `poly=` writes it. */
export const IN_POLYGON_FUNCTION = "homestead_in_polygon";
/** `homestead_distance_km(lat1, lng1, lat2, lng2)`: search.shape.ts's distanceKm (haversine). */
export const DISTANCE_FUNCTION = "homestead_distance_km";

/**
 * `homestead_has_words(text, words)`: 1 when `text` (a listing's name and address) holds every one of `words`
 * (a query's folded words joined by spaces), the last as a prefix, as the FTS5 index matches them; 0 when it
 * does not; NULL when the index may fold this text otherwise (`foldsLikeTheIndexes`: letters beyond Latin,
 * compatibility forms), and the caller asks the index itself. A search that walks its sort's index checks each
 * walked row with it, where the FTS5 match list of a common word would first have to be read whole (125,000 rows
 * for "berlin" among a million listings, decision 047).
 */
export function registerSqliteFunctions(database: DatabaseSync) {
  // Every row of one query passes the same words: they are split once.
  let lastWords = "";
  let lastSplit: string[] = [];
  database.function(HAS_WORDS_FUNCTION, { deterministic: true }, (text, words) => {
    if (typeof text !== "string" || typeof words !== "string") return null;
    if (words !== lastWords) {
      lastWords = words;
      lastSplit = words.split(" ").filter(Boolean);
    }
    const holds = textHasQueryWordsAsIndexed(text, lastSplit);
    return holds === null ? null : holds ? 1 : 0;
  });
  // A drawn area and a radius (decision 069): the alert matcher's own functions, so SQLite and the matcher
  // agree on every home at a shape's edge. Every row of one query passes the same polygon: it is read once.
  let lastPoly = "";
  let lastPoints: LatLng[] = [];
  database.function(IN_POLYGON_FUNCTION, { deterministic: true }, (lat, lng, poly) => {
    if (typeof lat !== "number" || typeof lng !== "number" || typeof poly !== "string") return null;
    if (poly !== lastPoly) {
      lastPoly = poly;
      lastPoints = poly.split(";").map((pair) => {
        const [pointLat, pointLng] = pair.split(",").map(Number);
        return { lat: pointLat!, lng: pointLng! };
      });
    }
    return pointInPolygon(lat, lng, lastPoints) ? 1 : 0;
  });
  database.function(DISTANCE_FUNCTION, { deterministic: true }, (lat1, lng1, lat2, lng2) =>
    typeof lat1 === "number" &&
    typeof lng1 === "number" &&
    typeof lat2 === "number" &&
    typeof lng2 === "number"
      ? distanceKm(lat1, lng1, lat2, lng2)
      : null,
  );
}
