import type { NewListingRow } from "#app/db/schema.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import type { HomeKind } from "./demo-data.photos.ts";
import type { Random } from "./demo-data.random.ts";

// What a demo listing tells about its home, true to the kind its cover shows: a flat has a floor and a lift
// perhaps, no plot; a house, a villa and a cabin stand on a plot; sizes follow the bedrooms; a rent has its
// terms and charges, a sale of a flat its service charge. The description reads like a lister's: two or three
// sentences in the kind's own words.

type Details = Pick<
  NewListingRow,
  | "description"
  | "propertyType"
  | "livingArea"
  | "plotArea"
  | "rooms"
  | "yearBuilt"
  | "condition"
  | "floor"
  | "floorsTotal"
  | "lift"
  | "stepFree"
  | "availableFrom"
  | "leaseMonths"
  | "deposit"
  | "monthlyCharges"
  | "heatingIncluded"
  | "serviceCharge"
  | "pets"
  | "tourUrl"
  | "energyCertificate"
  | "energyRating"
  | "energyUse"
  | "energyValidUntil"
  | "energyCertificateType"
  | "energySource"
  | "ghgRating"
  | "energyCostMin"
  | "energyCostMax"
  | "tenure"
  | "councilTaxBand"
>;

type Home = {
  kind: HomeKind;
  type: ListingType;
  bedrooms: number;
  bathrooms: number;
  regularPrice: number;
  area: string;
  city: string;
  feature: string;
};

const PROPERTY_TYPE = {
  flat: "flat",
  house: "house",
  townhouse: "townhouse",
  villa: "house",
  cabin: "house",
} as const satisfies Record<HomeKind, NonNullable<NewListingRow["propertyType"]>>;

/** Square metres a bedroom brings, and a kind's plot (none for a flat). */
const SIZE: Record<HomeKind, { perBedroom: [number, number]; plot: [number, number] | null }> = {
  flat: { perBedroom: [28, 40], plot: null },
  house: { perBedroom: [32, 45], plot: [300, 900] },
  townhouse: { perBedroom: [30, 40], plot: [90, 250] },
  villa: { perBedroom: [45, 70], plot: [900, 4000] },
  cabin: { perBedroom: [25, 35], plot: [800, 5000] },
};

const OPENINGS: Record<HomeKind, readonly string[]> = {
  flat: [
    "A bright {bedrooms}-bedroom flat on the {floor} floor of a well-kept building in {area}.",
    "This {bedrooms}-bedroom apartment in {area} has large windows and a {feature}.",
  ],
  house: [
    "A {bedrooms}-bedroom family house on a quiet street in {area}, with a {feature}.",
    "This detached house in {area} offers {bedrooms} bedrooms over two floors and a {feature}.",
  ],
  townhouse: [
    "A {bedrooms}-bedroom townhouse in a row of period homes in {area}, with a {feature}.",
    "This terraced house in {area} has {bedrooms} bedrooms over three floors and a {feature}.",
  ],
  villa: [
    "A {bedrooms}-bedroom villa on a large plot near {city}, with a {feature} and wide views.",
    "This villa outside {city} offers {bedrooms} bedrooms, generous living rooms and a {feature}.",
  ],
  cabin: [
    "A wooden cabin with {bedrooms} bedrooms on its own plot near {city}, with a {feature}.",
    "This timber cabin near {city} has {bedrooms} bedrooms, a wood stove and a {feature}.",
  ],
};

const MIDDLES: Record<HomeKind, readonly string[]> = {
  flat: [
    "The open kitchen joins the living room, and the bathroom was renewed recently.",
    "The living room faces south; the kitchen has room for a dining table.",
  ],
  house: [
    "The kitchen opens to the garden, and the loft offers room for a study.",
    "Downstairs a living room with a fireplace, upstairs the bedrooms and {bathrooms} bathrooms.",
  ],
  townhouse: [
    "The kitchen opens onto the back garden, and the top floor has a bright study.",
    "High ceilings and original floors run through the house; the kitchen is new.",
  ],
  villa: [
    "Every bedroom has its own bathroom, and the terrace wraps around the living rooms.",
    "The living room opens onto the terrace; the kitchen is fitted with stone worktops.",
  ],
  cabin: [
    "The living room has a wood stove and large windows onto the trees.",
    "A covered porch runs along the front, and the sauna is in the garden.",
  ],
};

const CLOSINGS = [
  "Shops, schools and public transport are a short walk away.",
  "Viewings can be arranged during the week and on Saturdays.",
  "A calm place to live, close to parks and cafés.",
];

/** The details of one demo home, drawn from `random` after its other fields. */
export function generateDetails(random: Random, home: Home): Details {
  const size = SIZE[home.kind];
  const livingArea = home.bedrooms * random.int(...size.perBedroom) + random.int(10, 30);
  const flat = home.kind === "flat";
  const floorsTotal = flat ? random.int(3, 8) : home.kind === "cabin" ? 1 : random.int(2, 3);
  const floor = flat ? random.int(0, floorsTotal - 1) : null;
  const rent = home.type === "rent";
  const fill = (text: string) =>
    text
      .replaceAll("{bedrooms}", String(home.bedrooms))
      .replaceAll("{bathrooms}", String(home.bathrooms))
      .replaceAll("{area}", home.area)
      .replaceAll("{city}", home.city)
      .replaceAll("{feature}", home.feature)
      .replaceAll("{floor}", floor === 0 ? "ground" : ordinal(floor ?? 1));
  const sentences = [random.pick(OPENINGS[home.kind]), random.pick(MIDDLES[home.kind])];
  if (random.chance(0.6)) sentences.push(random.pick(CLOSINGS));
  const lift = flat ? floorsTotal >= 5 || random.chance(0.3) : false;
  const availableSoon = random.chance(0.5);
  const details = {
    description: sentences.map(fill).join(" "),
    propertyType: PROPERTY_TYPE[home.kind],
    livingArea,
    plotArea: size.plot ? Math.round(random.int(...size.plot) / 10) * 10 : null,
    rooms: home.bedrooms + random.int(1, 2),
    yearBuilt: home.kind === "cabin" ? random.int(1950, 2015) : random.int(1890, 2024),
    condition: random.pick(["newBuild", "good", "good", "good", "needsRenovation"] as const),
    floor,
    floorsTotal,
    lift,
    stepFree: flat ? lift && floor === 0 : random.chance(0.3),
    availableFrom: rent ? (availableSoon ? "now" : `2027-0${random.int(1, 6)}-01`) : null,
    leaseMonths: rent ? random.pick([6, 12, 12, 24]) : null,
    deposit: rent ? home.regularPrice * random.pick([1, 2, 3]) : null,
    monthlyCharges: rent ? Math.round((livingArea * random.range(2, 4)) / 10) * 10 : null,
    heatingIncluded: rent ? random.chance(0.5) : null,
    serviceCharge: !rent && flat ? Math.round((livingArea * random.range(2, 5)) / 10) * 10 : null,
    pets: random.pick(["allowed", "notAllowed", "byArrangement"] as const),
    tourUrl: null,
  };
  return { ...details, ...energyOf(home, details.yearBuilt, livingArea, flat) };
}

/**
 * A demo home's energy, worked out from its age and size (no draws, so every other value stays as it was):
 * a newer building rates better and uses less. Every country's required set is there (a certificate with its
 * type, use, source and validity; the GES class and a yearly cost; tenure and a council tax band), so the demo
 * is complete under any LISTING_RULES (the seeder keeps only the site's country's own details); its classes
 * are A to G (Ireland's BER has its own).
 */
function energyOf(home: Home, yearBuilt: number, livingArea: number, flat: boolean) {
  const age = Math.min(6, Math.max(0, Math.floor((2025 - yearBuilt) / 20)));
  const rating = (["A", "B", "C", "D", "E", "F", "G"] as const)[age]!;
  const energyUse = 40 + age * 45 + (yearBuilt % 7) * 3;
  const yearlyCost = Math.round((energyUse * livingArea * 0.12) / 10) * 10;
  const sources = ["gas", "districtHeating", "heatPump", "oil", "electricity", "wood"] as const;
  const sale = home.type === "sale";
  return {
    energyCertificate: "certificate" as const,
    energyRating: rating,
    energyUse,
    energyValidUntil: `20${30 + (yearBuilt % 5)}-0${(yearBuilt % 9) + 1}-01`,
    energyCertificateType: yearBuilt >= 1977 ? ("demand" as const) : ("consumption" as const),
    energySource: yearBuilt >= 2015 ? ("heatPump" as const) : sources[yearBuilt % sources.length]!,
    ghgRating: (["A", "B", "C", "D", "E", "F", "G"] as const)[Math.max(0, age - (yearBuilt % 2))]!,
    energyCostMin: Math.round((yearlyCost * 0.8) / 10) * 10,
    energyCostMax: Math.round((yearlyCost * 1.2) / 10) * 10,
    tenure: sale ? (flat ? ("leasehold" as const) : ("freehold" as const)) : null,
    councilTaxBand: (["A", "B", "C", "D", "E", "F", "G", "H"] as const)[
      Math.min(7, home.bedrooms + (age % 3))
    ]!,
  };
}

function ordinal(value: number) {
  const suffix =
    value % 10 === 1 && value !== 11
      ? "st"
      : value % 10 === 2 && value !== 12
        ? "nd"
        : value % 10 === 3 && value !== 13
          ? "rd"
          : "th";
  return `${value}${suffix}`;
}
