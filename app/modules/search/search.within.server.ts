import { LRUCache } from "lru-cache";
import { data } from "react-router";
import { logger } from "#app/logger.server.ts";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import type { GeocodeResult, Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import { MAX_PLACE_LENGTH, parseLatLng, parseRadius } from "./search.shape.ts";

// The filter bar's "Distance" control (`within=`): a radius around the place typed in the search box. The bar
// is a plain GET form, so the choice arrives as `q=Berlin&within=2`; the page's loader turns it into the
// search's own parameters, `near=52.52,13.405&radius=2&place=Berlin`, and redirects there, so the URL a
// searcher shares or saves is the search itself (decision 069). A radius around a point chosen on the map
// arrives with its `near=` and keeps it.

/** What the loader does with a request: go to the search it asks for, or show it with a notice (or none). */
export type WithinOutcome =
  | { redirect: string }
  | { notice: "notFound" | "noPlace" | "unavailable"; place: string; radius: number }
  | null;

// A place typed by many searchers is looked up once: the offline gazetteer costs a worker's round trip, and
// Nominatim allows one request a second for the whole site.
const places = new LRUCache<string, GeocodeResult | "none">({ max: 2000, ttl: 24 * 3600_000 });

/**
 * The outcome of `within=` in `url` (null when the request has none). "Anywhere" (empty) takes the radius
 * off; a radius around the box's place looks the place up; a place nobody can find keeps its words as the
 * search and says so.
 */
export async function resolveWithin(url: URL, geocoder: Geocoder): Promise<WithinOutcome> {
  const params = url.searchParams;
  if (!params.has("within")) return null;
  const radius = parseRadius(params.get("within") ?? "");
  const next = new URLSearchParams(params);
  next.delete("within");
  next.delete("cursor");
  // The bar sends every field, most of them empty: the search's URL keeps those that say something.
  for (const [name, value] of params) if (value.trim() === "") next.delete(name, value);
  const to = () => ({ redirect: `${url.pathname}${next.size > 0 ? `?${next}` : ""}` });
  if (radius === null) {
    for (const name of ["near", "radius", "place"]) next.delete(name);
    return to();
  }
  next.set("radius", String(radius));
  const place = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_PLACE_LENGTH);
  const centre = parseLatLng(params.get("near") ?? "");
  // A point chosen on the map (no place named; the bar sends it as a hidden field), or a centre already in the
  // URL with nothing typed: the radius changes around it, and the box's words stay words.
  if (centre && (!place || !params.get("place"))) return to();
  if (!place) return { notice: "noPlace", place, radius };
  let found: GeocodeResult | "none";
  try {
    found = places.get(place.toLowerCase()) ?? (await geocoder.geocode(place)) ?? "none";
  } catch (error) {
    logger.warn({ err: error }, "could not look up a search's place");
    return { notice: "unavailable", place, radius };
  }
  places.set(place.toLowerCase(), found);
  if (found === "none") return { notice: "notFound", place, radius };
  next.delete("q");
  next.set("near", `${Number(found.lat.toFixed(5))},${Number(found.lng.toFixed(5))}`);
  next.set("place", place);
  return to();
}

/** The radius asked for but not applied (the bar shows it chosen, to send again), else null. */
export function withinAsked(outcome: WithinOutcome): number | null {
  return outcome && "notice" in outcome ? outcome.radius : null;
}

/** The words under the filter bar when "Distance" could not be applied. */
export function withinNotice(outcome: WithinOutcome, { t }: I18n): string | null {
  if (!outcome || "redirect" in outcome) return null;
  if (outcome.notice === "noPlace")
    return t("Type a place in the search box to search within a distance of it.");
  if (outcome.notice === "notFound") {
    return t("We could not find “{place}” on the map: these homes match its words instead.", {
      place: outcome.place,
    });
  }
  return t(
    "Places cannot be looked up right now: these homes match “{place}” instead. Try again in a moment.",
    {
      place: outcome.place,
    },
  );
}

/**
 * A loader's answer: while the geocoder does not answer, the page says "try again" and must not be kept by
 * the page cache (decision 041), or sending it again would get the same page until the next write.
 */
export function answerWithin<T>(outcome: WithinOutcome, value: T) {
  const retry = outcome !== null && "notice" in outcome && outcome.notice === "unavailable";
  return data(value, retry ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

/** The route's headers: the loader's Cache-Control when it chose one (answerWithin). */
export function withinHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  const headers = new Headers();
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
}
