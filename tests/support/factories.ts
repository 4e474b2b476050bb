import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import type { ImageRow, NewListingRow, OpenHouseTable } from "#app/db/schema.ts";
import { insertImage } from "#app/modules/image/image.repo.server.ts";
import { DETAIL_FIELDS } from "#app/modules/listing/listing.model.ts";

/** A listing's details as a listing saved before they were asked has them: none. */
export const NO_LISTING_DETAILS = Object.fromEntries(DETAIL_FIELDS.map((field) => [field, null])) as {
  [Field in (typeof DETAIL_FIELDS)[number]]: null;
};

/**
 * Inserts a user row as better-auth would, without a password: an owner of test data who never signs in.
 * Verified by default (as most tests need); `emailVerified: false` for one who has not opened the link yet.
 */
export async function createUser(
  db: Db,
  overrides: { name?: string; email?: string; emailVerified?: boolean } = {},
) {
  const id = randomUUID();
  const now = new Date();
  const user = {
    id,
    name: overrides.name ?? "Test User",
    email: overrides.email ?? `${id}@example.com`,
    emailVerified: overrides.emailVerified ?? true,
  };
  await db
    .insertInto("user")
    .values({ ...user, image: null, createdAt: now, updatedAt: now })
    .execute();
  return user;
}

let clock = Date.UTC(2026, 0, 1);

/** A valid listing row (a furnished 2-bedroom rent in Paris) owned by `userRef`, with `overrides` applied. */
export function testListingRow(userRef: string, overrides: Partial<NewListingRow> = {}): NewListingRow {
  return {
    id: randomUUID(),
    userRef,
    type: "rent",
    name: "Sunny flat near the park",
    bedrooms: 2,
    bathrooms: 1,
    parking: false,
    furnished: "furnished",
    location: "12 Rue de Rivoli, Paris, France",
    offer: false,
    regularPrice: 1500,
    discountedPrice: null,
    lat: 48.8566,
    lng: 2.3522,
    timestamp: Date.now(),
    ...overrides,
  };
}

/** A photo row of `listing` at `position`, under a fresh storage key, as the upload pipeline records it. */
export function testImageRow(listing: NewListingRow, position: number): ImageRow {
  return {
    id: randomUUID(),
    userId: listing.userRef,
    listingId: listing.id,
    position,
    storageKey: `images/${listing.userRef}-photo-${randomUUID()}`,
    width: 1600,
    height: 1067,
    createdAt: listing.timestamp,
    kind: "photo",
    caption: null,
    agencyId: null,
    sourceUrl: null,
  };
}

/** Inserts a listing (and one photo row) with valid defaults; each call is newer than the previous one. */
export async function createListing(db: Db, userRef: string, overrides: Partial<NewListingRow> = {}) {
  clock += 1000;
  const row = testListingRow(userRef, { timestamp: clock, ...overrides });
  await db.insertInto("listing").values(row).execute();
  await insertImage(db, testImageRow(row, 0));
  return row;
}

/** A storage configuration for provider tests: disk by default, with `overrides` (S3 peers pass `s3`). */
export function testStorageConfig(overrides: Partial<Config["storage"]>): Config["storage"] {
  return {
    kind: "disk",
    diskDir: "",
    uploadDir: "",
    maxUploadBytes: 1024 * 1024,
    s3: {
      bucket: "",
      region: "us-east-1",
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    },
    ...overrides,
  };
}

/**
 * Inserts an agency (better-auth's organization row, its own fields empty) and its `members` (userId and role:
 * "owner", "admin" or "agent"); the slug is made from the name and the id, so two agencies of a name can be.
 */
export async function createAgency(
  db: Db,
  {
    name = "Test Homes",
    members = [],
    createdAt = new Date(),
  }: { name?: string; members?: { userId: string; role: string }[]; createdAt?: Date } = {},
) {
  const id = randomUUID();
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${id.slice(0, 8)}`;
  await db
    .insertInto("organization")
    .values({
      id,
      name,
      slug,
      createdAt,
      about: "",
      officeAddress: "",
      officeLat: 0,
      officeLng: 0,
      legalName: "",
      contactEmail: "",
    })
    .execute();
  for (const member of members) {
    await db
      .insertInto("member")
      .values({ id: randomUUID(), organizationId: id, ...member, createdAt })
      .execute();
  }
  return { id, slug, name };
}

/**
 * Inserts viewing times of `listingId`: by default an open house for 20 visitors, an hour from a day ahead, on
 * Paris time, bookable without the lister's confirmation; `overrides` replace any of it.
 */
export async function createOpenHouse(
  db: Db,
  listingId: string,
  overrides: Partial<Insertable<OpenHouseTable>> = {},
) {
  const startsAt = overrides.startsAt ?? Date.now() + 24 * 3_600_000;
  const row = {
    id: randomUUID(),
    listingId,
    kind: "openHouse" as const,
    startsAt,
    endsAt: startsAt + 3_600_000,
    slotMinutes: null,
    capacity: 20,
    confirmByHand: false,
    remarks: null,
    timeZone: "Europe/Paris",
    createdById: null,
    createdAt: Date.now(),
    ...overrides,
  };
  await db.insertInto("openHouse").values(row).execute();
  return row;
}
