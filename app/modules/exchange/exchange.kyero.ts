import { SCALE_A_TO_G } from "#app/modules/listing/listing.energy.ts";
import { formFieldOf, slotsOf } from "./exchange.field-map.ts";
import { listingInput } from "./exchange.form-input.ts";
import {
  decodeValue,
  type ExportFeed,
  type ExportItem,
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
  parseFeedXml,
  valueAt,
  type XmlElement,
  type XmlNode,
  xmlDocument,
} from "./exchange.xml.ts";

// Kyero's XML feed, version 3 (kyeroV3.0.xsd, tests/fixtures/feeds/): the portals of Spain and southern Europe
// read it. Its schema is closed and small; what it has no element for travels in the property's <notes>
// (not shown on the portal) as `field: JSON` lines, so a Kyero export read back gives the same listing. A feed
// from another system has no such notes: its listings are read from Kyero's own elements.

/** Our property types as Kyero's free-text <type>, and the common types other feeds write, read as ours. */
const KYERO_TYPES = {
  flat: "apartment",
  house: "house",
  townhouse: "town house",
  studio: "studio",
  room: "room",
  land: "land",
} as const;
const KYERO_TYPE_WORDS: [RegExp, keyof typeof KYERO_TYPES][] = [
  [/town ?house|terrace|adosado/i, "townhouse"],
  [/studio/i, "studio"],
  [/room/i, "room"],
  [/land|plot|parcela|solar/i, "land"],
  [/apartment|flat|penthouse|duplex|piso|atico/i, "flat"],
  [/house|villa|finca|bungalow|chalet|detached|cortijo|country/i, "house"],
];

/** The languages Kyero's <desc> and <url> have. */
const KYERO_LANGUAGES = ["ca", "de", "da", "en", "es", "fi", "fr", "it", "nl", "no", "pt", "ru", "sv"];
const KYERO_CURRENCIES = ["EUR", "GBP", "USD"];
const KYERO_MAX_IMAGES = 50;
const NOTES_HEADER = "Homestead listing fields";

/** Kyero's date: "YYYY-MM-DD HH:MM:SS" (UTC). */
function kyeroDate(epochMs: number) {
  return new Date(epochMs).toISOString().slice(0, 19).replace("T", " ");
}

/** The town and province of an address ("12 High St, Bristol, Avon" → Bristol, Avon). */
export function townAndProvince(address: string) {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const province = parts.at(-1) ?? address;
  const town = parts.length > 1 ? parts.at(-2)! : province;
  return { town, province };
}

/** A rating on Kyero's A to G: its letter (A+ and A1 are A; H, beyond G, is G). */
function kyeroRating(rating: string | null) {
  if (!rating) return undefined;
  const letter = rating[0]!;
  return (SCALE_A_TO_G as readonly string[]).includes(letter) ? letter : "G";
}

/** One listing as a Kyero <property>. */
function propertyElement(item: ExportItem, feed: ExportFeed): XmlElement {
  const { listing } = item;
  const input = listingInput(listing);
  const language = KYERO_LANGUAGES.includes(feed.language) ? feed.language : "en";
  const { town, province } = townAndProvince(listing.location);
  const price =
    listing.offer && listing.discountedPrice !== null ? listing.discountedPrice : listing.regularPrice;
  const text = (name: string, value: string | number | undefined): XmlElement[] =>
    value === undefined ? [] : [{ name, text: String(value) }];
  const notes: string[] = [NOTES_HEADER];
  for (const { column, place } of slotsOf("kyero")) {
    if (!("note" in place)) continue;
    const value = input[formFieldOf(column)];
    if (value !== null && value !== undefined) notes.push(`${place.note}: ${JSON.stringify(value)}`);
  }
  // What Kyero's own elements carry only in part.
  notes.push(`address: ${JSON.stringify(listing.location)}`);
  notes.push(`regularPrice: ${JSON.stringify(listing.regularPrice)}`);
  for (const field of ["livingArea", "plotArea", "condition", "tenure", "energyRating"] as const) {
    if (listing[field] !== null) notes.push(`${field}: ${JSON.stringify(listing[field])}`);
  }
  // Kyero's images have no caption and no kind: the floor plans follow the photos, and the notes say so.
  const images = [...item.photos, ...item.floorPlans].slice(0, KYERO_MAX_IMAGES);
  notes.push(`imageCaptions: ${JSON.stringify(images.map((image) => image.caption ?? ""))}`);
  if (item.floorPlans.length > 0) notes.push(`floorPlanCount: ${item.floorPlans.length}`);
  const area = (name: string, m2: number | null) =>
    m2 === null ? [] : [{ name, text: String(Math.round(m2)) }];
  const surface = [...area("built", listing.livingArea), ...area("plot", listing.plotArea)];
  const ratings = [
    ...text("consumption", kyeroRating(listing.energyRating)),
    ...text("emissions", kyeroRating(listing.ghgRating)),
  ];
  return {
    name: "property",
    children: [
      { name: "id", text: listing.id },
      { name: "date", text: kyeroDate(listing.timestamp) },
      { name: "ref", text: item.ref },
      { name: "price", text: String(price) },
      ...text("currency", KYERO_CURRENCIES.includes(feed.currency) ? feed.currency : undefined),
      { name: "price_freq", text: listing.type === "sale" ? "sale" : "month" },
      ...text("leasehold", listing.tenure === "leasehold" ? "1" : undefined),
      ...text("new_build", listing.condition === "newBuild" ? "1" : undefined),
      { name: "type", text: KYERO_TYPES[listing.propertyType ?? "flat"] },
      { name: "town", text: town },
      { name: "province", text: province },
      {
        name: "location",
        children: [
          { name: "latitude", text: String(listing.geolocation.lat) },
          { name: "longitude", text: String(listing.geolocation.lng) },
        ],
      },
      { name: "beds", text: String(listing.bedrooms) },
      { name: "baths", text: String(listing.bathrooms) },
      ...(surface.length > 0 ? [{ name: "surface_area", children: surface }] : []),
      ...(ratings.length > 0 ? [{ name: "energy_rating", children: ratings }] : []),
      ...(item.url.length <= 255 ? [{ name: "url", children: [{ name: language, text: item.url }] }] : []),
      { name: "desc", children: [{ name: language, text: listing.description ?? listing.name }] },
      ...(listing.parking ? [{ name: "features", children: [{ name: "feature", text: "Parking" }] }] : []),
      {
        name: "images",
        children: images.map((photo, index) => ({
          name: "image",
          attributes: { id: String(index + 1) },
          children: [{ name: "url", text: photo.url }],
        })),
      },
      { name: "notes", text: notes.join("\n") },
    ],
  };
}

/** A Kyero v3 feed of these listings. */
export function writeKyeroFeed(feed: ExportFeed, items: ExportItem[]): string {
  return xmlDocument({
    name: "root",
    children: [
      {
        name: "kyero",
        children: [
          { name: "feed_version", text: "3" },
          { name: "feed_generated", text: kyeroDate(feed.generatedAt) },
        ],
      },
      { name: "agent", children: [{ name: "name", text: feed.publisher.name }] },
      ...items.map((item) => propertyElement(item, feed)),
    ],
  });
}

/** The `field: JSON` lines of a property's notes written by writeKyeroFeed; none for other feeds' notes. */
function readNotes(notes: string | undefined): Map<string, unknown> {
  const values = new Map<string, unknown>();
  if (!notes?.startsWith(NOTES_HEADER)) return values;
  for (const line of notes.split("\n").slice(1)) {
    const match = /^(\w+): (.*)$/.exec(line);
    if (!match) continue;
    try {
      values.set(match[1]!, JSON.parse(match[2]!));
    } catch {
      values.set(match[1]!, match[2]);
    }
  }
  return values;
}

/** A note's value as the form reads it (numbers and booleans as they were written). */
const noteValue = (value: unknown) => (value === null ? undefined : value);

/** One <property> as a feed item, or why it is refused. */
function readProperty(property: XmlNode, index: number, language: string): FeedItem | Refusal {
  const ref = valueAt(property, "ref")?.trim() || null;
  const place = { item: index + 1, ref };
  if (!ref) return { place, message: ITEM_MESSAGES.noReference };
  const notes = readNotes(valueAt(property, "notes"));
  const input: Record<string, unknown> = {};
  for (const { column, place: slot } of slotsOf("kyero")) {
    input[formFieldOf(column)] =
      "note" in slot
        ? noteValue(notes.get(slot.note))
        : decodeValue(valueAt(property, slot.element), slot.codec);
  }
  delete input.id;
  const frequency = valueAt(property, "price_freq")?.trim();
  const type =
    frequency === "sale" ? "sale" : frequency === "month" || frequency === "week" ? "rent" : frequency;
  const rawPrice = valueAt(property, "price")?.trim();
  const price =
    frequency === "week" && rawPrice && /^\d+$/.test(rawPrice)
      ? String(Math.round((Number(rawPrice) * 52) / 12))
      : rawPrice;
  const kyeroType = valueAt(property, "type") ?? "";
  const propertyType: string | undefined =
    Object.entries(KYERO_TYPES).find(([, theirs]) => theirs === kyeroType.trim().toLowerCase())?.[0] ??
    KYERO_TYPE_WORDS.find(([words]) => words.test(kyeroType))?.[1];
  const town = valueAt(property, "town")?.trim() ?? "";
  const province = valueAt(property, "province")?.trim() ?? "";
  const detail = valueAt(property, "location_detail")?.trim();
  const address = [detail, town, province === town ? "" : province].filter(Boolean).join(", ");
  const descriptions = children(property, "desc")[0];
  const description =
    (descriptions && (valueAt(descriptions, language) || valueAt(descriptions, "en"))) ||
    Object.values(descriptions ?? {}).find((value): value is string => typeof value === "string");
  const features = children(children(property, "features")[0], "feature").map(
    (node) => valueAt(node, "") ?? "",
  );
  const yes = (path: string) => valueAt(property, path)?.trim() === "1";
  const rating = (path: string) => {
    const value = valueAt(property, path)?.trim();
    return value && value !== "X" ? value : undefined;
  };
  const kyeroName = `${propertyType ? (KYERO_TYPES as Record<string, string>)[propertyType] : "Home"} in ${town}`;
  Object.assign(input, {
    type,
    name: notes.get("name") ?? capitalize(kyeroName).slice(0, 32),
    propertyType,
    address: notes.get("address") ?? address,
    regularPrice: notes.get("regularPrice") ?? price,
    offer: notes.get("offer") ?? false,
    furnished: notes.get("furnished") ?? "unfurnished",
    description: typeof description === "string" ? description : undefined,
    livingArea: notes.get("livingArea") ?? valueAt(property, "surface_area/built"),
    plotArea: notes.get("plotArea") ?? valueAt(property, "surface_area/plot"),
    parking: features.some((feature) => /parking|garage/i.test(feature)),
    condition: notes.get("condition") ?? (yes("new_build") ? "newBuild" : undefined),
    tenure: notes.get("tenure") ?? (yes("leasehold") ? "leasehold" : undefined),
    energyRating: notes.get("energyRating") ?? rating("energy_rating/consumption"),
    ghgRating: rating("energy_rating/emissions"),
    exactAddress: notes.get("exactAddress") ?? true,
  });
  const images = children(children(property, "images")[0], "image")
    .map((image) => ({
      id: Number(valueAt(image, "", "id") ?? 0),
      url: (valueAt(image, "url") ?? "").trim(),
    }))
    .sort((a, b) => a.id - b.id);
  if (images.some((image) => !/^https?:\/\//i.test(image.url))) {
    return { place, message: ITEM_MESSAGES.photoUrl };
  }
  const captions = notes.get("imageCaptions");
  const sources: PhotoSource[] = images.map((image, at) => ({
    url: image.url,
    caption: Array.isArray(captions) && typeof captions[at] === "string" ? captions[at] : "",
  }));
  const plans = Number(notes.get("floorPlanCount") ?? 0);
  const split =
    Number.isInteger(plans) && plans > 0 && plans < sources.length ? sources.length - plans : sources.length;
  return { ref, place, input, photos: sources.slice(0, split), floorPlans: sources.slice(split) };
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A Kyero v3 feed's listings (`language`: the site's, whose description is read first). */
export function parseKyeroFeed(bytes: Uint8Array, language = "en", maxBytes?: number): ParsedFeed {
  const decoded = decodeFeedBytes(bytes, maxBytes);
  if (!decoded.ok) return decoded;
  const parsed = parseFeedXml(decoded.text, ["property", "image", "feature"]);
  if (!parsed.ok) return parsed;
  const root = children(parsed.root, "root")[0];
  if (!root || !children(root, "kyero")[0]) return { ok: false, error: FEED_ERRORS.notKyero };
  const items: FeedItem[] = [];
  const refused: Refusal[] = [];
  children(root, "property").forEach((property, index) => {
    const read = readProperty(property, index, language);
    if ("input" in read) items.push(read);
    else refused.push(read);
  });
  return { ok: true, items, refused };
}
