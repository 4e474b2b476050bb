// The demo's photos: JPEG files in tooling/demo-data/photos, 1600 x 1067, each described by what it shows.
// A listing's name comes from its cover's kind, so what a photo shows must be written here truthfully: look
// at the picture before changing its kind.

/** What a home looks like from outside, in the words a listing's name uses. */
export type HomeKind = "flat" | "house" | "townhouse" | "villa" | "cabin";
/** Which room an interior shows. */
export type RoomKind = "living room" | "kitchen" | "bedroom" | "bathroom" | "dining room";

export type ExteriorPhoto = { file: string; shows: "exterior"; kind: HomeKind };
export type InteriorPhoto = { file: string; shows: "interior"; room: RoomKind };
export type DemoPhoto = ExteriorPhoto | InteriorPhoto;

/** Every demo photo has this size (the widest stored variant, so each gets all three widths). */
export const DEMO_PHOTO_WIDTH = 1600;
export const DEMO_PHOTO_HEIGHT = 1067;

/** Where the files are, from the repository folder (the server and `npm run seed` start there). */
export const DEMO_PHOTO_FOLDER = "tooling/demo-data/photos";

const exterior = (number: number, kind: HomeKind): ExteriorPhoto => ({
  file: `exterior-${String(number).padStart(2, "0")}.jpg`,
  shows: "exterior",
  kind,
});
const interior = (number: number, room: RoomKind): InteriorPhoto => ({
  file: `interior-${String(number).padStart(2, "0")}.jpg`,
  shows: "interior",
  room,
});

/** Homes from outside: each demo listing has one of these as its cover. */
export const EXTERIOR_PHOTOS: readonly ExteriorPhoto[] = [
  exterior(1, "house"),
  exterior(2, "house"),
  exterior(3, "townhouse"),
  exterior(4, "villa"),
  exterior(5, "cabin"),
  exterior(6, "flat"),
  exterior(7, "house"),
  exterior(8, "house"),
  exterior(9, "townhouse"),
  exterior(10, "villa"),
  exterior(11, "cabin"),
  exterior(12, "flat"),
  exterior(13, "house"),
  exterior(14, "house"),
  exterior(15, "townhouse"),
  exterior(16, "villa"),
  exterior(17, "cabin"),
  exterior(18, "flat"),
  exterior(19, "house"),
  exterior(20, "house"),
  exterior(21, "townhouse"),
  exterior(22, "villa"),
  exterior(23, "cabin"),
  exterior(24, "flat"),
  exterior(25, "house"),
  exterior(26, "house"),
  exterior(27, "townhouse"),
  exterior(28, "villa"),
  exterior(29, "cabin"),
  exterior(30, "flat"),
  exterior(31, "house"),
  exterior(32, "house"),
  exterior(33, "townhouse"),
  exterior(34, "villa"),
  exterior(35, "cabin"),
  exterior(36, "flat"),
];

/** Rooms: a listing's photos after its cover. */
export const INTERIOR_PHOTOS: readonly InteriorPhoto[] = [
  interior(1, "living room"),
  interior(2, "kitchen"),
  interior(3, "bedroom"),
  interior(4, "bathroom"),
  interior(5, "dining room"),
  interior(6, "living room"),
  interior(7, "kitchen"),
  interior(8, "bedroom"),
  interior(9, "bathroom"),
  interior(10, "dining room"),
  interior(11, "living room"),
  interior(12, "kitchen"),
  interior(13, "bedroom"),
  interior(14, "bathroom"),
  interior(15, "dining room"),
  interior(16, "living room"),
  interior(17, "kitchen"),
  interior(18, "bedroom"),
  interior(19, "bathroom"),
  interior(20, "dining room"),
];
