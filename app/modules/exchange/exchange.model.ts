import { type MessageKey, msg } from "#app/modules/i18n/i18n.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import type { Codec } from "./exchange.field-map.ts";

// What the exchange formats read and write, shared by the serializers, the parsers and the plan. Safe for the
// browser (no node: modules): an import screen may show a plan's refusals as they came.

/** Where a photo of an imported listing comes from: a URL to fetch, or a file of the uploaded zip. */
export type PhotoSource = { url: string; caption: string } | { file: string; caption: string };

/** Where an item was in its file: a CSV line, or the n-th listing of an XML feed (with its reference). */
export type ItemPlace = { line: number } | { item: number; ref: string | null };

/**
 * One listing read from a feed: the lister's reference, the listing form's input (the names
 * ListingFormSchema reads; areas in m², as every format gives them) and its photos and floor plans.
 */
export type FeedItem = {
  ref: string;
  place: ItemPlace;
  input: Record<string, unknown>;
  photos: PhotoSource[];
  floorPlans: PhotoSource[];
};

/** A listing of the feed that cannot be imported, and the form's message (or the format's) why. */
export type Refusal = { place: ItemPlace; message: string; vars?: Record<string, string> };

/** A feed as read: the items that may be imported and those refused; or the whole file refused. */
export type ParsedFeed =
  | { ok: true; items: FeedItem[]; refused: Refusal[] }
  | { ok: false; error: MessageKey };

/** The messages of a file refused as a whole (translated where shown). */
export const FEED_ERRORS = {
  tooLarge: msg("The file is larger than 100 MB"),
  encoding: msg("The file is not in a supported encoding: save it as UTF-8"),
  doctype: msg("The file declares a DOCTYPE or entities, which feeds may not use"),
  notXml: msg("The file is not well-formed XML"),
  notKyero: msg("The file is not a Kyero v3 feed"),
  notOpenImmo: msg("The file is not an OpenImmo feed"),
  notCsv: msg("The file is not a CSV file with the template's header row"),
  noZipXml: msg("The zip holds no OpenImmo XML file"),
  badZip: msg("The zip file can not be read"),
  zipTooLarge: msg("The zip's contents are larger than 100 MB"),
  zipTooManyFiles: msg("The zip holds too many files"),
  zipUnsafePath: msg("The zip holds a file outside its own folder"),
} as const;

/** The messages of a refused item beside the form's own. */
export const ITEM_MESSAGES = {
  noReference: msg("The reference is missing"),
  duplicateReference: msg("The reference {ref} appears more than once"),
  photoUrl: msg("Photo addresses must start with http:// or https://"),
  photoFile: msg("A photo is missing from the zip: {file}"),
  notForm: msg("The listing's fields can not be read"),
} as const;

/** The most bytes a feed file (or a zip's contents together) may have. */
export const FEED_MAX_BYTES = 100 * 1024 * 1024;

/** A listing as the exports write it: the public view (hidden addresses stay hidden) and its reference. */
export type ExportItem = {
  listing: Listing;
  /** The lister's own reference (exchange.reference.ts). */
  ref: string;
  /** Its page on this site. */
  url: string;
  photos: { url: string; caption: string | null }[];
  floorPlans: { url: string; caption: string | null }[];
  /** Who answers for it: the listing agent's or the private lister's name. */
  contactName: string;
  /** Its open houses and bookable viewing times still to end, soonest first (formats with a place for them). */
  openHouses?: ExportOpenHouse[];
};

/** A span of viewing times a listing offers (decision 072): an open house, or bookable slots. */
export type ExportOpenHouse = {
  kind: "openHouse" | "slots";
  startsAt: number;
  endsAt: number;
  timeZone: string;
};

/** Who publishes a feed: an agency or a private lister, and the site's settings the formats need. */
export type ExportFeed = {
  publisher: { id: string; name: string };
  siteName: string;
  publicUrl: string;
  currency: string;
  /** The site's language (its description is written in it), e.g. "en". */
  language: string;
  /** When the feed was made (epoch ms). */
  generatedAt: number;
};

/** A value of a form field as text for `codec` (undefined: none, not written). */
export function encodeValue(value: unknown, codec: Codec): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof codec === "object") return codec.map[String(value)];
  if (codec === "boolean") return value ? "true" : "false";
  return String(value);
}

/**
 * A text from a file as the form reads it: empty is none; numbers stay text (the form's schema reads them and
 * says what is wrong); a yes/no is a boolean when it reads as one; a mapped value is the form's choice, and a
 * value the map does not know is none (another system's finer choice the site does not have).
 */
export function decodeValue(text: string | undefined, codec: Codec): unknown {
  if (text === undefined) return undefined;
  const value = text.trim();
  if (value === "") return undefined;
  if (typeof codec === "object") {
    const found = Object.entries(codec.map).find(([, theirs]) => theirs === value.toUpperCase());
    return found?.[0];
  }
  if (codec === "boolean") {
    if (/^(true|1|yes|ja)$/i.test(value)) return true;
    if (/^(false|0|no|nein)$/i.test(value)) return false;
    return value;
  }
  return value;
}

/** A lister's feed links, by format. */
export type FeedLinks = { kyero: string; openImmo: string; csv: string };
