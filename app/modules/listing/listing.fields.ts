import type { ListingTable, OwnerOnlyListingColumn } from "#app/db/schema.ts";
import { type MessageKey, msg, type PluralKey } from "#app/modules/i18n/i18n.ts";
import {
  CERTIFICATE_TYPES,
  COUNCIL_TAX_BANDS,
  ENERGY_CERTIFICATES,
  ENERGY_CLASSES,
  ENERGY_SOURCES,
  SCALE_A_TO_G,
  TENURES,
} from "./listing.energy.ts";
import {
  CONDITIONS,
  FURNISHING,
  LISTING_STATUSES,
  LISTING_TYPES,
  PETS,
  PROPERTY_TYPES,
} from "./listing.model.ts";

// What a listing field is, once, by its column of the listing table: its type and limits, how the form asks
// for it, whether a search filters or sorts by it, and where it shows. Lists that follow from it are derived
// here (the columns the repo reads, the columns a sort index must hold, the search's URL parameters); lists
// that frozen migrations hold (the page cache's trigger, the sort indexes) are compared with it by
// listing.fields.server.test.ts, which fails when a declared field is missing from one. Safe for the browser.

/** How a column's value is stored and read (booleans are 0/1 on SQLite; the repo converts, nowhere else). */
export type FieldKind = "id" | "text" | "choice" | "integer" | "number" | "boolean" | "epochMs";

/**
 * How a search filters by a field, its URL parameters (a public interface: linked and bookmarked), and how a
 * saved search says it in words (alert e-mails, Profile):
 * - "equals": one value of the field's choices, said as `says` of that value (`unset`: said when none is);
 * - "flag": only listings where it is true (`param=1`), said as `says` ("parking"); on a choice, those whose
 *   value is not `unless` ("furnished=1": partly or fully furnished);
 * - "atLeast": the value or more, said as the plural `says` ("2+ bedrooms");
 * - "range": between two parameters, either may be missing, said by its values in the field's `unit`
 *   ("$500 to $1,500", "from 72 m²"); `inAreaUnit`: the parameters are in the site's AREA_UNIT (a search's
 *   SearchFilters.areaUnit), the column in square metres;
 * - "anyOf": one of a comma list of the field's choices (`kind=flat,house`), said by their `says`;
 * - "availableBy": a date (YYYY-MM-DD) by which the home is free: the column is "now" or a date up to it, said
 *   as `says` with the date;
 * - "scale": one of the field's values, which are ordered best first, and every value before it ("energy
 *   rating C or better": A+ to C), said as `says` with the value as {value};
 * - "words": the query's words are found in it (the search's own word indexes);
 * - "area": inside the map's box (the search's own area indexes).
 */
export type FieldFilter =
  | { op: "equals"; param: string; says: Readonly<Record<string, MessageKey>>; unset?: MessageKey }
  | { op: "flag"; param: string; says: MessageKey; unless?: string }
  | { op: "atLeast"; param: string; says: { one: string; other: PluralKey } }
  | { op: "range"; min: string; max: string; inAreaUnit?: boolean }
  | { op: "scale"; param: string; says: MessageKey }
  | { op: "anyOf"; param: string; says: Readonly<Record<string, MessageKey>> }
  | { op: "availableBy"; param: string; says: MessageKey }
  | { op: "words" }
  | { op: "area" };

export type ListingField = {
  kind: FieldKind;
  nullable?: boolean;
  /** The values a choice may take. */
  values?: readonly string[];
  /** The smallest and largest value (a number), or length (a text), a listing may have. */
  min?: number;
  max?: number;
  /** How its values read: "money" in the site's currency, else a number followed by this unit ("m²"). */
  unit?: string;
  /** The form's label, and how it asks: a text, a whole number, Yes/No, one of the choices. */
  form?: {
    label: string;
    input: "text" | "longText" | "number" | "area" | "money" | "yesNo" | "choice" | "date" | "url";
  };
  /**
   * Its name in the RESO Data Dictionary: the API's field name (app/modules/api), the listing feeds' (none where
   * the dictionary has no field; the API then names it by its column).
   */
  reso?: string;
  /** A choice's values as RESO's lookup names them, where they differ from ours (the API writes these). */
  resoValues?: Readonly<Record<string, string>>;
  filter?: FieldFilter;
  /** The search's sorts by this field: its URL name and label, each way it is offered. */
  sorts?: readonly { name: string; tag: string; direction: "asc" | "desc"; label: string }[];
  /** Shown on a listing card (kept in ListingSummary). */
  card?: boolean;
  /** Part of the listing page's schema.org JSON-LD. */
  jsonLd?: boolean;
  /** Whether the public lists show a listing depends on it (whereListed): every sort index holds it. */
  listing?: "visibility";
  /** A visitor's page shows it: changing it bumps the page cache's data version. */
  shown?: boolean;
  /** Written by the database, never by the app (generated column). */
  generated?: boolean;
  /** Only the owner reads it (their edit form, their data export): never selected with the listing. */
  ownerOnly?: boolean;
};

/**
 * Every column of the listing table the app reads (PostgreSQL's own searchVector aside). Their order is the
 * order of the search's URL parameters (a saved search is compared by its canonical query string) and of its
 * sorts (the first is the default).
 */
export const LISTING_COLUMNS = {
  id: { kind: "id", reso: "ListingKey", card: true },
  userRef: { kind: "id", listing: "visibility", shown: true },
  /** The agency it is published as (decision 061); userRef is then its listing agent. */
  agencyId: { kind: "id", nullable: true, shown: true },
  timestamp: {
    kind: "epochMs",
    reso: "ModificationTimestamp",
    sorts: [{ name: "newest", tag: "n", direction: "desc", label: msg("Newest first") }],
    shown: true,
  },
  type: {
    kind: "choice",
    values: LISTING_TYPES,
    reso: "PropertyType",
    resoValues: { rent: "Residential Lease", sale: "Residential" },
    form: { label: "Sell / Rent", input: "choice" },
    filter: {
      op: "equals",
      param: "type",
      says: { rent: msg("For rent"), sale: msg("For sale") },
      unset: msg("Rent or sale"),
    },
    card: true,
    jsonLd: true,
    shown: true,
  },
  name: {
    kind: "text",
    min: 10,
    max: 32,
    form: { label: "Name", input: "text" },
    filter: { op: "words" },
    card: true,
    jsonLd: true,
    shown: true,
  },
  // The price a visitor pays (effectivePrice, listing.rules.ts; the database generates the column by the same
  // rule, which listing.fields.server.test.ts checks): what a search filters and sorts by.
  price: {
    kind: "integer",
    generated: true,
    reso: "ListPrice",
    min: 0,
    max: 750_000_000,
    unit: "money",
    filter: { op: "range", min: "minPrice", max: "maxPrice" },
    sorts: [
      { name: "price-asc", tag: "a", direction: "asc", label: msg("Price: low to high") },
      { name: "price-desc", tag: "d", direction: "desc", label: msg("Price: high to low") },
    ],
  },
  bedrooms: {
    kind: "integer",
    reso: "BedroomsTotal",
    min: 1,
    max: 50,
    form: { label: "Bedrooms", input: "number" },
    filter: { op: "atLeast", param: "beds", says: { one: "{count}+ bedroom", other: "{count}+ bedrooms" } },
    card: true,
    jsonLd: true,
    shown: true,
  },
  bathrooms: {
    kind: "integer",
    reso: "BathroomsTotalInteger",
    min: 1,
    max: 50,
    form: { label: "Bathrooms", input: "number" },
    filter: {
      op: "atLeast",
      param: "baths",
      says: { one: "{count}+ bathroom", other: "{count}+ bathrooms" },
    },
    card: true,
    jsonLd: true,
    shown: true,
  },
  parking: {
    kind: "boolean",
    form: { label: "Parking spot", input: "yesNo" },
    filter: { op: "flag", param: "parking", says: msg("parking") },
    jsonLd: true,
    shown: true,
  },
  // "furnished=1" (a public URL, saved searches) keeps meaning furnished at all: partly or fully.
  furnished: {
    kind: "choice",
    values: FURNISHING,
    form: { label: "Furnished", input: "choice" },
    filter: { op: "flag", param: "furnished", says: msg("furnished"), unless: "unfurnished" },
    reso: "Furnished",
    jsonLd: true,
    shown: true,
  },
  location: {
    kind: "text",
    reso: "UnparsedAddress",
    max: 300,
    form: { label: "Address", input: "text" },
    filter: { op: "words" },
    card: true,
    jsonLd: true,
    shown: true,
  },
  offer: {
    kind: "boolean",
    form: { label: "Offer", input: "yesNo" },
    filter: { op: "flag", param: "offer", says: msg("offers only") },
    card: true,
    jsonLd: true,
    shown: true,
  },
  regularPrice: {
    kind: "integer",
    min: 50,
    max: 750_000_000,
    form: { label: "Regular price", input: "number" },
    card: true,
    shown: true,
  },
  discountedPrice: {
    kind: "integer",
    nullable: true,
    min: 50,
    max: 750_000_000,
    form: { label: "Discounted price", input: "number" },
    card: true,
    jsonLd: true,
    shown: true,
  },

  // What the listing tells about the home. Nullable: listings saved before these were asked have none, and
  // stay listed; the form requires description, property type and an area on save (listing.schema.ts).
  description: {
    kind: "text",
    nullable: true,
    min: 30,
    max: 5000,
    form: { label: "Description", input: "longText" },
    reso: "PublicRemarks",
    jsonLd: true,
    shown: true,
  },
  propertyType: {
    kind: "choice",
    nullable: true,
    values: PROPERTY_TYPES,
    form: { label: "Property type", input: "choice" },
    reso: "PropertySubType",
    filter: {
      op: "anyOf",
      param: "kind",
      says: {
        flat: msg("Flat"),
        house: msg("House"),
        townhouse: msg("Townhouse"),
        studio: msg("Studio"),
        room: msg("Room"),
        land: msg("Land"),
      },
    },
    jsonLd: true,
    shown: true,
  },
  // Square metres, whatever AREA_UNIT the form and page use.
  livingArea: {
    kind: "number",
    nullable: true,
    min: 1,
    max: 100_000,
    unit: "m²",
    form: { label: "Living area", input: "area" },
    reso: "LivingArea",
    // A home without a living area has no place in a sort by area: those sorts leave it out.
    filter: { op: "range", min: "minArea", max: "maxArea", inAreaUnit: true },
    sorts: [{ name: "area-desc", tag: "l", direction: "desc", label: msg("Largest first") }],
    card: true,
    jsonLd: true,
    shown: true,
  },
  // The price a visitor pays per square metre of living area (per month for a rent), generated by the
  // database by effectivePrice's rule (listing.fields.server.test.ts checks it); null without a living area,
  // and such homes are left out of its sort.
  pricePerArea: {
    kind: "number",
    nullable: true,
    generated: true,
    sorts: [
      {
        name: "price-per-area-asc",
        tag: "m",
        direction: "asc",
        label: msg("Price per area: low to high"),
      },
    ],
  },
  plotArea: {
    kind: "number",
    nullable: true,
    min: 1,
    max: 10_000_000,
    unit: "m²",
    form: { label: "Plot area", input: "area" },
    reso: "LotSizeArea",
    shown: true,
  },
  rooms: {
    kind: "integer",
    nullable: true,
    min: 1,
    max: 100,
    form: { label: "Rooms", input: "number" },
    reso: "RoomsTotal",
    jsonLd: true,
    shown: true,
  },
  yearBuilt: {
    kind: "integer",
    nullable: true,
    // The upper bound is this year + 5 (listing.schema.ts): a building may be sold before it is finished.
    min: 1500,
    form: { label: "Year built", input: "number" },
    reso: "YearBuilt",
    jsonLd: true,
    shown: true,
  },
  condition: {
    kind: "choice",
    nullable: true,
    values: CONDITIONS,
    form: { label: "Condition", input: "choice" },
    reso: "PropertyCondition",
    shown: true,
  },
  floor: {
    kind: "integer",
    nullable: true,
    min: -5,
    max: 200,
    form: { label: "Floor", input: "number" },
    reso: "EntryLevel",
    shown: true,
  },
  floorsTotal: {
    kind: "integer",
    nullable: true,
    min: 1,
    max: 200,
    form: { label: "Floors in building", input: "number" },
    reso: "StoriesTotal",
    shown: true,
  },
  lift: {
    kind: "boolean",
    nullable: true,
    form: { label: "Lift", input: "yesNo" },
    reso: "AccessibilityFeatures",
    shown: true,
  },
  stepFree: {
    kind: "boolean",
    nullable: true,
    form: { label: "Step-free access", input: "yesNo" },
    reso: "AccessibilityFeatures",
    filter: { op: "flag", param: "stepFree", says: msg("step-free access") },
    shown: true,
  },
  // Rent only: a date (YYYY-MM-DD) or "now".
  availableFrom: {
    kind: "text",
    nullable: true,
    max: 10,
    form: { label: "Available from", input: "date" },
    reso: "AvailabilityDate",
    filter: { op: "availableBy", param: "availableBy", says: msg("available by {date}") },
    jsonLd: true,
    shown: true,
  },
  leaseMonths: {
    kind: "integer",
    nullable: true,
    min: 1,
    max: 120,
    form: { label: "Minimum lease", input: "number" },
    reso: "LeaseTerm",
    shown: true,
  },
  deposit: {
    kind: "integer",
    nullable: true,
    min: 0,
    max: 750_000_000,
    unit: "money",
    form: { label: "Deposit", input: "money" },
    shown: true,
  },
  monthlyCharges: {
    kind: "integer",
    nullable: true,
    min: 0,
    max: 1_000_000,
    unit: "money",
    form: { label: "Monthly charges", input: "money" },
    shown: true,
  },
  heatingIncluded: {
    kind: "boolean",
    nullable: true,
    form: { label: "Heating included", input: "yesNo" },
    reso: "RentIncludes",
    shown: true,
  },
  // Sale only: per month.
  serviceCharge: {
    kind: "integer",
    nullable: true,
    min: 0,
    max: 1_000_000,
    unit: "money",
    form: { label: "Service charge", input: "money" },
    reso: "AssociationFee",
    shown: true,
  },
  pets: {
    kind: "choice",
    nullable: true,
    values: PETS,
    form: { label: "Pets", input: "choice" },
    reso: "PetsAllowed",
    // "pets=1": allowed or by arrangement (a searcher with a pet may ask); a listing that never said is left out.
    filter: { op: "flag", param: "pets", says: msg("pets allowed"), unless: "notAllowed" },
    jsonLd: true,
    shown: true,
  },
  // A YouTube, Vimeo or Matterport page (listing.tour.ts); the page embeds it only once the visitor asks.
  tourUrl: {
    kind: "text",
    nullable: true,
    max: 300,
    form: { label: "Video or virtual tour", input: "url" },
    reso: "VirtualTourURLUnbranded",
    shown: true,
  },

  // Its energy: a certificate's rating on the site's scale (listing.energy.ts; LISTING_RULES picks it), or why
  // there is none. Nullable: listings saved before have none; the country rules (listing.country-rules.ts)
  // say which of these a save needs.
  energyCertificate: {
    kind: "choice",
    nullable: true,
    values: ENERGY_CERTIFICATES,
    form: { label: "Energy certificate", input: "choice" },
    shown: true,
  },
  energyRating: {
    kind: "choice",
    nullable: true,
    values: ENERGY_CLASSES,
    form: { label: "Energy rating", input: "choice" },
    filter: { op: "scale", param: "minEnergy", says: msg("energy rating {value} or better") },
    reso: "GreenVerificationRating",
    jsonLd: true,
    shown: true,
  },
  // kWh per m² and year.
  energyUse: {
    kind: "number",
    nullable: true,
    min: 0,
    max: 2000,
    unit: "kWh/m²·year",
    form: { label: "Energy use", input: "number" },
    reso: "GreenVerificationMetric",
    shown: true,
  },
  // A date, YYYY-MM-DD.
  energyValidUntil: {
    kind: "text",
    nullable: true,
    max: 10,
    form: { label: "Certificate valid until", input: "date" },
    shown: true,
  },
  energyCertificateType: {
    kind: "choice",
    nullable: true,
    values: CERTIFICATE_TYPES,
    form: { label: "Certificate type", input: "choice" },
    shown: true,
  },
  energySource: {
    kind: "choice",
    nullable: true,
    values: ENERGY_SOURCES,
    form: { label: "Main energy source", input: "choice" },
    shown: true,
  },
  // France's greenhouse-gas class (GES), A to G.
  ghgRating: {
    kind: "choice",
    nullable: true,
    values: SCALE_A_TO_G,
    form: { label: "Greenhouse gas class (GES)", input: "choice" },
    shown: true,
  },
  // France's estimated yearly energy cost, a range in the site's currency.
  energyCostMin: {
    kind: "integer",
    nullable: true,
    min: 0,
    max: 1_000_000,
    unit: "money",
    form: { label: "Yearly energy cost from", input: "money" },
    shown: true,
  },
  energyCostMax: {
    kind: "integer",
    nullable: true,
    min: 0,
    max: 1_000_000,
    unit: "money",
    form: { label: "Yearly energy cost to", input: "money" },
    shown: true,
  },
  // A sale's tenure and the council tax band, as UK listings give them.
  tenure: {
    kind: "choice",
    nullable: true,
    values: TENURES,
    form: { label: "Tenure", input: "choice" },
    reso: "Ownership",
    shown: true,
  },
  councilTaxBand: {
    kind: "choice",
    nullable: true,
    values: COUNCIL_TAX_BANDS,
    form: { label: "Council tax band", input: "choice" },
    shown: true,
  },

  // "Show exact address": off, visitors read the street without its number and see a circle, not the pin.
  exactAddress: {
    kind: "boolean",
    form: { label: "Show exact address", input: "yesNo" },
    card: true,
    jsonLd: true,
    shown: true,
  },
  // With the exact address off, location, lat and lng hold what visitors may see (the street without its
  // number, a point near the home), so the word and area searches and the map's cells hold nothing more; the
  // owner's exact address and pin are kept here (null while the exact address is shown).
  lat: { kind: "number", reso: "Latitude", filter: { op: "area" }, jsonLd: true, shown: true },
  lng: { kind: "number", reso: "Longitude", filter: { op: "area" }, jsonLd: true, shown: true },
  exactLocation: { kind: "text", nullable: true, max: 300, ownerOnly: true },
  exactLat: { kind: "number", nullable: true, ownerOnly: true },
  exactLng: { kind: "number", nullable: true, ownerOnly: true },
  // The lister's own reference (their CRM's number): what the API's `PUT by-ref` and imports key on, unique per
  // agency or per private lister. Their bookkeeping, not the visitor's: never shown.
  reference: { kind: "text", nullable: true, max: 64, reso: "ListingId", ownerOnly: true },
  status: {
    kind: "choice",
    values: LISTING_STATUSES,
    reso: "StandardStatus",
    resoValues: { available: "Active", let: "Closed", sold: "Closed" },
    listing: "visibility",
    card: true,
    jsonLd: true,
    shown: true,
  },
  publishedAt: { kind: "epochMs", nullable: true, reso: "OnMarketTimestamp", jsonLd: true, shown: true },
  changedAt: { kind: "epochMs", nullable: true, jsonLd: true, shown: true },
  confirmedAt: { kind: "epochMs", nullable: true },
  reminderSentAt: { kind: "epochMs", nullable: true },
  expiredAt: {
    kind: "epochMs",
    nullable: true,
    listing: "visibility",
    card: true,
    jsonLd: true,
    shown: true,
  },
  hiddenAt: { kind: "epochMs", nullable: true, listing: "visibility", shown: true },
} as const satisfies Record<keyof ListingTable, ListingField>;

export type ListingColumn = keyof typeof LISTING_COLUMNS;
/** The columns read with a listing: all but the owner's own (`ownerOnly`). */
export type ListedColumn = Exclude<ListingColumn, OwnerOnlyListingColumn>;

const entries = Object.entries(LISTING_COLUMNS) as [ListingColumn, ListingField][];

/** The columns of `kind` read with a listing. */
export function columnsOfKind(kind: FieldKind): ListedColumn[] {
  return LISTING_SELECT.filter((column) => LISTING_COLUMNS[column].kind === kind);
}

/** Every column the repo reads with a listing, in the table's order (not the owner's own). */
export const LISTING_SELECT = entries
  .filter(([, field]) => !field.ownerOnly)
  .map(([column]) => column) as ListedColumn[];

/** The filters of a search, one per field that has one (words and area are each one filter of two columns). */
export const LISTING_FILTERS = entries.flatMap(([column, field]) =>
  field.filter ? [{ column, filter: field.filter, field }] : [],
);

/** Filters by one column's value (not words, not the area), as both the SQL and the alert matcher apply them. */
export type ValueFilter = {
  column: ListingColumn;
  filter: Extract<
    FieldFilter,
    { op: "equals" | "flag" | "atLeast" | "range" | "scale" | "anyOf" | "availableBy" }
  >;
  field: ListingField;
};
export const VALUE_FILTERS = LISTING_FILTERS.filter(
  (entry): entry is ValueFilter => entry.filter.op !== "words" && entry.filter.op !== "area",
);

/** The URL parameters of a value filter. */
export function filterParams(filter: ValueFilter["filter"]): string[] {
  return filter.op === "range" ? [filter.min, filter.max] : [filter.param];
}

type Declared = (typeof LISTING_COLUMNS)[ListingColumn];
type Field<Column extends ListingColumn> = (typeof LISTING_COLUMNS)[Column];
/** The columns the listing form asks for (those with `form`). */
type FormColumn = {
  [Column in ListingColumn]: Field<Column> extends { form: object } ? Column : never;
}[ListingColumn];
/** A form field's value as the app holds it: a Yes/No a boolean, a choice one of its values, a text a string. */
type ValueOf<F> = F extends { kind: "boolean" }
  ? boolean
  : F extends { values: readonly (infer Value)[] }
    ? Value
    : F extends { kind: "text" | "id" }
      ? string
      : number;

/**
 * The fields the listing form asks for, typed as declared: `{ type: ListingType; name: string; bedrooms: number;
 * parking: boolean; discountedPrice: number | null; ... }` (the read and write shapes, listing.model.ts).
 */
export type ListingFormFields = {
  -readonly [Column in FormColumn]: Field<Column> extends { nullable: true }
    ? ValueOf<Field<Column>> | null
    : ValueOf<Field<Column>>;
};

type SortOf<Field> = Field extends { sorts: readonly (infer Sort)[] } ? Sort : never;
/** A sort of the search as declared: its URL name, cursor tag, direction and label. */
export type ListingSort = SortOf<Declared>;

/** The search's sorts, in the order the page offers them (the first is the default), with their column. */
export const LISTING_SORTS = entries.flatMap(([column, field]) =>
  (field.sorts ?? []).map((sort) => ({ ...sort, column })),
) as (ListingSort & { column: ListedColumn })[];

/**
 * What every sort index must hold beside its keys, so a walk checks an entry without reading its row
 * (decision 045): the filtered columns (but the words, which have their own index) and whereListed's.
 */
export const SORT_INDEX_COLUMNS = entries
  .filter(([, field]) => (field.filter && field.filter.op !== "words") || field.listing === "visibility")
  .map(([column]) => column);

/** The columns whose change a visitor's page shows (the page cache's trigger must name each one). */
export const SHOWN_COLUMNS = entries.filter(([, field]) => field.shown).map(([column]) => column);
