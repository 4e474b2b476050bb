import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AppError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnavailableError,
} from "#app/http/errors.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { findImagesByListing } from "#app/modules/image/image.repo.server.ts";
import { imageFileKeys, storeUploadedImage } from "#app/modules/image/image.service.server.ts";
import { claimUpload, pendingUploadUsage } from "#app/modules/image/image.upload-quota.server.ts";
import { createOfflineGeocoder } from "#app/providers/geocoding/geocoding.offline.server.ts";
import { type Geocoder, GeocoderUnavailableError } from "#app/providers/geocoding/geocoding.server.ts";
import { createDiskStorage } from "#app/providers/storage/storage.disk.server.ts";
import type { Storage } from "#app/providers/storage/storage.server.ts";
import { createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import {
  createListing,
  deleteListing,
  findEditableListing,
  type ListingServiceDeps,
  placeAddress,
  updateListing,
} from "./listing.service.server.ts";

let testDb: TestDb;
let storageDir: string;
let storage: Storage;
let deps: ListingServiceDeps;
let owner: SessionUser;
let stranger: SessionUser;
let photo: Buffer;

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";

beforeAll(async () => {
  testDb = await createTestDb();
  storageDir = await mkdtemp(path.join(tmpdir(), "homestead-listing-service-"));
  storage = createDiskStorage(storageDir);
  deps = {
    db: testDb.db,
    storage,
    geocoder: createOfflineGeocoder(),
    config: { auth: { secret: "test secret" } },
  };
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await testDb.destroy();
  await rm(storageDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await testDb.db.deleteFrom("image").execute();
  await testDb.db.deleteFrom("listing").execute();
  owner = { ...(await createUser(testDb.db, { name: "Owner" })) };
  stranger = { ...(await createUser(testDb.db, { name: "Stranger" })) };
});

/** A real upload of `user`: processed and stored, pending until a save attaches it. */
async function upload(user: SessionUser, fileName = "photo.jpg") {
  return storeUploadedImage(deps, { id: randomUUID(), userId: user.id, fileName, data: photo });
}

function form(imageIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    type: "rent",
    name: "Sunny flat near park",
    bedrooms: "2",
    bathrooms: "1",
    parking: "true",
    furnished: "false",
    description: "A sunny flat near the park, with a balcony and a renewed kitchen.",
    propertyType: "flat",
    livingArea: "72",
    address: "12 Rue de Rivoli, Paris",
    offer: "false",
    regularPrice: "1500",
    discountedPrice: "0",
    imageIds,
    ...overrides,
  };
}

async function listingRows() {
  return testDb.db.selectFrom("listing").selectAll().execute();
}

async function filesExist(image: { storageKey: string; width: number }) {
  const present = await Promise.all(imageFileKeys(image).map((key) => storage.exists(key)));
  return present.some(Boolean);
}

async function expectRefusal<E extends AppError>(
  promise: Promise<unknown>,
  kind: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(kind);
  return error as E;
}

/** The refusal of an address the geocoder cannot place: next to the address field, and as the form's message. */
async function expectBadAddress(promise: Promise<unknown>) {
  const error = await expectRefusal(promise, InvalidError);
  expect(error.fieldErrors.address).toBe("Please enter a correct address");
  return error;
}

describe(`listing service (${engine})`, () => {
  it("creates a listing with its geocoded address and its photos attached in order", async () => {
    const photos = [await upload(owner, "a.jpg"), await upload(owner, "b.jpg"), await upload(owner, "c.jpg")];
    const order = [photos[2]!.id, photos[0]!.id, photos[1]!.id];
    const saved = await createListing(
      deps,
      owner,
      form(order, { offer: "true", discountedPrice: "1200" }),
      1_000,
    );
    expect(saved.type).toBe("rent");

    const listing = await findEditableListing(testDb.db, owner, saved.id);
    expect(listing).toMatchObject({
      name: "Sunny flat near park",
      bedrooms: 2,
      parking: true,
      furnished: "unfurnished",
      offer: true,
      regularPrice: 1500,
      discountedPrice: 1200,
      userRef: owner.id,
      timestamp: 1_000,
    });
    expect(listing.location).toMatch(/Paris/);
    expect(listing.geolocation.lat).toBeCloseTo(48.85, 1);
    expect(listing.geolocation.lng).toBeCloseTo(2.35, 1);
    expect(listing.images.map((image) => image.id)).toEqual(order);
  });

  it("stores no discounted price without an offer", async () => {
    const saved = await createListing(
      deps,
      owner,
      form([(await upload(owner)).id], { discountedPrice: "100" }),
    );
    const [row] = await listingRows();
    expect(row?.id).toBe(saved.id);
    expect(row?.discountedPrice).toBeNull();
  });

  it("refuses another user's photos and saves nothing", async () => {
    const theirs = await upload(stranger);
    const error = await expectRefusal(createListing(deps, owner, form([theirs.id])), InvalidError);
    expect(error.fieldErrors.imageIds).toBeDefined();
    expect(await listingRows()).toHaveLength(0);
    const [row] = await testDb.db.selectFrom("image").selectAll().where("id", "=", theirs.id).execute();
    expect(row?.listingId).toBeNull();
  });

  it("refuses unknown photo ids and photos of another listing", async () => {
    await expectRefusal(createListing(deps, owner, form([randomUUID()])), InvalidError);
    const first = await createListing(deps, owner, form([(await upload(owner)).id]));
    const [used] = await findImagesByListing(testDb.db, first.id);
    await expectRefusal(createListing(deps, owner, form([used!.id])), InvalidError);
    expect(await listingRows()).toHaveLength(1);
  });

  it("validates a forged submission with the form's own rules", async () => {
    const mine = await upload(owner);
    const error = await expectRefusal(
      createListing(deps, owner, form([mine.id], { name: "short", regularPrice: "49", bedrooms: "51" })),
      InvalidError,
    );
    expect(error.fieldErrors).toMatchObject({
      name: "Name must be at least 10 characters",
      regularPrice: "Regular price must be between 50 and 750,000,000",
      bedrooms: "Bedrooms must be between 1 and 50",
    });
    const seven = await Promise.all(Array.from({ length: 7 }, () => upload(owner)));
    const tooMany = await expectRefusal(
      createListing(deps, owner, form(seven.map((image) => image.id))),
      InvalidError,
    );
    expect(tooMany.fieldErrors.imageIds).toBe("Max 6 images");
    expect(await listingRows()).toHaveLength(0);
  });

  it("refuses an address the geocoder does not know, and a geocoder failure, saving nothing", async () => {
    const mine = await upload(owner);
    const unknown = await expectBadAddress(
      createListing(deps, owner, form([mine.id], { address: "Xyzzy nowhere 12345" })),
    );
    expect(unknown.message).toBe("Please enter a correct address");
    const failing: Geocoder = {
      geocode: async () => {
        throw new GeocoderUnavailableError("provider down");
      },
    };
    await expectRefusal(
      createListing({ ...deps, geocoder: failing }, owner, form([mine.id])),
      UnavailableError,
    );
    const blank: Geocoder = {
      geocode: async () => ({ lat: 1, lng: 2, formattedAddress: " ", precision: "city" }),
    };
    await expectBadAddress(createListing({ ...deps, geocoder: blank }, owner, form([mine.id])));
    expect(await listingRows()).toHaveLength(0);
  });

  it("falls back to 0 for a missing coordinate", async () => {
    const partial: Geocoder = {
      geocode: async () => ({ lat: Number.NaN, lng: 2.5, formattedAddress: "Somewhere", precision: "city" }),
    };
    const saved = await createListing(
      { ...deps, geocoder: partial },
      owner,
      form([(await upload(owner)).id]),
    );
    const listing = await findEditableListing(testDb.db, owner, saved.id);
    expect(listing.geolocation).toEqual({ lat: 0, lng: 2.5 });
    expect(listing.location).toBe("Somewhere");
  });

  describe("the pin", () => {
    // The offline geocoder places "12 Rue de Rivoli, Paris" at Paris's centre (48.8566, 2.3522).
    const dragged = { lat: "48.8794", lng: "2.3266", pinAddress: "12 Rue de Rivoli, Paris" };

    it("saves the position the lister dragged the pin to, and the exact-address choice", async () => {
      const saved = await createListing(
        deps,
        owner,
        form([(await upload(owner)).id], { ...dragged, exactAddress: false }),
      );
      const listing = await findEditableListing(testDb.db, owner, saved.id);
      expect(listing.exactPlace?.geolocation).toEqual({ lat: 48.8794, lng: 2.3266 });
      expect(listing.exactAddress).toBe(false);
    });

    it("shows the exact address unless told otherwise", async () => {
      const saved = await createListing(deps, owner, form([(await upload(owner)).id]));
      const listing = await findEditableListing(testDb.db, owner, saved.id);
      expect(listing.exactAddress).toBe(true);
      expect(listing.geolocation.lat).toBeCloseTo(48.8566, 2);
    });

    it("refuses a pin more than 50 km from the address, and saves nothing", async () => {
      const tokyo = { lat: "35.6762", lng: "139.6503", pinAddress: dragged.pinAddress };
      const error = await expectRefusal(
        createListing(deps, owner, form([(await upload(owner)).id], tokyo)),
        InvalidError,
      );
      expect(error.fieldErrors.lat).toBe("Put the pin within 50 km of the address");
      expect(error.formMessage).toBe("Put the pin within 50 km of the address");
      // Versailles is about 17 km from Paris: allowed.
      const versailles = { lat: "48.8049", lng: "2.1204", pinAddress: dragged.pinAddress };
      const saved = await createListing(deps, owner, form([(await upload(owner)).id], versailles));
      expect((await findEditableListing(testDb.db, owner, saved.id)).geolocation.lng).toBe(2.1204);
      expect(await listingRows()).toHaveLength(1);
    });

    it.each([
      { lat: "91", lng: "2" },
      { lat: "48", lng: "-181" },
      { lat: "north", lng: "2" },
      { lat: "48.8" },
    ])("refuses a pin that is not a position: %o", async (pin) => {
      const error = await expectRefusal(
        createListing(
          deps,
          owner,
          form([(await upload(owner)).id], { ...pin, pinAddress: dragged.pinAddress }),
        ),
        InvalidError,
      );
      expect(error.fieldErrors.lat ?? error.fieldErrors.lng).toBe("The pin's position is not valid");
      expect(await listingRows()).toHaveLength(0);
    });

    it("places a changed address anew: a pin placed for the old one is not used", async () => {
      const saved = await createListing(deps, owner, form([(await upload(owner)).id], dragged));
      const photos = (await findEditableListing(testDb.db, owner, saved.id)).images.map((image) => image.id);
      // The form still carries the Paris pin (no JavaScript placed the new address): Berlin's centre is saved.
      await updateListing(
        deps,
        owner,
        saved.id,
        form(photos, { ...dragged, address: "Weserstraße 10, Berlin" }),
      );
      const moved = await findEditableListing(testDb.db, owner, saved.id);
      expect(moved.location).toBe("Weserstraße 10, Berlin, Germany");
      expect(moved.geolocation.lat).toBeCloseTo(52.52, 1);
      expect(moved.geolocation.lng).toBeCloseTo(13.41, 1);
    });
  });

  describe("placeAddress", () => {
    it("says where an address is and how precisely it was found, within the user's hourly lookups", async () => {
      const rule = { name: "address-lookup", max: 2, windowSeconds: 3600, message: "Too many lookups" };
      const limited = { ...deps, limits: { addressLookups: rule } };
      const place = await placeAddress(limited, owner, " Weserstraße 10, Berlin ");
      expect(place).toMatchObject({ formattedAddress: "Weserstraße 10, Berlin, Germany", precision: "city" });
      expect(place.geolocation.lat).toBeCloseTo(52.52, 1);
      await expectBadAddress(placeAddress(limited, owner, "Nowhere-ville-xyz"));
      const error = await expectRefusal(placeAddress(limited, owner, "Berlin"), TooManyRequestsError);
      expect(error.message).toBe("Too many lookups");
      await expectBadAddress(placeAddress({ db: deps.db, geocoder: deps.geocoder }, owner, "   "));
    });
  });

  it("lets the owner edit: new values, a photo removed (row and files), one added, new order", async () => {
    const [a, b, c] = [await upload(owner), await upload(owner), await upload(owner)];
    const saved = await createListing(deps, owner, form([a!.id, b!.id, c!.id]), 1_000);
    const added = await upload(owner);
    const edited = await updateListing(
      deps,
      owner,
      saved.id,
      form([c!.id, added.id, a!.id], {
        type: "sale",
        regularPrice: "250000",
        address: "221B Baker Street, London",
      }),
      2_000,
    );
    expect(edited).toEqual({ id: saved.id, type: "sale" });
    const listing = await findEditableListing(testDb.db, owner, saved.id);
    expect(listing).toMatchObject({ type: "sale", regularPrice: 250_000, timestamp: 2_000 });
    expect(listing.location).toMatch(/London/);
    expect(listing.images.map((image) => image.id)).toEqual([c!.id, added.id, a!.id]);
    expect(await testDb.db.selectFrom("image").where("id", "=", b!.id).select("id").execute()).toHaveLength(
      0,
    );
    expect(await filesExist(b!)).toBe(false);
    expect(await filesExist(a!)).toBe(true);
  });

  it("refuses an edit by someone else and changes nothing", async () => {
    const mine = await upload(owner);
    const saved = await createListing(deps, owner, form([mine.id]));
    const before = await findEditableListing(testDb.db, owner, saved.id);
    const theirs = await upload(stranger);
    await expectRefusal(
      updateListing(deps, stranger, saved.id, form([theirs.id], { name: "Taken over by me!" })),
      ForbiddenError,
    );
    // Even an invalid forged form gets the permission answer first.
    await expectRefusal(updateListing(deps, stranger, saved.id, {}), ForbiddenError);
    await expectRefusal(findEditableListing(testDb.db, stranger, saved.id), ForbiddenError);
    expect(await findEditableListing(testDb.db, owner, saved.id)).toEqual(before);
  });

  it("answers not-found for an unknown listing", async () => {
    await expectRefusal(findEditableListing(testDb.db, owner, "missing"), NotFoundError);
    await expectRefusal(
      updateListing(deps, owner, "missing", form([(await upload(owner)).id])),
      NotFoundError,
    );
    await expectRefusal(deleteListing(deps, owner, "missing"), NotFoundError);
  });

  it("counts no photo toward the pending cap once it is saved, replaced or removed in an edit", async () => {
    const quota = { maxPhotos: 2, maxBytes: 100 * 1024 * 1024 };
    /** An upload as the upload endpoint makes it: a claim first, then the stored photo. */
    const claimedUpload = async () => {
      const id = randomUUID();
      await claimUpload(testDb.db, quota, { id, userId: owner.id, bytes: photo.length });
      return storeUploadedImage(deps, { id, userId: owner.id, fileName: "photo.jpg", data: photo });
    };
    const [a, b] = [await claimedUpload(), await claimedUpload()];
    const saved = await createListing(deps, owner, form([a.id, b.id]));
    expect((await pendingUploadUsage(testDb.db, owner.id)).photos).toBe(0);
    // Both photos replaced by new ones, then one of those removed: nothing is pending, nothing counts.
    const [c, d] = [await claimedUpload(), await claimedUpload()];
    await updateListing(deps, owner, saved.id, form([c.id, d.id]));
    await updateListing(deps, owner, saved.id, form([c.id]));
    expect((await pendingUploadUsage(testDb.db, owner.id)).photos).toBe(0);
    // So the cap of 2 allows two more uploads at once.
    await claimedUpload();
    await claimedUpload();
  });

  it("stores captions and floor plans apart from the photos: not the cover, not in the photo count", async () => {
    const [kitchen, garden] = [await upload(owner, "kitchen.jpg"), await upload(owner, "garden.jpg")];
    const [ground, first] = [await upload(owner, "ground.png"), await upload(owner, "first.png")];
    const saved = await createListing(
      deps,
      owner,
      form([kitchen.id, garden.id], {
        imageCaptions: ["Kitchen with garden view", " "],
        floorPlanIds: [ground.id, first.id],
        floorPlanCaptions: ["Ground floor"],
      }),
    );
    const listing = await findEditableListing(testDb.db, owner, saved.id);
    expect(listing.images.map(({ id, caption }) => ({ id, caption }))).toEqual([
      { id: kitchen.id, caption: "Kitchen with garden view" },
      { id: garden.id, caption: null },
    ]);
    expect(listing.floorPlans.map(({ id, caption }) => ({ id, caption }))).toEqual([
      { id: ground.id, caption: "Ground floor" },
      { id: first.id, caption: null },
    ]);

    // An edit changes a caption, drops a floor plan (row and files) and keeps the rest in the form's order.
    await updateListing(
      deps,
      owner,
      saved.id,
      form([garden.id, kitchen.id], {
        imageCaptions: ["Garden", "Kitchen"],
        floorPlanIds: [first.id],
        floorPlanCaptions: ["First floor"],
      }),
    );
    const edited = await findEditableListing(testDb.db, owner, saved.id);
    expect(edited.images.map((image) => image.caption)).toEqual(["Garden", "Kitchen"]);
    expect(edited.floorPlans.map(({ id, caption }) => ({ id, caption }))).toEqual([
      { id: first.id, caption: "First floor" },
    ]);
    expect(await filesExist(ground)).toBe(false);

    await deleteListing(deps, owner, saved.id);
    expect(await findImagesByListing(testDb.db, saved.id)).toHaveLength(0);
    for (const image of [kitchen, garden, first]) expect(await filesExist(image)).toBe(false);
  });

  it("refuses too many photos or floor plans, and a bad caption, changing nothing", async () => {
    const mine = await upload(owner);
    const saved = await createListing(deps, owner, form([mine.id], { imageCaptions: ["Before"] }));
    const before = await findEditableListing(testDb.db, owner, saved.id);
    const four = await Promise.all(Array.from({ length: 4 }, () => upload(owner)));
    const plans = await expectRefusal(
      updateListing(deps, owner, saved.id, form([mine.id], { floorPlanIds: four.map((image) => image.id) })),
      InvalidError,
    );
    expect(plans.fieldErrors.floorPlanIds).toBe("Max 3 floor plans");
    expect(plans.message).toBe("Max 3 floor plans");
    const caption = await expectRefusal(
      updateListing(deps, owner, saved.id, form([mine.id], { imageCaptions: ["x".repeat(121)] })),
      InvalidError,
    );
    expect(caption.fieldErrors.imageCaptions).toBe("Captions must be at most 120 characters");
    const plansOfTheirs = await expectRefusal(
      updateListing(deps, owner, saved.id, form([mine.id], { floorPlanIds: [(await upload(stranger)).id] })),
      InvalidError,
    );
    expect(plansOfTheirs.fieldErrors.imageIds).toBe(
      "Some images are no longer available, please add them again",
    );
    expect(await findEditableListing(testDb.db, owner, saved.id)).toEqual(before);
    for (const image of four)
      expect((await findImagesByListing(testDb.db, saved.id)).map((row) => row.id)).not.toContain(image.id);
  });

  it("takes LISTING_PHOTOS_MAX: 8 photos with the limit at 8, the 9th refused in its words", async () => {
    const nine = await Promise.all(Array.from({ length: 9 }, () => upload(owner)));
    const ids = nine.map((image) => image.id);
    const eight = { ...deps, config: { ...deps.config, listingPhotosMax: 8 } };
    const saved = await createListing(eight, owner, form(ids.slice(0, 8)));
    expect((await findEditableListing(testDb.db, owner, saved.id)).images).toHaveLength(8);
    const tooMany = await expectRefusal(createListing(eight, owner, form(ids)), InvalidError);
    expect(tooMany.fieldErrors.imageIds).toBe("Max 8 images");
    expect(tooMany.message).toBe("Max 8 images");
    expect(await listingRows()).toHaveLength(1);
  });

  describe("the home's details", () => {
    const details = {
      furnished: "partly",
      description: "First paragraph about the flat.\n\nSecond one, with <b>markup</b> kept as text.",
      propertyType: "flat",
      livingArea: "775",
      plotArea: "",
      rooms: "3",
      yearBuilt: "1908",
      condition: "good",
      floor: "2",
      floorsTotal: "5",
      lift: true,
      stepFree: false,
      pets: "byArrangement",
      availableFrom: "2027-03-01",
      leaseMonths: "12",
      deposit: "3000",
      monthlyCharges: "180",
      heatingIncluded: true,
      serviceCharge: "90",
      tourUrl: "https://youtu.be/dQw4w9WgXcQ",
    };

    it("stores every detail, the areas in square metres from the site's unit, and reads them back", async () => {
      const feet = { ...deps, config: { ...deps.config, areaUnit: "ft2" as const } };
      const saved = await createListing(feet, owner, form([(await upload(owner)).id], details));
      const listing = await findEditableListing(testDb.db, owner, saved.id);
      expect(listing).toMatchObject({
        furnished: "partly",
        description: details.description,
        propertyType: "flat",
        plotArea: null,
        rooms: 3,
        yearBuilt: 1908,
        condition: "good",
        floor: 2,
        floorsTotal: 5,
        lift: true,
        stepFree: false,
        pets: "byArrangement",
        availableFrom: "2027-03-01",
        leaseMonths: 12,
        deposit: 3000,
        monthlyCharges: 180,
        heatingIncluded: true,
        // A rent has no service charge.
        serviceCharge: null,
        tourUrl: "https://youtu.be/dQw4w9WgXcQ",
      });
      // 775 ft² = 72.0 m².
      expect(listing.livingArea).toBeCloseTo(72.0, 1);
      const metres = await createListing(deps, owner, form([(await upload(owner)).id], details));
      expect((await findEditableListing(testDb.db, owner, metres.id)).livingArea).toBe(775);
    });

    it("keeps only a sale's service charge on a sale, and clears a rent's costs", async () => {
      const saved = await createListing(
        deps,
        owner,
        form([(await upload(owner)).id], { ...details, type: "sale" }),
      );
      expect(await findEditableListing(testDb.db, owner, saved.id)).toMatchObject({
        serviceCharge: 90,
        availableFrom: null,
        leaseMonths: null,
        deposit: null,
        monthlyCharges: null,
        heatingIncluded: null,
      });
    });

    it("refuses a tour on another host, a room for sale and a missing area, saving nothing", async () => {
      const id = (await upload(owner)).id;
      const tour = await expectRefusal(
        createListing(deps, owner, form([id], { tourUrl: "https://evil.example/watch?v=dQw4w9WgXcQ" })),
        InvalidError,
      );
      expect(tour.fieldErrors.tourUrl).toBe("Use a YouTube, Vimeo or Matterport link");
      const room = await expectRefusal(
        createListing(deps, owner, form([id], { type: "sale", propertyType: "room" })),
        InvalidError,
      );
      expect(room.fieldErrors.propertyType).toBe(
        "A room can only be let: choose Rent or another property type",
      );
      const area = await expectRefusal(
        createListing(deps, owner, form([id], { livingArea: "" })),
        InvalidError,
      );
      expect(area.fieldErrors.livingArea).toBe("Living area is required");
      expect(await listingRows()).toHaveLength(0);
    });

    it("keeps an old listing without details listed and editable: its first save asks for them", async () => {
      const saved = await createListing(deps, owner, form([(await upload(owner)).id]));
      // As a listing saved before the details were asked.
      await testDb.db
        .updateTable("listing")
        .set({ description: null, propertyType: null, livingArea: null })
        .where("id", "=", saved.id)
        .execute();
      const old = await findEditableListing(testDb.db, owner, saved.id);
      expect(old).toMatchObject({ description: null, propertyType: null, livingArea: null, lift: null });
      const imageIds = old.images.map((image) => image.id);
      const refused = await expectRefusal(
        updateListing(
          deps,
          owner,
          saved.id,
          form(imageIds, { description: "", propertyType: "", livingArea: "" }),
        ),
        InvalidError,
      );
      expect(refused.fieldErrors).toMatchObject({
        description: "Description is required",
        propertyType: "Choose the property type",
      });
      await updateListing(deps, owner, saved.id, form(imageIds));
      expect(await findEditableListing(testDb.db, owner, saved.id)).toMatchObject({ propertyType: "flat" });
    });
  });

  it("refuses a delete by someone else", async () => {
    const mine = await upload(owner);
    const saved = await createListing(deps, owner, form([mine.id]));
    await expectRefusal(deleteListing(deps, stranger, saved.id), ForbiddenError);
    expect(await listingRows()).toHaveLength(1);
    expect(await findImagesByListing(testDb.db, saved.id)).toHaveLength(1);
    expect(await filesExist(mine)).toBe(true);
  });

  it("deletes the owner's listing with its photo rows and files", async () => {
    const photos = [await upload(owner), await upload(owner)];
    const saved = await createListing(deps, owner, form(photos.map((image) => image.id)));
    const other = await createListing(deps, owner, form([(await upload(owner)).id]));
    await deleteListing(deps, owner, saved.id);
    expect((await listingRows()).map((row) => row.id)).toEqual([other.id]);
    expect(await findImagesByListing(testDb.db, saved.id)).toHaveLength(0);
    for (const image of photos) expect(await filesExist(image)).toBe(false);
    expect(await findImagesByListing(testDb.db, other.id)).toHaveLength(1);
  });
});
