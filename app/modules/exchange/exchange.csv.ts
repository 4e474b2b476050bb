import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { type Codec, formFieldOf, slotsOf } from "./exchange.field-map.ts";
import { listingInput } from "./exchange.form-input.ts";
import {
  decodeValue,
  type ExportItem,
  encodeValue,
  FEED_ERRORS,
  type FeedItem,
  ITEM_MESSAGES,
  type ParsedFeed,
  type PhotoSource,
  type Refusal,
} from "./exchange.model.ts";
import { decodeFeedBytes } from "./exchange.xml.ts";

// The CSV template (docs/exchange.md): a header row, then a listing a row. Its columns are the field map's
// (exchange.field-map.ts) between the lister's reference and the photos; photos and floor plans are URLs,
// one a line within their cell, their captions likewise. Values are as the listing form takes them: a choice
// by its value ("flat", "partly"), Yes/No as true/false, areas in m², money in whole units.

const REFERENCE = "reference";
const MEDIA = ["photos", "photoCaptions", "floorPlans", "floorPlanCaptions"] as const;

/** The template's columns, in order. */
export const CSV_COLUMNS: readonly string[] = [
  REFERENCE,
  ...slotsOf("csv").map(({ place }) => place.column),
  ...MEDIA,
];

// A text cell a spreadsheet would run as a formula is written behind an apostrophe (and read back without it).
const FORMULA = /^[=+\-@\t\r]/;
const guard = (text: string, codec: Codec) => (codec === "text" && FORMULA.test(text) ? `'${text}` : text);
const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/** The listings as CSV with the template's header row. */
export function writeListingsCsv(items: ExportItem[]): string {
  const rows = items.map((item) => {
    const input = listingInput(item.listing);
    const cells: Record<string, string> = { [REFERENCE]: item.ref };
    for (const { column, place } of slotsOf("csv")) {
      const text = encodeValue(input[formFieldOf(column)], place.codec);
      if (text !== undefined) cells[place.column] = guard(text, place.codec);
    }
    cells.photos = item.photos.map((photo) => photo.url).join("\n");
    cells.photoCaptions = item.photos.map((photo) => photo.caption ?? "").join("\n");
    cells.floorPlans = item.floorPlans.map((plan) => plan.url).join("\n");
    cells.floorPlanCaptions = item.floorPlans.map((plan) => plan.caption ?? "").join("\n");
    return CSV_COLUMNS.map((column) => cells[column] ?? "");
  });
  return stringify([CSV_COLUMNS as string[], ...rows], { record_delimiter: "\r\n" });
}

/** The template itself: the header row alone. */
export function csvTemplate() {
  return writeListingsCsv([]);
}

/** One listing of the template's example line, by column: the common fields, as a lister would fill them. */
const EXAMPLE: Readonly<Record<string, string>> = {
  [REFERENCE]: "FLAT-12",
  type: "rent",
  name: "Bright flat by the canal",
  description: "A bright second-floor flat with a balcony over the canal and a quiet courtyard.",
  address: "Kottbusser Damm 12, 10967 Berlin",
  bedrooms: "2",
  bathrooms: "1",
  rooms: "3",
  parking: "false",
  furnished: "partly",
  propertyType: "flat",
  livingArea: "72",
  offer: "false",
  regularPrice: "1450",
  deposit: "4350",
  availableFrom: "now",
  photos: "https://crm.example/photos/flat-12-1.jpg\nhttps://crm.example/photos/flat-12-2.jpg",
  photoCaptions: "The living room\nThe balcony",
};

/** The template to download: the header row and one example listing. */
export function csvTemplateWithExample() {
  return stringify([CSV_COLUMNS as string[], CSV_COLUMNS.map((column) => EXAMPLE[column] ?? "")], {
    record_delimiter: "\r\n",
  });
}

const lines = (cell: string | undefined) =>
  (cell ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A cell's photos (URLs) with the captions of the same position. */
function mediaOf(urls: string | undefined, captions: string | undefined): PhotoSource[] {
  const titles = (captions ?? "").split(/\r?\n/).map((line) => unguard(line.trim()));
  return lines(urls).map((url, index) => ({ url, caption: titles[index] ?? "" }));
}

/**
 * The line each record starts on, told the byte offset where it ends (csv-parse's `info.bytes`), records in
 * order: a cell may hold line breaks (the photos), so a record's line is counted, not its index.
 */
function recordLines(text: string, header: string) {
  const encoded = new TextEncoder().encode(text);
  const NEWLINE = 0x0a;
  let offset = new TextEncoder().encode(header).byteLength;
  let line = 1;
  return (end: number) => {
    // From the end of the previous record: past its line break and any empty lines, to this record's start.
    while (offset < end && (encoded[offset] === NEWLINE || encoded[offset] === 0x0d)) {
      if (encoded[offset] === NEWLINE) line++;
      offset++;
    }
    const start = line;
    for (; offset < end; offset++) if (encoded[offset] === NEWLINE) line++;
    return start;
  };
}

/** The listings of a CSV file made from the template (UTF-8, its header row first). */
export function parseListingsCsv(bytes: Uint8Array, maxBytes?: number): ParsedFeed {
  const decoded = decodeFeedBytes(bytes, maxBytes);
  if (!decoded.ok) return decoded;
  const text = decoded.text.replace(/^\uFEFF/, "");
  let records: { record: Record<string, string>; info: { bytes: number } }[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    });
  } catch {
    return { ok: false, error: FEED_ERRORS.notCsv };
  }
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  if (!header.split(",").some((name) => name.trim().replace(/^"|"$/g, "") === REFERENCE)) {
    return { ok: false, error: FEED_ERRORS.notCsv };
  }
  const lineOf = recordLines(text, header);
  const items: FeedItem[] = [];
  const refused: Refusal[] = [];
  for (const { record, info } of records) {
    const place = { line: lineOf(info.bytes) };
    const ref = record[REFERENCE]?.trim();
    if (!ref) {
      refused.push({ place, message: ITEM_MESSAGES.noReference });
      continue;
    }
    const input: Record<string, unknown> = {};
    for (const { column, place: slot } of slotsOf("csv")) {
      const cell = record[slot.column];
      input[formFieldOf(column)] = decodeValue(cell === undefined ? undefined : unguard(cell), slot.codec);
    }
    const photos = mediaOf(record.photos, record.photoCaptions);
    const floorPlans = mediaOf(record.floorPlans, record.floorPlanCaptions);
    if ([...photos, ...floorPlans].some((photo) => "url" in photo && !/^https?:\/\//i.test(photo.url))) {
      refused.push({ place, message: ITEM_MESSAGES.photoUrl });
      continue;
    }
    items.push({ ref, place, input, photos, floorPlans });
  }
  return { ok: true, items, refused };
}
