import type { ListingColumn } from "#app/modules/listing/listing.fields.ts";

// Where each listing field goes in the exchange formats, once: its OpenImmo 1.2.7 element or attribute, its
// Kyero v3 element and its CSV column, beside its RESO name (declared with the field, listing.fields.ts).
// Typed by the listing table's columns, so a new column without a place here fails typecheck (and
// exchange.field-map.test.ts fails too). A field a format has no element for says why; the serializers and
// parsers (exchange.kyero.ts, exchange.openimmo.ts, exchange.csv.ts) read and write the simple slots
// generically from this table and name their few special cases here as `code`.

/** How a value is written: a text, a whole number, a decimal, a boolean, or one of a choice's values mapped. */
export type Codec = "text" | "integer" | "number" | "boolean" | { map: Readonly<Record<string, string>> };

/** No place in this format, and why. */
export type Absent = { none: string };
/** Written and read by the format's own code (a value spread over several elements, or derived). */
export type Coded = { code: string };

/**
 * An OpenImmo place: an element's text (`element: "flaechen/wohnflaeche"`, a path below <immobilie>), an
 * attribute (`attribute: "moeb"` of that element), or a <user_defined_simplefield feldname="…"> (OpenImmo's own
 * extension point) for what the standard has no element for, so an OpenImmo round trip keeps every field.
 */
export type OpenImmoPlace =
  | { element: string; attribute?: string; codec: Codec }
  | { userField: string; codec: Codec }
  | Coded
  | Absent;

/**
 * A Kyero place: an element's text (a path below <property>), or a line of the property's <notes> (Kyero's
 * schema is closed, and notes are not shown on the portal), so a Kyero round trip keeps every field.
 */
export type KyeroPlace = { element: string; codec: Codec } | { note: string; codec: Codec } | Coded | Absent;

/** A CSV column (its header), or none. */
export type CsvPlace = { column: string; codec: Codec } | Coded | Absent;

export type FieldPlaces = { openImmo: OpenImmoPlace; kyero: KyeroPlace; csv: CsvPlace };

const INTERNAL = { none: "the site's own bookkeeping, not part of a listing's content" } as const;
const COMPUTED = { none: "computed by the database from other fields; the formats carry those" } as const;
const GENERATED = { openImmo: COMPUTED, kyero: COMPUTED, csv: COMPUTED } as const;
const OWNER_ONLY = {
  none: "the owner's exact address while it is hidden: never leaves the site (hidden addresses stay hidden)",
} as const;
const EXPORT_ONLY = {
  none: "only listed homes are exported; a home a feed no longer holds is withdrawn",
} as const;

/** The form's choices as written by OpenImmo and Kyero (theirs on the right). */
export const OPENIMMO_CONDITION = {
  newBuild: "ERSTBEZUG",
  good: "GEPFLEGT",
  needsRenovation: "SANIERUNGSBEDUERFTIG",
} as const;
export const OPENIMMO_FURNISHED = { partly: "TEIL", furnished: "VOLL" } as const;
export const OPENIMMO_CERTIFICATE_TYPE = { demand: "BEDARF", consumption: "VERBRAUCH" } as const;

export const FIELD_MAP = {
  id: {
    openImmo: { element: "verwaltung_techn/openimmo_obid", codec: "text" },
    kyero: { element: "id", codec: "text" },
    csv: { none: "the site's own id; a CSV row is matched by its reference" },
  },
  userRef: {
    openImmo: { code: "kontaktperson: the listing agent's or private lister's name" },
    kyero: { none: "Kyero's <agent> is the feed's, not a property's" },
    csv: { none: "the importing lister owns what they import" },
  },
  agencyId: {
    openImmo: { code: "anbieter: the agency's name and id" },
    kyero: { code: "<agent>: the agency's name" },
    csv: { none: "the importing agency owns what it imports" },
  },
  timestamp: {
    openImmo: { code: "verwaltung_techn/stand_vom: the date it was last saved" },
    kyero: { code: "date: when it was last saved" },
    csv: { none: "set by the import" },
  },
  type: {
    openImmo: { code: "objektkategorie/vermarktungsart@KAUF or @MIETE_PACHT" },
    kyero: { code: "price_freq: sale, or month for a rent" },
    csv: { column: "type", codec: "text" },
  },
  name: {
    openImmo: { element: "freitexte/objekttitel", codec: "text" },
    kyero: { note: "name", codec: "text" },
    csv: { column: "name", codec: "text" },
  },
  price: GENERATED,
  bedrooms: {
    openImmo: { element: "flaechen/anzahl_schlafzimmer", codec: "integer" },
    kyero: { element: "beds", codec: "integer" },
    csv: { column: "bedrooms", codec: "integer" },
  },
  bathrooms: {
    openImmo: { element: "flaechen/anzahl_badezimmer", codec: "integer" },
    kyero: { element: "baths", codec: "integer" },
    csv: { column: "bathrooms", codec: "integer" },
  },
  parking: {
    openImmo: { code: "ausstattung/stellplatzart@FREIPLATZ when there is a parking spot" },
    kyero: { code: 'features: the feature "Parking"' },
    csv: { column: "parking", codec: "boolean" },
  },
  furnished: {
    openImmo: { element: "ausstattung/moebliert", attribute: "moeb", codec: { map: OPENIMMO_FURNISHED } },
    kyero: { note: "furnished", codec: "text" },
    csv: { column: "furnished", codec: "text" },
  },
  location: {
    openImmo: { code: "geo: strasse and ort split from the address, the whole address as a user field" },
    kyero: { code: "town and province split from the address, the whole address as a note" },
    csv: { column: "address", codec: "text" },
  },
  offer: {
    openImmo: { userField: "offer", codec: "boolean" },
    kyero: { note: "offer", codec: "boolean" },
    csv: { column: "offer", codec: "boolean" },
  },
  regularPrice: {
    openImmo: { code: "preise/kaufpreis (sale) or preise/kaltmiete (rent)" },
    kyero: { code: "price: the price a visitor pays; the regular price as a note" },
    csv: { column: "regularPrice", codec: "integer" },
  },
  discountedPrice: {
    openImmo: { userField: "discountedPrice", codec: "integer" },
    kyero: { note: "discountedPrice", codec: "integer" },
    csv: { column: "discountedPrice", codec: "integer" },
  },
  description: {
    openImmo: { element: "freitexte/objektbeschreibung", codec: "text" },
    kyero: { code: "desc/<language>: the site's language" },
    csv: { column: "description", codec: "text" },
  },
  propertyType: {
    openImmo: { code: "objektkategorie/objektart: wohnung, haus, zimmer or grundstueck and its type" },
    kyero: { code: "type: apartment, villa, town house, studio, room or land" },
    csv: { column: "propertyType", codec: "text" },
  },
  livingArea: {
    openImmo: { element: "flaechen/wohnflaeche", codec: "number" },
    kyero: { code: "surface_area/built: whole m² (the exact value as a note when it has decimals)" },
    csv: { column: "livingArea", codec: "number" },
  },
  pricePerArea: GENERATED,
  plotArea: {
    openImmo: { element: "flaechen/grundstuecksflaeche", codec: "number" },
    kyero: { code: "surface_area/plot: whole m² (the exact value as a note when it has decimals)" },
    csv: { column: "plotArea", codec: "number" },
  },
  rooms: {
    openImmo: { element: "flaechen/anzahl_zimmer", codec: "integer" },
    kyero: { note: "rooms", codec: "integer" },
    csv: { column: "rooms", codec: "integer" },
  },
  yearBuilt: {
    openImmo: { element: "zustand_angaben/baujahr", codec: "integer" },
    kyero: { note: "yearBuilt", codec: "integer" },
    csv: { column: "yearBuilt", codec: "integer" },
  },
  condition: {
    openImmo: {
      element: "zustand_angaben/zustand",
      attribute: "zustand_art",
      codec: { map: OPENIMMO_CONDITION },
    },
    kyero: { code: "new_build for a new build; the condition as a note" },
    csv: { column: "condition", codec: "text" },
  },
  floor: {
    openImmo: { element: "geo/etage", codec: "integer" },
    kyero: { note: "floor", codec: "integer" },
    csv: { column: "floor", codec: "integer" },
  },
  floorsTotal: {
    openImmo: { element: "geo/anzahl_etagen", codec: "integer" },
    kyero: { note: "floorsTotal", codec: "integer" },
    csv: { column: "floorsTotal", codec: "integer" },
  },
  lift: {
    openImmo: { element: "ausstattung/fahrstuhl", attribute: "PERSONEN", codec: "boolean" },
    kyero: { note: "lift", codec: "boolean" },
    csv: { column: "lift", codec: "boolean" },
  },
  stepFree: {
    openImmo: { element: "ausstattung/barrierefrei", codec: "boolean" },
    kyero: { note: "stepFree", codec: "boolean" },
    csv: { column: "stepFree", codec: "boolean" },
  },
  availableFrom: {
    openImmo: { element: "verwaltung_objekt/verfuegbar_ab", codec: "text" },
    kyero: { note: "availableFrom", codec: "text" },
    csv: { column: "availableFrom", codec: "text" },
  },
  leaseMonths: {
    openImmo: { code: "verwaltung_objekt/min_mietdauer@min_dauer=MONAT" },
    kyero: { note: "leaseMonths", codec: "integer" },
    csv: { column: "leaseMonths", codec: "integer" },
  },
  deposit: {
    openImmo: { element: "preise/kaution", codec: "integer" },
    kyero: { note: "deposit", codec: "integer" },
    csv: { column: "deposit", codec: "integer" },
  },
  monthlyCharges: {
    openImmo: { element: "preise/nebenkosten", codec: "integer" },
    kyero: { note: "monthlyCharges", codec: "integer" },
    csv: { column: "monthlyCharges", codec: "integer" },
  },
  heatingIncluded: {
    openImmo: { element: "preise/heizkosten_enthalten", codec: "boolean" },
    kyero: { note: "heatingIncluded", codec: "boolean" },
    csv: { column: "heatingIncluded", codec: "boolean" },
  },
  serviceCharge: {
    openImmo: { element: "preise/hausgeld", codec: "integer" },
    kyero: { note: "serviceCharge", codec: "integer" },
    csv: { column: "serviceCharge", codec: "integer" },
  },
  pets: {
    openImmo: { code: "verwaltung_objekt/haustiere (allowed or not), the choice itself as a user field" },
    kyero: { note: "pets", codec: "text" },
    csv: { column: "pets", codec: "text" },
  },
  tourUrl: {
    openImmo: { code: "anhaenge/anhang@gruppe=FILMLINK, location REMOTE" },
    kyero: { note: "tourUrl", codec: "text" },
    csv: { column: "tourUrl", codec: "text" },
  },
  energyCertificate: {
    openImmo: { code: "zustand_angaben/energiepass: present with a certificate; jahrgang ohne/nicht_noetig" },
    kyero: { note: "energyCertificate", codec: "text" },
    csv: { column: "energyCertificate", codec: "text" },
  },
  energyRating: {
    openImmo: { element: "zustand_angaben/energiepass/wertklasse", codec: "text" },
    kyero: { code: "energy_rating/consumption on Kyero's A to G; the rating itself as a note" },
    csv: { column: "energyRating", codec: "text" },
  },
  energyUse: {
    openImmo: { element: "zustand_angaben/energiepass/endenergiebedarf", codec: "number" },
    kyero: { note: "energyUse", codec: "number" },
    csv: { column: "energyUse", codec: "number" },
  },
  energyValidUntil: {
    openImmo: { element: "zustand_angaben/energiepass/gueltig_bis", codec: "text" },
    kyero: { note: "energyValidUntil", codec: "text" },
    csv: { column: "energyValidUntil", codec: "text" },
  },
  energyCertificateType: {
    openImmo: {
      element: "zustand_angaben/energiepass/epart",
      codec: { map: OPENIMMO_CERTIFICATE_TYPE },
    },
    kyero: { note: "energyCertificateType", codec: "text" },
    csv: { column: "energyCertificateType", codec: "text" },
  },
  energySource: {
    openImmo: { userField: "energySource", codec: "text" },
    kyero: { note: "energySource", codec: "text" },
    csv: { column: "energySource", codec: "text" },
  },
  ghgRating: {
    openImmo: { userField: "ghgRating", codec: "text" },
    kyero: { code: "energy_rating/emissions" },
    csv: { column: "ghgRating", codec: "text" },
  },
  energyCostMin: {
    openImmo: { userField: "energyCostMin", codec: "integer" },
    kyero: { note: "energyCostMin", codec: "integer" },
    csv: { column: "energyCostMin", codec: "integer" },
  },
  energyCostMax: {
    openImmo: { userField: "energyCostMax", codec: "integer" },
    kyero: { note: "energyCostMax", codec: "integer" },
    csv: { column: "energyCostMax", codec: "integer" },
  },
  tenure: {
    openImmo: { userField: "tenure", codec: "text" },
    kyero: { code: "leasehold for a leasehold; the tenure as a note" },
    csv: { column: "tenure", codec: "text" },
  },
  councilTaxBand: {
    openImmo: { userField: "councilTaxBand", codec: "text" },
    kyero: { note: "councilTaxBand", codec: "text" },
    csv: { column: "councilTaxBand", codec: "text" },
  },
  exactAddress: {
    openImmo: { element: "verwaltung_objekt/objektadresse_freigeben", codec: "boolean" },
    kyero: { note: "exactAddress", codec: "boolean" },
    csv: { column: "exactAddress", codec: "boolean" },
  },
  lat: {
    openImmo: { element: "geo/geokoordinaten", attribute: "breitengrad", codec: "number" },
    kyero: { element: "location/latitude", codec: "number" },
    csv: { column: "lat", codec: "number" },
  },
  lng: {
    openImmo: { element: "geo/geokoordinaten", attribute: "laengengrad", codec: "number" },
    kyero: { element: "location/longitude", codec: "number" },
    csv: { column: "lng", codec: "number" },
  },
  exactLocation: { openImmo: OWNER_ONLY, kyero: OWNER_ONLY, csv: OWNER_ONLY },
  exactLat: { openImmo: OWNER_ONLY, kyero: OWNER_ONLY, csv: OWNER_ONLY },
  exactLng: { openImmo: OWNER_ONLY, kyero: OWNER_ONLY, csv: OWNER_ONLY },
  status: { openImmo: EXPORT_ONLY, kyero: EXPORT_ONLY, csv: EXPORT_ONLY },
  publishedAt: { openImmo: INTERNAL, kyero: INTERNAL, csv: INTERNAL },
  changedAt: { openImmo: INTERNAL, kyero: INTERNAL, csv: INTERNAL },
  confirmedAt: { openImmo: INTERNAL, kyero: INTERNAL, csv: INTERNAL },
  reminderSentAt: { openImmo: INTERNAL, kyero: INTERNAL, csv: INTERNAL },
  expiredAt: { openImmo: EXPORT_ONLY, kyero: EXPORT_ONLY, csv: EXPORT_ONLY },
  hiddenAt: { openImmo: EXPORT_ONLY, kyero: EXPORT_ONLY, csv: EXPORT_ONLY },
  reference: {
    openImmo: { code: "verwaltung_techn/objektnr_extern: the item's reference (exchange.reference.ts)" },
    kyero: { code: "ref: the item's reference (exchange.reference.ts)" },
    csv: { code: "reference: the item's reference, the first column (exchange.reference.ts)" },
  },
} as const satisfies Record<ListingColumn, FieldPlaces>;

export type MappedColumn = keyof typeof FIELD_MAP;

/** The form's field a column is read into (the form calls the listing's location its address). */
export function formFieldOf(column: ListingColumn): string {
  return column === "location" ? "address" : column;
}

/** The columns with a simple slot in `format` (an element, attribute, user field, note or CSV column). */
export function slotsOf<Format extends keyof FieldPlaces>(format: Format) {
  return (Object.entries(FIELD_MAP) as [ListingColumn, FieldPlaces][]).flatMap(([column, places]) => {
    const place = places[format];
    return "codec" in place
      ? [{ column, place: place as Extract<FieldPlaces[Format], { codec: Codec }> }]
      : [];
  });
}
