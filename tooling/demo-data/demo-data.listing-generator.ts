import type { NewListingRow } from "#app/db/schema.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import { generateDetails } from "./demo-data.details.ts";
import type { DemoPhoto, ExteriorPhoto, HomeKind, InteriorPhoto } from "./demo-data.photos.ts";
import { CITIES, type City } from "./demo-data.places.ts";
import type { Random } from "./demo-data.random.ts";

// Believable listing fields within SPEC.md section 5's rules: names of 10 to 32 characters, 1 to 6 bedrooms
// and bathrooms, rents of 700 to 6,000 a month and sale prices of 150,000 to 2,500,000 (both by city), and a
// discounted price always below the regular one. The cover comes first and decides the rest: a listing whose
// cover shows a cabin is named a cabin, and has a cabin's bedrooms.

/** A listing row's fields (what the seed decides; id, owner and time come later) and its photos. */
export type GeneratedListing = Omit<NewListingRow, "id" | "userRef" | "timestamp"> & {
  discountedPrice: number | null;
  /** 1 to 6 photos, an exterior first (the cover). */
  photos: DemoPhoto[];
};

/** The photos a listing's pictures are chosen from. */
export type PhotoPool = { exteriors: readonly ExteriorPhoto[]; interiors: readonly InteriorPhoto[] };

const { nameMin, nameMax } = LISTING_LIMITS;

const ADJECTIVES = [
  "Sunny",
  "Bright",
  "Cosy",
  "Quiet",
  "Spacious",
  "Charming",
  "Modern",
  "Elegant",
  "Airy",
  "Renovated",
];
/** How a listing names each kind of home, and how many bedrooms such a home has. */
export const HOME_WORDS: Record<HomeKind, { words: readonly string[]; bedrooms: [number, number] }> = {
  flat: { words: ["flat", "apartment"], bedrooms: [1, 3] },
  house: { words: ["house", "family home"], bedrooms: [2, 5] },
  townhouse: { words: ["townhouse", "terraced house"], bedrooms: [2, 4] },
  villa: { words: ["villa"], bedrooms: [3, 6] },
  cabin: { words: ["cabin"], bedrooms: [1, 3] },
};
const FEATURES: Record<HomeKind, readonly string[]> = {
  flat: ["balcony", "river view", "roof deck"],
  house: ["garden", "terrace", "courtyard"],
  townhouse: ["garden", "roof deck", "courtyard"],
  villa: ["garden", "terrace", "pool"],
  cabin: ["garden", "terrace", "woodland view"],
};

/** One listing's fields, photos included, drawn from `random`; its cover is `cover`, or one of the pool's. */
export function generateListing(
  random: Random,
  pool: PhotoPool,
  cover: ExteriorPhoto = random.pick(pool.exteriors),
): GeneratedListing {
  const home = HOME_WORDS[cover.kind];
  const city = random.pick(CITIES);
  const street = random.pick(city.streets);
  const type: ListingType = random.chance(0.55) ? "rent" : "sale";
  const bedrooms = random.int(...home.bedrooms);
  const bathrooms = Math.max(1, Math.min(6, bedrooms - random.int(0, 2)));
  const kind = random.pick(home.words);
  const regularPrice = price(random, city, type, bedrooms);
  const offer = random.chance(0.3);
  const name = listingName(random, kind, FEATURES[cover.kind], street.area, city.name, type);
  const parking = random.chance(bedrooms >= 4 ? 0.8 : 0.35);
  const furnished = random.chance(type === "rent" ? 0.55 : 0.15);
  const location = address(random, city, street.name);
  const fields = {
    type,
    name,
    bedrooms,
    bathrooms,
    parking,
    // Some of the furnished rents are furnished in part.
    furnished: furnished ? "furnished" : "unfurnished",
    location,
    offer,
    regularPrice,
    discountedPrice: offer ? discounted(random, regularPrice, type) : null,
    // About 200 m around the street's point: near it, never all on one pin.
    lat: round6(street.lat + (random.next() - 0.5) * 0.004),
    lng: round6(street.lng + (random.next() - 0.5) * 0.004),
    photos: [cover, ...rooms(random, pool)],
  } satisfies GeneratedListing;
  // Drawn after the fields above, so a seed gives the same homes as before they had details.
  const feature = random.pick(FEATURES[cover.kind]);
  const details = generateDetails(random, {
    kind: cover.kind,
    type,
    bedrooms,
    bathrooms,
    regularPrice,
    area: street.area,
    city: city.name,
    feature,
  });
  const partly = fields.furnished === "furnished" && random.chance(0.3);
  return { ...fields, ...details, furnished: partly ? "partly" : fields.furnished };
}

function listingName(
  random: Random,
  kind: string,
  features: readonly string[],
  area: string,
  city: string,
  type: ListingType,
): string {
  const adjective = random.pick(ADJECTIVES);
  const candidates = [
    random.chance(0.5)
      ? `${adjective} ${kind} in ${area}`
      : `${adjective} ${kind} with ${random.pick(features)}`,
    `${adjective} ${kind} in ${city}`,
    `${adjective} ${kind} for ${type}`,
  ];
  return (
    candidates.find((name) => name.length >= nameMin && name.length <= nameMax) ??
    `${capitalise(kind)} for ${type}`
  );
}

function price(random: Random, city: City, type: ListingType, bedrooms: number): number {
  const [min, max] = type === "rent" ? city.rent : city.sale;
  // Mostly the size, partly luck: a big house is dear, but not always the dearest.
  const position = ((bedrooms - 1) / 5) * 0.7 + random.next() * 0.3;
  const step = type === "rent" ? 50 : 5000;
  return Math.round((min + (max - min) * position) / step) * step;
}

function discounted(random: Random, regularPrice: number, type: ListingType): number {
  const step = type === "rent" ? 50 : 5000;
  const value = Math.round((regularPrice * (0.8 + random.next() * 0.15)) / step) * step;
  return Math.min(value, regularPrice - step);
}

function address(random: Random, city: City, street: string): string {
  switch (city.addressStyle) {
    case "number-first":
      return `${random.int(2, 480)} ${street}, ${city.suffix}`;
    case "number-last":
      return `${street} ${random.int(2, 160)}, ${city.suffix}`;
    case "japanese":
      return `${random.int(1, 6)}-${random.int(1, 28)}-${random.int(1, 14)} ${street}, ${city.suffix}`;
  }
}

/** 0 to 5 distinct rooms, starting at a random one: no listing shows the same room twice. */
function rooms(random: Random, pool: PhotoPool): InteriorPhoto[] {
  const count = random.int(1, 6) - 1;
  const first = random.int(0, pool.interiors.length - 1);
  return Array.from(
    { length: Math.min(count, pool.interiors.length) },
    (_, index) => pool.interiors[(first + index) % pool.interiors.length]!,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
