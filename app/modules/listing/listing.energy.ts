import { type MessageKey, msg } from "#app/modules/i18n/i18n.ts";

// A listing's energy: its rating on the site's scale, its certificate (or why it has none), and the details a
// country asks for beside them. Safe for the browser: the form, the page, the search and the JSON-LD use it.

/**
 * Every energy class any scale has, best first. One order for all of them: a search's "this class or better"
 * (minEnergy) is the classes before it here, whatever scale a listing was rated on (a site that changes
 * LISTING_RULES keeps its older listings' classes).
 */
export const ENERGY_CLASSES = [
  "A+",
  "A",
  "A1",
  "A2",
  "A3",
  "B",
  "B1",
  "B2",
  "B3",
  "C",
  "C1",
  "C2",
  "C3",
  "D",
  "D1",
  "D2",
  "E",
  "E1",
  "E2",
  "F",
  "G",
  "H",
] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** The EU's A to G, the scale of France's DPE and GES, the UK's EPC, and of a site without country rules. */
export const SCALE_A_TO_G = ["A", "B", "C", "D", "E", "F", "G"] as const satisfies readonly EnergyClass[];
/** Germany's Energieausweis (GEG, Anlage 10): A+ to H. */
export const SCALE_GERMANY = [
  "A+",
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
] as const satisfies readonly EnergyClass[];
/** Ireland's Building Energy Rating: A1 to G in fifteen steps. */
export const SCALE_BER = [
  "A1",
  "A2",
  "A3",
  "B1",
  "B2",
  "B3",
  "C1",
  "C2",
  "C3",
  "D1",
  "D2",
  "E1",
  "E2",
  "F",
  "G",
] as const satisfies readonly EnergyClass[];

/** The classes at least as good as `worst` (itself included), in any scale: what minEnergy matches. */
export function classesAtLeast(worst: EnergyClass): EnergyClass[] {
  return ENERGY_CLASSES.slice(0, ENERGY_CLASSES.indexOf(worst) + 1);
}

/**
 * `rating` on `scale`: itself when the scale has it, else the middle class of its letter there (C → C2 on the
 * BER), else the scale's worst (H on A to G). For data made for one scale and shown on another (the demo).
 */
export function onScale(rating: EnergyClass, scale: readonly EnergyClass[]): EnergyClass {
  if (scale.includes(rating)) return rating;
  const sameLetter = scale.filter((step) => step[0] === rating[0]);
  return sameLetter[Math.floor((sameLetter.length - 1) / 2)] ?? scale[scale.length - 1]!;
}

/**
 * The colour of each step of a scale, green (best) to red (worst) as the labels print them, a scale of any
 * length spread over the same colours. Each is light enough that the class's letter in near-black on it reads
 * at AA contrast (4.5:1 or more; listing.country-rules.test.ts checks every scale's).
 */
export function scaleColours(scale: readonly string[]): string[] {
  const last = SCALE_PALETTE.length - 1;
  return scale.map((_, index) => {
    const at = (index * last) / Math.max(1, scale.length - 1);
    const low = Math.floor(at);
    return mix(SCALE_PALETTE[low]!, SCALE_PALETTE[Math.min(last, low + 1)]!, at - low);
  });
}
const SCALE_PALETTE = [
  "#14a44d",
  "#4cb847",
  "#8cc63f",
  "#c4d82e",
  "#fff200",
  "#fdb913",
  "#f58220",
  "#f26b3a",
  "#ef4136",
] as const;

/** The colour `share` of the way from `from` to `to` (#rrggbb). */
function mix(from: string, to: string, share: number) {
  const channel = (colour: string, at: number) => Number.parseInt(colour.slice(at, at + 2), 16);
  const parts = [1, 3, 5].map((at) =>
    Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share)
      .toString(16)
      .padStart(2, "0"),
  );
  return `#${parts.join("")}`;
}

/** Whether the listing has an energy certificate, or says why it has none. */
export const ENERGY_CERTIFICATES = ["certificate", "exempt", "appliedFor"] as const;
export type EnergyCertificate = (typeof ENERGY_CERTIFICATES)[number];
export const ENERGY_CERTIFICATE_LABELS: Record<EnergyCertificate, MessageKey> = {
  certificate: msg("Certificate available"),
  exempt: msg("No certificate: exempt"),
  appliedFor: msg("Certificate applied for"),
};

/** Germany's two kinds of certificate: by the building's demand, or by its measured consumption. */
export const CERTIFICATE_TYPES = ["demand", "consumption"] as const;
export const CERTIFICATE_TYPE_LABELS: Record<(typeof CERTIFICATE_TYPES)[number], MessageKey> = {
  demand: msg("Energy demand certificate (Bedarfsausweis)"),
  consumption: msg("Energy consumption certificate (Verbrauchsausweis)"),
};

/** The main energy source of the heating (GEG §87's "wesentlicher Energieträger"). */
export const ENERGY_SOURCES = [
  "gas",
  "oil",
  "districtHeating",
  "electricity",
  "heatPump",
  "wood",
  "solar",
  "other",
] as const;
export const ENERGY_SOURCE_LABELS: Record<(typeof ENERGY_SOURCES)[number], MessageKey> = {
  gas: msg("Gas"),
  oil: msg("Oil"),
  districtHeating: msg("District heating"),
  electricity: msg("Electricity"),
  heatPump: msg("Heat pump"),
  wood: msg("Wood or pellets"),
  solar: msg("Solar"),
  other: msg("Other"),
};

/** A sale's tenure in the UK. */
export const TENURES = ["freehold", "leasehold", "shareOfFreehold"] as const;
export const TENURE_LABELS: Record<(typeof TENURES)[number], MessageKey> = {
  freehold: msg("Freehold"),
  leasehold: msg("Leasehold"),
  shareOfFreehold: msg("Share of freehold"),
};

/** The UK's council tax bands (England's A to H; Scotland's too, Wales adds I, not asked here). */
export const COUNCIL_TAX_BANDS = ["A", "B", "C", "D", "E", "F", "G", "H"] as const;
