import { zoneOffsetMs } from "#app/modules/viewing/viewing.rules.ts";
import { formFieldOf, type OPENIMMO_CONDITION, slotsOf } from "./exchange.field-map.ts";
import { listingInput } from "./exchange.form-input.ts";
import {
  decodeValue,
  type ExportFeed,
  type ExportItem,
  encodeValue,
  FEED_ERRORS,
  type FeedItem,
  ITEM_MESSAGES,
  type ParsedFeed,
  type PhotoSource,
  type Refusal,
} from "./exchange.model.ts";
import {
  children,
  decodeFeedBytes,
  orderChildren,
  parseFeedXml,
  placeAt,
  valueAt,
  type XmlElement,
  type XmlNode,
  xmlDocument,
} from "./exchange.xml.ts";

// OpenImmo 1.2.7, the German-speaking market's exchange format: <openimmo> with its <uebertragung> and one
// <anbieter> holding an <immobilie> per listing. Each element sits where the standard's sequence puts it
// (OPENIMMO_ORDER, from the standard's element order); what the standard has no element for is written as a
// <user_defined_simplefield>, its own extension point, so an OpenImmo export read back gives the same listing.

export const OPENIMMO_VERSION = "1.2.7";

/** The order of the children of each element written, as OpenImmo 1.2.7's schema sequences them. */
const OPENIMMO_ORDER: Record<string, readonly string[]> = {
  openimmo: ["uebertragung", "anbieter"],
  anbieter: ["anbieternr", "firma", "openimmo_anid", "immobilie"],
  immobilie: [
    "objektkategorie",
    "geo",
    "kontaktperson",
    "preise",
    "flaechen",
    "ausstattung",
    "zustand_angaben",
    "freitexte",
    "anhaenge",
    "verwaltung_objekt",
    "verwaltung_techn",
    "user_defined_simplefield",
  ],
  objektkategorie: ["nutzungsart", "vermarktungsart", "objektart"],
  objektart: ["zimmer", "wohnung", "haus", "grundstueck"],
  geo: [
    "plz",
    "ort",
    "geokoordinaten",
    "strasse",
    "hausnummer",
    "bundesland",
    "land",
    "etage",
    "anzahl_etagen",
  ],
  kontaktperson: ["name", "firma"],
  preise: [
    "kaufpreis",
    "kaltmiete",
    "nebenkosten",
    "heizkosten_enthalten",
    "hausgeld",
    "waehrung",
    "kaution",
  ],
  flaechen: [
    "wohnflaeche",
    "grundstuecksflaeche",
    "anzahl_zimmer",
    "anzahl_schlafzimmer",
    "anzahl_badezimmer",
  ],
  ausstattung: ["befeuerung", "fahrstuhl", "stellplatzart", "moebliert", "barrierefrei"],
  zustand_angaben: ["baujahr", "zustand", "energiepass"],
  energiepass: ["epart", "gueltig_bis", "endenergiebedarf", "wertklasse", "jahrgang"],
  freitexte: ["objekttitel", "objektbeschreibung"],
  anhaenge: ["anhang"],
  anhang: ["anhangtitel", "format", "daten"],
  verwaltung_objekt: ["objektadresse_freigeben", "verfuegbar_ab", "min_mietdauer", "haustiere"],
  verwaltung_techn: ["objektnr_intern", "objektnr_extern", "aktion", "openimmo_obid", "stand_vom"],
};

/** Our property types as OpenImmo's objektart (and its type attribute). */
const OBJEKTART = {
  flat: { element: "wohnung", attribute: "wohnungtyp", value: "ETAGE" },
  studio: { element: "wohnung", attribute: "wohnungtyp", value: "LOFT-STUDIO-ATELIER" },
  house: { element: "haus", attribute: "haustyp", value: "EINFAMILIENHAUS" },
  townhouse: { element: "haus", attribute: "haustyp", value: "REIHENHAUS" },
  room: { element: "zimmer", attribute: "zimmertyp", value: "ZIMMER" },
  land: { element: "grundstueck", attribute: "grundst_typ", value: "WOHNEN" },
} as const;

/** What a certificate's absence is called in OpenImmo's energiepass/jahrgang. */
const NO_CERTIFICATE = { exempt: "nicht_noetig", appliedFor: "ohne" } as const;

/**
 * The user fields of a listing's viewing times. OpenImmo 1.2.7's only viewing elements, <besichtigungstermin>
 * and <besichtigungstermin_2>, belong to a <bieterverfahren> (a sale by tender) and hold a date without a time,
 * so open houses go to the standard's extension point: one field per span, its start and end in the home's
 * time zone as an ISO 8601 interval ("2026-12-06T10:00+01:00/2026-12-06T12:00+01:00").
 */
const VIEWING_FIELD = { openHouse: "openHouse", slots: "viewingSlots" } as const;
/** The most viewing times one <immobilie> carries. */
const VIEWING_FIELDS_MAX = 10;

/** `ms` as the clock reads in `zone`, with its offset: "2026-12-06T10:00+01:00". */
function zonedIso(ms: number, zone: string) {
  const offset = zoneOffsetMs(ms, zone);
  const local = new Date(ms + offset).toISOString().slice(0, 16);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The user field holding the listing's whole address (OpenImmo's geo wants it in parts). */
const ADDRESS_FIELD = "address";
const PETS_FIELD = "pets";

/** An image's MIME type by its URL's extension (OpenImmo's anhang/format). */
function imageFormat(url: string) {
  const extension = /\.(\w+)(?:\?.*)?$/.exec(url)?.[1]?.toLowerCase();
  return extension === "png" ? "image/png" : extension === "webp" ? "image/webp" : "image/jpeg";
}

function anhang(url: string, caption: string | null, gruppe: string, location = "EXTERN"): XmlElement {
  return {
    name: "anhang",
    attributes: { location, gruppe },
    children: [
      ...(caption ? [{ name: "anhangtitel", text: caption }] : []),
      { name: "format", text: gruppe === "FILMLINK" ? "text/html" : imageFormat(url) },
      { name: "daten", children: [{ name: "pfad", text: url }] },
    ],
  };
}

/** One listing as an <immobilie>. */
function immobilieElement(item: ExportItem, feed: ExportFeed): XmlElement {
  const { listing } = item;
  const input = listingInput(listing);
  const element: XmlElement = { name: "immobilie", children: [] };
  const userFields: XmlElement[] = [];
  const userField = (name: string, value: string) =>
    userFields.push({ name: "user_defined_simplefield", attributes: { feldname: name }, text: value });

  for (const { column, place } of slotsOf("openImmo")) {
    const text = encodeValue(
      input[formFieldOf(column)] ?? (column === "id" ? listing.id : undefined),
      place.codec,
    );
    if (text === undefined) continue;
    if ("userField" in place) userField(place.userField, text);
    else placeAt(element, place.element, text, place.attribute);
  }

  // objektkategorie: living, for sale or to let, and what kind of home.
  placeAt(element, "objektkategorie/nutzungsart", "true", "WOHNEN");
  placeAt(element, "objektkategorie/nutzungsart", "false", "GEWERBE");
  placeAt(element, "objektkategorie/vermarktungsart", String(listing.type === "sale"), "KAUF");
  placeAt(element, "objektkategorie/vermarktungsart", String(listing.type === "rent"), "MIETE_PACHT");
  const art = OBJEKTART[listing.propertyType ?? "flat"];
  placeAt(element, `objektkategorie/objektart/${art.element}`, art.value, art.attribute);

  // geo: the address in parts (plz is required; the address is one line here, so its parts are guessed)
  // and whole, as a user field.
  const parts = listing.location.split(",").map((part) => part.trim());
  placeAt(element, "geo/plz", /\b\d{4,5}\b/.exec(listing.location)?.[0] ?? "");
  placeAt(element, "geo/ort", parts.length > 1 ? parts.at(-1)! : listing.location);
  if (parts.length > 1) placeAt(element, "geo/strasse", parts[0]!);
  userField(ADDRESS_FIELD, listing.location);

  placeAt(element, "kontaktperson/name", item.contactName);
  placeAt(element, "kontaktperson/firma", feed.publisher.name);

  placeAt(
    element,
    listing.type === "sale" ? "preise/kaufpreis" : "preise/kaltmiete",
    String(listing.regularPrice),
  );
  placeAt(element, "preise/waehrung", feed.currency, "iso_waehrung");
  if (listing.parking) placeAt(element, "ausstattung/stellplatzart", "true", "FREIPLATZ");

  if (listing.energyCertificate === "exempt" || listing.energyCertificate === "appliedFor") {
    placeAt(element, "zustand_angaben/energiepass/jahrgang", NO_CERTIFICATE[listing.energyCertificate]);
  }
  if (listing.leaseMonths !== null) {
    placeAt(element, "verwaltung_objekt/min_mietdauer", String(listing.leaseMonths));
    placeAt(element, "verwaltung_objekt/min_mietdauer", "MONAT", "min_dauer");
  }
  if (listing.pets !== null) {
    if (listing.pets !== "byArrangement") {
      placeAt(element, "verwaltung_objekt/haustiere", String(listing.pets === "allowed"));
    }
    userField(PETS_FIELD, listing.pets);
  }
  if (listing.energyCertificate !== null) userField("energyCertificate", listing.energyCertificate);
  for (const time of (item.openHouses ?? []).slice(0, VIEWING_FIELDS_MAX)) {
    userField(
      VIEWING_FIELD[time.kind],
      `${zonedIso(time.startsAt, time.timeZone)}/${zonedIso(time.endsAt, time.timeZone)}`,
    );
  }

  placeAt(element, "verwaltung_techn/objektnr_extern", item.ref);
  placeAt(element, "verwaltung_techn/aktion", "CHANGE", "aktionart");
  placeAt(element, "verwaltung_techn/stand_vom", new Date(listing.timestamp).toISOString().slice(0, 10));

  const attachments = [
    ...item.photos.map((photo, index) =>
      anhang(photo.url, photo.caption, index === 0 ? "TITELBILD" : "BILD"),
    ),
    ...item.floorPlans.map((plan) => anhang(plan.url, plan.caption, "GRUNDRISS")),
    ...(listing.tourUrl ? [anhang(listing.tourUrl, null, "FILMLINK", "REMOTE")] : []),
  ];
  if (attachments.length > 0) element.children!.push({ name: "anhaenge", children: attachments });
  element.children!.push(...userFields);
  return element;
}

/** An OpenImmo 1.2.7 export of these listings (photos by their URL on this site). */
export function writeOpenImmoFeed(feed: ExportFeed, items: ExportItem[]): string {
  const root: XmlElement = {
    name: "openimmo",
    children: [
      {
        name: "uebertragung",
        attributes: {
          art: "OFFLINE",
          umfang: "VOLL",
          modus: "NEW",
          version: OPENIMMO_VERSION,
          sendersoftware: feed.siteName.slice(0, 100) || "Homestead",
          senderversion: "1",
          timestamp: new Date(feed.generatedAt).toISOString().slice(0, 19),
        },
      },
      {
        name: "anbieter",
        children: [
          { name: "anbieternr", text: feed.publisher.id },
          { name: "firma", text: feed.publisher.name },
          { name: "openimmo_anid", text: feed.publisher.id },
          ...items.map((item) => immobilieElement(item, feed)),
        ],
      },
    ],
  };
  orderChildren(root, OPENIMMO_ORDER);
  return xmlDocument(root);
}

/** The user fields of an <immobilie> by name. */
function userFieldsOf(immobilie: XmlNode) {
  return new Map(
    children(immobilie, "user_defined_simplefield").map((field) => [
      String(field["@feldname"] ?? ""),
      typeof field["#text"] === "string" ? field["#text"] : "",
    ]),
  );
}

/** What an OpenImmo zustand means here: ours as written, and the standard's others read as the nearest. */
const ZUSTAND_READ: Record<string, keyof typeof OPENIMMO_CONDITION> = {
  ERSTBEZUG: "newBuild",
  NEUWERTIG: "newBuild",
  PROJEKTIERT: "newBuild",
  GEPFLEGT: "good",
  MODERNISIERT: "good",
  TEIL_VOLLSANIERT: "good",
  TEIL_VOLLRENOVIERT: "good",
  VOLL_SANIERT: "good",
  TEIL_SANIERT: "good",
  SANIERUNGSBEDUERFTIG: "needsRenovation",
  TEIL_VOLLRENOVIERUNGSBED: "needsRenovation",
  BAUFAELLIG: "needsRenovation",
};

/**
 * One <immobilie> as a feed item, or why it is refused. Photos are URLs (location EXTERN/REMOTE) or files
 * of the zip (location INTERN, by their path); `hasFile` tells whether the zip holds a path.
 */
function readImmobilie(
  immobilie: XmlNode,
  index: number,
  hasFile: (path: string) => boolean,
): FeedItem | Refusal {
  const ref = valueAt(immobilie, "verwaltung_techn/objektnr_extern")?.trim() || null;
  const place = { item: index + 1, ref };
  if (!ref) return { place, message: ITEM_MESSAGES.noReference };
  const users = userFieldsOf(immobilie);
  const input: Record<string, unknown> = {};
  for (const { column, place: slot } of slotsOf("openImmo")) {
    input[formFieldOf(column)] =
      "userField" in slot
        ? decodeValue(users.get(slot.userField), slot.codec)
        : decodeValue(valueAt(immobilie, slot.element, slot.attribute), slot.codec);
  }
  delete input.id;
  const kauf = valueAt(immobilie, "objektkategorie/vermarktungsart", "KAUF");
  const type = kauf === "true" || kauf === "1" ? "sale" : "rent";
  const art = Object.entries(OBJEKTART).find(
    ([, value]) => valueAt(immobilie, `objektkategorie/objektart/${value.element}`) !== undefined,
  );
  const artOf = (name: string, attribute: string) =>
    valueAt(immobilie, `objektkategorie/objektart/${name}`, attribute);
  const propertyType =
    artOf("wohnung", "wohnungtyp") === "LOFT-STUDIO-ATELIER"
      ? "studio"
      : /^REIHEN/.test(artOf("haus", "haustyp") ?? "")
        ? "townhouse"
        : art?.[0];
  const street = [valueAt(immobilie, "geo/strasse"), valueAt(immobilie, "geo/hausnummer")]
    .filter(Boolean)
    .join(" ");
  const town = [valueAt(immobilie, "geo/plz"), valueAt(immobilie, "geo/ort")].filter(Boolean).join(" ");
  const zustand = valueAt(immobilie, "zustand_angaben/zustand", "zustand_art");
  const jahrgang = valueAt(immobilie, "zustand_angaben/energiepass/jahrgang");
  const hasPass = valueAt(immobilie, "zustand_angaben/energiepass") !== undefined;
  const haustiere = valueAt(immobilie, "verwaltung_objekt/haustiere");
  const minDauer = valueAt(immobilie, "verwaltung_objekt/min_mietdauer", "min_dauer");
  const minMonths = valueAt(immobilie, "verwaltung_objekt/min_mietdauer");
  const moeb = valueAt(immobilie, "ausstattung/moebliert", "moeb");
  Object.assign(input, {
    type,
    propertyType,
    address: users.get(ADDRESS_FIELD) ?? [street, town].filter(Boolean).join(", "),
    regularPrice: valueAt(immobilie, type === "sale" ? "preise/kaufpreis" : "preise/kaltmiete"),
    offer: input.offer ?? false,
    furnished: moeb === "VOLL" ? "furnished" : moeb === "TEIL" ? "partly" : "unfurnished",
    parking: children(children(immobilie, "ausstattung")[0], "stellplatzart").length > 0,
    condition: zustand ? ZUSTAND_READ[zustand] : undefined,
    energyCertificate:
      users.get("energyCertificate") ??
      (jahrgang === "nicht_noetig"
        ? "exempt"
        : jahrgang === "ohne"
          ? "appliedFor"
          : hasPass
            ? "certificate"
            : undefined),
    pets:
      users.get(PETS_FIELD) ??
      (haustiere === undefined ? undefined : /^(true|1)$/.test(haustiere) ? "allowed" : "notAllowed"),
    leaseMonths:
      minMonths && minDauer === "JAHR" && /^\d+$/.test(minMonths)
        ? String(Number(minMonths) * 12)
        : minMonths,
    exactAddress: input.exactAddress ?? true,
  });
  const photos: PhotoSource[] = [];
  const floorPlans: PhotoSource[] = [];
  for (const attachment of children(children(immobilie, "anhaenge")[0], "anhang")) {
    const gruppe = String(attachment["@gruppe"] ?? "");
    const location = String(attachment["@location"] ?? "");
    const path = (valueAt(attachment, "daten/pfad") ?? "").trim();
    const caption = (valueAt(attachment, "anhangtitel") ?? "").trim();
    if (gruppe === "FILMLINK" || gruppe === "LINKS") {
      input.tourUrl ??= path;
      continue;
    }
    const isImage = /^image\//.test(valueAt(attachment, "format") ?? "") || /\.(jpe?g|png|webp)$/i.test(path);
    if (
      !isImage ||
      !["TITELBILD", "BILD", "INNENANSICHTEN", "AUSSENANSICHTEN", "GRUNDRISS", ""].includes(gruppe)
    ) {
      continue;
    }
    let source: PhotoSource;
    if (location === "INTERN") {
      if (!hasFile(path)) return { place, message: ITEM_MESSAGES.photoFile, vars: { file: path } };
      source = { file: path, caption };
    } else {
      if (!/^https?:\/\//i.test(path)) return { place, message: ITEM_MESSAGES.photoUrl };
      source = { url: path, caption };
    }
    if (gruppe === "GRUNDRISS") floorPlans.push(source);
    else if (gruppe === "TITELBILD") photos.unshift(source);
    else photos.push(source);
  }
  return { ref, place, input, photos, floorPlans };
}

/**
 * An OpenImmo feed's listings (every <anbieter>'s). `files`: the paths a zip holds beside the XML (its
 * images), none for an XML file alone.
 */
export function parseOpenImmoFeed(
  bytes: Uint8Array,
  files: ReadonlySet<string> = new Set(),
  maxBytes?: number,
): ParsedFeed {
  const decoded = decodeFeedBytes(bytes, maxBytes);
  if (!decoded.ok) return decoded;
  const parsed = parseFeedXml(decoded.text, [
    "anbieter",
    "immobilie",
    "anhang",
    "user_defined_simplefield",
    "stellplatzart",
  ]);
  if (!parsed.ok) return parsed;
  const root = children(parsed.root, "openimmo")[0];
  if (!root || !children(root, "uebertragung")[0]) return { ok: false, error: FEED_ERRORS.notOpenImmo };
  const items: FeedItem[] = [];
  const refused: Refusal[] = [];
  let index = 0;
  for (const anbieter of children(root, "anbieter")) {
    for (const immobilie of children(anbieter, "immobilie")) {
      // A DELETE in a partial feed withdraws; what to do with it is the import's, not the reader's.
      const read = readImmobilie(immobilie, index++, (path) => files.has(path.replace(/^\.?\//, "")));
      if ("input" in read) items.push(read);
      else refused.push(read);
    }
  }
  return { ok: true, items, refused };
}
