import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { LISTING_COLUMNS } from "#app/modules/listing/listing.fields.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { exportItem, RENT_LISTING, SALE_LISTING, TEST_FEED } from "#tests/support/exchange-listings.ts";
import { CSV_COLUMNS, parseListingsCsv, writeListingsCsv } from "./exchange.csv.ts";
import { FIELD_MAP } from "./exchange.field-map.ts";
import { checkFeed, checkItemInput, type FormSettings, listingInput } from "./exchange.form-input.ts";
import { parseKyeroFeed, writeKyeroFeed } from "./exchange.kyero.ts";
import { FEED_ERRORS, type ParsedFeed } from "./exchange.model.ts";
import { parseOpenImmoFeed, writeOpenImmoFeed } from "./exchange.openimmo.ts";

// The formats (tier: unit): the field map covers every listing column, every export validates against its
// format's schema, and a listing exported then read back gives the same form input, field for field.

const FEEDS = path.resolve(import.meta.dirname, "../../../tests/fixtures/feeds");
const KYERO_XSD = readFileSync(path.join(FEEDS, "kyeroV3.0.xsd"), "utf8");
const OPENIMMO_XSD = readFileSync(path.join(FEEDS, "openimmo-1.2.7-subset.xsd"), "utf8");
const SETTINGS: FormSettings = { photosMax: 6, rules: "none", areaUnit: "m2" };
const bytes = (text: string) => new TextEncoder().encode(text);
const ITEMS = [exportItem(RENT_LISTING, "CANAL-1"), exportItem(SALE_LISTING, "ORCHARD-14")];

async function validate(xml: string, xsd: string) {
  const result = await validateXML({ xml: [{ fileName: "feed.xml", contents: xml }], schema: [xsd] });
  return result.errors.map((error) => error.message);
}

/** The form's data a listing's export should give back, as the form checks it. */
function expectedForm(listing: Listing) {
  const item = exportItem(listing, "x");
  const caption = (photo: { caption: string | null }) => ({ url: "", caption: photo.caption ?? "" });
  const result = checkItemInput(
    {
      input: listingInput(listing),
      photos: item.photos.map(caption),
      floorPlans: item.floorPlans.map(caption),
    },
    SETTINGS,
  );
  if (!result.success) throw new Error(`test listing refused: ${JSON.stringify(result.errors)}`);
  return result.data;
}

function expectRoundTrip(feed: ParsedFeed) {
  if (!feed.ok) throw new Error(feed.error);
  expect(feed.refused).toEqual([]);
  expect(feed.items.map((item) => item.ref)).toEqual(["CANAL-1", "ORCHARD-14"]);
  for (const [index, listing] of [RENT_LISTING, SALE_LISTING].entries()) {
    const item = feed.items[index]!;
    const result = checkItemInput(item, SETTINGS);
    expect(result.success ? undefined : result.errors).toBeUndefined();
    if (!result.success) return;
    const expected = expectedForm(listing);
    for (const field of Object.keys(expected) as (keyof typeof expected)[]) {
      expect({ field, value: result.data[field] }).toEqual({ field, value: expected[field] });
    }
    const sources = exportItem(listing, "x");
    expect(item.photos.map((photo) => ("url" in photo ? photo.url : ""))).toEqual(
      sources.photos.map((photo) => photo.url),
    );
    expect(item.floorPlans.map((plan) => ("url" in plan ? plan.url : ""))).toEqual(
      sources.floorPlans.map((plan) => plan.url),
    );
  }
}

describe("the field map", () => {
  it("gives every listing column a place or a reason in each format", () => {
    const columns = Object.keys(LISTING_COLUMNS).sort();
    expect(Object.keys(FIELD_MAP).sort()).toEqual(columns);
    for (const [column, places] of Object.entries(FIELD_MAP)) {
      for (const [format, place] of Object.entries(places)) {
        const said = "none" in place ? place.none : "code" in place ? place.code : "codec";
        expect(said.length, `${column} in ${format}`).toBeGreaterThan(3);
      }
    }
  });

  it("gives every field the form asks for a place in every format (none is lost on the way)", () => {
    for (const [column, field] of Object.entries(LISTING_COLUMNS)) {
      if (!("form" in field)) continue;
      const places = FIELD_MAP[column as keyof typeof FIELD_MAP];
      for (const [format, place] of Object.entries(places)) {
        expect("none" in place ? `${column} has no place in ${format}` : "placed").toBe("placed");
      }
    }
  });
});

describe("Kyero v3", () => {
  const xml = writeKyeroFeed(TEST_FEED, ITEMS);

  it("writes a feed that validates against kyeroV3.0.xsd", async () => {
    expect(await validate(xml, KYERO_XSD)).toEqual([]);
    // The check itself can fail: a property without its reference does not validate.
    expect(await validate(xml.replace(/<ref>[^<]*<\/ref>/, ""), KYERO_XSD)).not.toEqual([]);
  });

  it("gives the same listings back, field for field", () => {
    expectRoundTrip(parseKyeroFeed(bytes(xml)));
  });

  it("reads another system's feed from Kyero's own elements", () => {
    const feed = parseKyeroFeed(
      bytes(`<?xml version="1.0" encoding="UTF-8"?><root><kyero><feed_version>3</feed_version></kyero>
      <property><id>1</id><date>2026-01-01 10:00:00</date><ref>V-77</ref><price>385000</price>
      <price_freq>sale</price_freq><new_build>1</new_build><type>Villa</type><town>Ronda</town>
      <province>Málaga</province><location><latitude>36.74</latitude><longitude>-5.16</longitude></location>
      <beds>3</beds><baths>2</baths><surface_area><built>180</built><plot>1200</plot></surface_area>
      <desc><en>A white villa with a pool and views over the valley to the mountains.</en></desc>
      <features><feature>Garage</feature></features>
      <images><image id="2"><url>https://crm.example/b.jpg</url></image><image id="1"><url>https://crm.example/a.jpg</url></image></images>
      </property></root>`),
    );
    expect(feed.ok && feed.items[0]).toMatchObject({
      ref: "V-77",
      input: {
        type: "sale",
        propertyType: "house",
        name: "House in Ronda",
        address: "Ronda, Málaga",
        regularPrice: "385000",
        livingArea: "180",
        plotArea: "1200",
        parking: true,
        condition: "newBuild",
      },
      photos: [{ url: "https://crm.example/a.jpg" }, { url: "https://crm.example/b.jpg" }],
    });
    if (!feed.ok) throw new Error(feed.error);
    expect(checkItemInput(feed.items[0]!, SETTINGS).success).toBe(true);
  });
});

describe("OpenImmo 1.2.7", () => {
  const xml = writeOpenImmoFeed(TEST_FEED, ITEMS);

  it("writes an export that validates against the standard's structure", async () => {
    expect(await validate(xml, OPENIMMO_XSD)).toEqual([]);
    const misordered = xml.replace(
      /(<geo>[\s\S]*?<\/geo>)\s*(<kontaktperson>[\s\S]*?<\/kontaktperson>)/,
      "$2$1",
    );
    expect(await validate(misordered, OPENIMMO_XSD)).not.toEqual([]);
    expect(xml).toContain('<uebertragung art="OFFLINE" umfang="VOLL" modus="NEW" version="1.2.7"');
  });

  it("gives the same listings back, field for field", () => {
    expectRoundTrip(parseOpenImmoFeed(bytes(xml)));
  });

  it("writes open houses and bookable viewing times as user fields in the home's time zone, and still validates", async () => {
    // Saturday 6 December 2031, 10:00 to 12:00 in Berlin; slots on the Sunday; one in New York's summer.
    const at = Date.UTC(2031, 11, 6, 9);
    const withTimes = writeOpenImmoFeed(TEST_FEED, [
      {
        ...ITEMS[0]!,
        openHouses: [
          { kind: "openHouse", startsAt: at, endsAt: at + 7_200_000, timeZone: "Europe/Berlin" },
          { kind: "slots", startsAt: at + 86_400_000, endsAt: at + 90_000_000, timeZone: "Europe/Berlin" },
          {
            kind: "openHouse",
            startsAt: Date.UTC(2032, 6, 4, 14, 30),
            endsAt: Date.UTC(2032, 6, 4, 16),
            timeZone: "America/New_York",
          },
        ],
      },
      ITEMS[1]!,
    ]);
    expect(withTimes).toContain(
      '<user_defined_simplefield feldname="openHouse">2031-12-06T10:00+01:00/2031-12-06T12:00+01:00</user_defined_simplefield>',
    );
    expect(withTimes).toContain(
      '<user_defined_simplefield feldname="viewingSlots">2031-12-07T10:00+01:00/2031-12-07T11:00+01:00</user_defined_simplefield>',
    );
    expect(withTimes).toContain(">2032-07-04T10:30-04:00/2032-07-04T12:00-04:00<");
    // <besichtigungstermin> belongs to a sale by tender (<bieterverfahren>) and holds a date only: not used.
    expect(withTimes).not.toContain("besichtigungstermin");
    expect(await validate(withTimes, OPENIMMO_XSD)).toEqual([]);
    expectRoundTrip(parseOpenImmoFeed(bytes(withTimes)));
  });

  it("reads photos that are files of its zip, and refuses one the zip does not hold", () => {
    const intern = xml.replace(
      /<anhang location="EXTERN" gruppe="TITELBILD">([\s\S]*?)<pfad>[^<]*<\/pfad>/,
      '<anhang location="INTERN" gruppe="TITELBILD">$1<pfad>images/front.jpg</pfad>',
    );
    const withFile = parseOpenImmoFeed(bytes(intern), new Set(["images/front.jpg"]));
    expect(withFile.ok && withFile.items[0]?.photos[0]).toEqual({
      file: "images/front.jpg",
      caption: "The living room",
    });
    const without = parseOpenImmoFeed(bytes(intern));
    expect(without.ok && without.refused).toEqual([
      {
        place: { item: 1, ref: "CANAL-1" },
        message: "A photo is missing from the zip: {file}",
        vars: { file: "images/front.jpg" },
      },
    ]);
  });
});

describe("CSV", () => {
  const csv = writeListingsCsv(ITEMS);

  it("writes the template's header row, then a listing a row", () => {
    expect(csv.split("\r\n")[0]).toBe(CSV_COLUMNS.join(","));
    expect(CSV_COLUMNS.slice(0, 3)).toEqual(["reference", "type", "name"]);
  });

  it("keeps a spreadsheet from running a text as a formula", () => {
    expect(csv).toContain("\"'=A detached family house");
  });

  it("gives the same listings back, field for field", () => {
    expectRoundTrip(parseListingsCsv(bytes(csv)));
  });

  it("refuses a row with the form's message and its line", () => {
    const lines = csv.split("\r\n");
    const header = CSV_COLUMNS;
    const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
    const row = (cells: Record<string, string>) =>
      header.map((column) => quote(cells[column] ?? "")).join(",");
    const broken = [
      lines[0],
      row({
        reference: "NO-AREA",
        type: "rent",
        name: "Room with a view",
        bedrooms: "1",
        bathrooms: "1",
        description: "A small room with a view over the harbour and the hills.",
        propertyType: "flat",
        address: "Harbour Road, Cork",
        regularPrice: "700",
        photos: "https://crm.example/room.jpg",
      }),
    ].join("\r\n");
    const feed = parseListingsCsv(bytes(broken));
    if (!feed.ok) throw new Error(feed.error);
    expect(checkFeed(feed, SETTINGS)).toEqual({
      items: [],
      refused: [{ place: { line: 2 }, message: "Living area is required" }],
    });
  });
});

describe("hostile and broken files", () => {
  const KYERO_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

  it("refuses a DOCTYPE, entities and a billion laughs without expanding anything", () => {
    const laughs = `${KYERO_HEAD}<!DOCTYPE root [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
      <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
      <root><kyero><feed_version>3</feed_version></kyero><property><ref>&d;</ref></property></root>`;
    expect(parseKyeroFeed(bytes(laughs))).toEqual({ ok: false, error: FEED_ERRORS.doctype });
    const external = `${KYERO_HEAD}<!DOCTYPE openimmo SYSTEM "file:///etc/passwd"><openimmo/>`;
    expect(parseOpenImmoFeed(bytes(external))).toEqual({ ok: false, error: FEED_ERRORS.doctype });
  });

  it("refuses a file over the size cap before reading it", () => {
    const big = new Uint8Array(2048);
    expect(parseKyeroFeed(big, "en", 1024)).toEqual({ ok: false, error: FEED_ERRORS.tooLarge });
    expect(parseListingsCsv(big, 1024)).toEqual({ ok: false, error: FEED_ERRORS.tooLarge });
  });

  it("refuses bytes that are not the encoding the file claims, and UTF-16", () => {
    const latin1 = Uint8Array.from([...bytes("reference,name\r\nA,Caf"), 0xe9, 0x0d, 0x0a]);
    expect(parseListingsCsv(latin1)).toEqual({ ok: false, error: FEED_ERRORS.encoding });
    const utf16 = Uint8Array.from([0xff, 0xfe, ...bytes("<")]);
    expect(parseKyeroFeed(utf16)).toEqual({ ok: false, error: FEED_ERRORS.encoding });
    const ebcdic = bytes('<?xml version="1.0" encoding="EBCDIC-US"?><root/>');
    expect(parseKyeroFeed(ebcdic)).toEqual({ ok: false, error: FEED_ERRORS.encoding });
  });

  it("reads a Latin-1 OpenImmo file that says it is one", () => {
    const xml = writeOpenImmoFeed(TEST_FEED, ITEMS).replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const latin1 = Uint8Array.from([...xml].map((char) => char.charCodeAt(0)));
    const feed = parseOpenImmoFeed(latin1);
    expect(feed.ok && feed.items.length).toBe(2);
  });

  it("refuses what is not XML, or not the format", () => {
    expect(parseKyeroFeed(bytes("<root><kyero></root>"))).toEqual({ ok: false, error: FEED_ERRORS.notXml });
    expect(parseKyeroFeed(bytes("<openimmo/>"))).toEqual({ ok: false, error: FEED_ERRORS.notKyero });
    expect(parseOpenImmoFeed(bytes("<root/>"))).toEqual({ ok: false, error: FEED_ERRORS.notOpenImmo });
    expect(parseListingsCsv(bytes("name,price\r\nA,1"))).toEqual({ ok: false, error: FEED_ERRORS.notCsv });
    expect(parseListingsCsv(bytes('reference,name\r\n"A,1'))).toEqual({
      ok: false,
      error: FEED_ERRORS.notCsv,
    });
  });

  it("refuses a listing without its reference, or with a photo that is not a web address", () => {
    const csv = `reference,name,photos\r\n,No reference here,https://a.example/1.jpg\r\nB,Local photo,file:///etc/passwd\r\n`;
    const feed = parseListingsCsv(bytes(csv));
    expect(feed.ok && feed.refused).toEqual([
      { place: { line: 2 }, message: "The reference is missing" },
      { place: { line: 3 }, message: "Photo addresses must start with http:// or https://" },
    ]);
  });
});
