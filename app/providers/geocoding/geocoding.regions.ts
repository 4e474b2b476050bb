// Place names the GeoNames city list lacks but addresses use: states and provinces (to tell Paris, TX from
// Paris, France), country nicknames, and the English or local names of big cities the list spells otherwise.
// Keys are written already normalised (lower case, ASCII, single spaces): see normalizePlace.

/** A constraint a part of the address puts on the city: its country, and optionally its first-level region. */
export type PlaceHint = { country: string; admin?: string };

const US_STATES: Record<string, string> = {
  AL: "alabama",
  AK: "alaska",
  AZ: "arizona",
  AR: "arkansas",
  CA: "california",
  CO: "colorado",
  CT: "connecticut",
  DE: "delaware",
  DC: "district of columbia",
  FL: "florida",
  GA: "georgia",
  HI: "hawaii",
  ID: "idaho",
  IL: "illinois",
  IN: "indiana",
  IA: "iowa",
  KS: "kansas",
  KY: "kentucky",
  LA: "louisiana",
  ME: "maine",
  MD: "maryland",
  MA: "massachusetts",
  MI: "michigan",
  MN: "minnesota",
  MS: "mississippi",
  MO: "missouri",
  MT: "montana",
  NE: "nebraska",
  NV: "nevada",
  NH: "new hampshire",
  NJ: "new jersey",
  NM: "new mexico",
  NY: "new york",
  NC: "north carolina",
  ND: "north dakota",
  OH: "ohio",
  OK: "oklahoma",
  OR: "oregon",
  PA: "pennsylvania",
  RI: "rhode island",
  SC: "south carolina",
  SD: "south dakota",
  TN: "tennessee",
  TX: "texas",
  UT: "utah",
  VT: "vermont",
  VA: "virginia",
  WA: "washington",
  WV: "west virginia",
  WI: "wisconsin",
  WY: "wyoming",
};

// GeoNames numbers Canadian and Australian regions; addresses use postal abbreviations and names.
const NUMBERED_REGIONS: { country: string; admin: string; names: string[] }[] = [
  { country: "CA", admin: "01", names: ["ab", "alberta"] },
  { country: "CA", admin: "02", names: ["bc", "british columbia"] },
  { country: "CA", admin: "03", names: ["mb", "manitoba"] },
  { country: "CA", admin: "04", names: ["nb", "new brunswick"] },
  { country: "CA", admin: "05", names: ["nl", "newfoundland", "newfoundland and labrador"] },
  { country: "CA", admin: "07", names: ["ns", "nova scotia"] },
  { country: "CA", admin: "08", names: ["on", "ontario"] },
  { country: "CA", admin: "09", names: ["pe", "pei", "prince edward island"] },
  { country: "CA", admin: "10", names: ["qc", "quebec"] },
  { country: "CA", admin: "11", names: ["sk", "saskatchewan"] },
  { country: "CA", admin: "12", names: ["yt", "yukon"] },
  { country: "CA", admin: "13", names: ["nt", "northwest territories"] },
  { country: "CA", admin: "14", names: ["nu", "nunavut"] },
  { country: "AU", admin: "01", names: ["act", "australian capital territory"] },
  { country: "AU", admin: "02", names: ["nsw", "new south wales"] },
  { country: "AU", admin: "03", names: ["nt", "northern territory"] },
  { country: "AU", admin: "04", names: ["qld", "queensland"] },
  { country: "AU", admin: "05", names: ["sa", "south australia"] },
  { country: "AU", admin: "06", names: ["tas", "tasmania"] },
  { country: "AU", admin: "07", names: ["vic", "victoria"] },
  { country: "AU", admin: "08", names: ["wa", "western australia"] },
  { country: "GB", admin: "ENG", names: ["england"] },
  { country: "GB", admin: "SCT", names: ["scotland"] },
  { country: "GB", admin: "WLS", names: ["wales"] },
  { country: "GB", admin: "NIR", names: ["northern ireland"] },
];

/** Country names Intl.DisplayNames does not produce. */
export const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  uk: "GB",
  "great britain": "GB",
  britain: "GB",
  holland: "NL",
  "the netherlands": "NL",
  "czech republic": "CZ",
  turkey: "TR",
  korea: "KR",
  "ivory coast": "CI",
  burma: "MM",
  "hong kong": "HK",
  macau: "MO",
  russia: "RU",
  vietnam: "VN",
  "viet nam": "VN",
  uae: "AE",
  emirates: "AE",
  swaziland: "SZ",
  "east timor": "TL",
};

/**
 * City names people type that the list spells differently; each adds the named city's entries as
 * candidates (the population still decides, so "roma" finds Rome, Italy, not Roma, Texas).
 */
export const CITY_ALIASES: Record<string, string> = {
  "new york": "new york city",
  nyc: "new york city",
  cologne: "koln",
  munchen: "munich",
  muenchen: "munich",
  koeln: "koln",
  wien: "vienna",
  praha: "prague",
  warszawa: "warsaw",
  roma: "rome",
  milano: "milan",
  napoli: "naples",
  firenze: "florence",
  venezia: "venice",
  torino: "turin",
  lisboa: "lisbon",
  bruxelles: "brussels",
  brussel: "brussels",
  geneva: "geneve",
  kobenhavn: "copenhagen",
  moskva: "moscow",
  kiev: "kyiv",
  athina: "athens",
  sevilla: "seville",
  "den haag": "the hague",
  "s gravenhage": "the hague",
  bombay: "mumbai",
  peking: "beijing",
  saigon: "ho chi minh city",
  "ho chi minh": "ho chi minh city",
  mexico: "mexico city",
  "ciudad de mexico": "mexico city",
  "st petersburg": "saint petersburg",
};

/** Region names and codes to the hints they stand for; a code can mean several ("wa": Washington or WA). */
export function regionHints(): Map<string, PlaceHint[]> {
  const hints = new Map<string, PlaceHint[]>();
  const add = (name: string, hint: PlaceHint) => hints.set(name, [...(hints.get(name) ?? []), hint]);
  for (const [code, name] of Object.entries(US_STATES)) {
    add(code.toLowerCase(), { country: "US", admin: code });
    add(name, { country: "US", admin: code });
  }
  add("washington dc", { country: "US", admin: "DC" });
  for (const region of NUMBERED_REGIONS) {
    for (const name of region.names) add(name, { country: region.country, admin: region.admin });
  }
  return hints;
}
