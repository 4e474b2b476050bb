import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENCY_MESSAGES } from "#app/modules/agency/agency.rules.ts";
import { ApiListingSchema, ApiListingsPageSchema, ApiPutResultSchema } from "#app/modules/api/api.schema.ts";
import { API_KEY_MESSAGES } from "#app/modules/api-key/api-key.rules.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { unchangedBy } from "#tests/support/authz-matrix.ts";
import { type GeocoderPeer, googleResult, startGeocoderServer } from "#tests/support/geocoder-server.ts";
import { toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { type PhotoServer, startPhotoServer } from "#tests/support/photo-server.ts";
import { callRoute, type RouteAnswer } from "#tests/support/route-request.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * The listings API (/api/v1) on a real database: public reads (what a visitor may see, keyset pages, ETag),
 * API keys made in Profile and in the agency workspace (shown once, stored hashed, scoped, revocable), writes
 * by the lister's reference (idempotent, photos by URL fetched once from a loopback peer), the limits, and the
 * authorization of every API write by every kind of caller, printed as a matrix at the end.
 */
const postgres = postgresUrlFromEnv();

const PUBLIC_LIMIT = 40;

/**
 * Addresses are placed by a loopback geocoder (Google's API shape), not the offline gazetteer: these tests are
 * about the API, and every address here is the same door.
 */
function geocoderSettings(peer: GeocoderPeer) {
  return { GEOCODER: "google", GEOCODER_URL: peer.url, GOOGLE_GEOCODING_API_KEY: "test-key" };
}

describe(`listings API (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let photos: PhotoServer;
  let geocoder: GeocoderPeer;
  const matrix = new Map<string, Record<string, string>>();
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let ownerWrite: string;
  let ownerRead: string;
  let otherWrite: string;
  let revoked: string;
  let agencyId: string;
  let slug: string;
  let agencyKey: string;

  const CALLERS = ["no key", "revoked key", "read key", "other lister's key", "owner's write key"] as const;

  /** One request to the API as a client sends it: JSON, a Bearer key, never a cookie. */
  function api(
    method: string,
    path: string,
    { key, body, headers = {} }: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return callRoute(
      world.services,
      new Request(`${world.services.config.publicUrl}${path}`, {
        method,
        headers: {
          [CLIENT_IP_HEADER]: "127.0.0.1",
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }
  const json = (answer: RouteAnswer) => JSON.parse(answer.body) as Record<string, unknown>;

  /** A key made through the "API keys" form of Profile (or /agency with `agency`); the key it shows once. */
  async function makeKey(cookie: string, scope: "read" | "write", agency?: { id: string; slug: string }) {
    const path = agency ? `/agency?agency=${agency.slug}` : "/profile";
    const answer = await world.client.post(
      path,
      { intent: "create-api-key", name: `${scope} key`, scope, ...(agency ? { agencyId: agency.id } : {}) },
      { cookie },
    );
    const key = (answer.data as { createdKey?: string } | undefined)?.createdKey;
    expect(key, answer.body.slice(0, 300)).toMatch(/^hs_[\w-]{40,}$/);
    return key!;
  }

  /** A listing body in the API's names, with photos from the loopback peer. */
  function listingBody(photoNames: string[], overrides: Record<string, unknown> = {}) {
    const form = validListing([]);
    return {
      PropertyType: "Residential Lease",
      name: form.name,
      BedroomsTotal: 2,
      BathroomsTotalInteger: 1,
      parking: false,
      Furnished: "furnished",
      PublicRemarks: form.description,
      PropertySubType: "flat",
      LivingArea: 72,
      UnparsedAddress: form.address,
      offer: false,
      regularPrice: 1500,
      Media: photoNames.map((name) => ({ MediaURL: `${photos.url}/photo/${name}.jpg` })),
      ...overrides,
    };
  }

  function record(write: string, caller: string, answer: RouteAnswer) {
    const row = matrix.get(write) ?? {};
    row[caller] =
      `${answer.status} ${answer.body ? String(json(answer).error ?? json(answer).result ?? "") : ""}`.trim();
    matrix.set(write, row);
  }

  beforeAll(async () => {
    photos = await startPhotoServer();
    geocoder = await startGeocoderServer();
    geocoder.setResponse(
      "google",
      googleResult({ lat: 48.8606, lng: 2.3376, formattedAddress: "12 Rue de Rivoli, 75001 Paris, France" }),
    );
    world = await createRouteWorld({
      ...geocoderSettings(geocoder),
      IMPORT_ALLOW_PRIVATE_HOSTS: "true",
      LIMIT_API_PUBLIC_REQUESTS_PER_MINUTE: String(PUBLIC_LIMIT),
      LIMIT_API_REQUESTS_PER_MINUTE: "1000",
      LIMIT_LISTING_SAVES_PER_HOUR: "1000",
    });
    owner = await world.signUp(newAccount("Olivia Owner"));
    other = await world.signUp(newAccount("Mallory Other"));
    ownerWrite = await makeKey(owner.cookie, "write");
    ownerRead = await makeKey(owner.cookie, "read");
    otherWrite = await makeKey(other.cookie, "write");
    revoked = await makeKey(owner.cookie, "write");
    const revokedId = (
      await world.db
        .selectFrom("apiKey")
        .select("id")
        .where("userId", "=", owner.id)
        .orderBy("createdAt", "desc")
        .execute()
    )[0]!.id;
    const revoke = await world.client.post(
      "/profile",
      { intent: "revoke-api-key", keyId: revokedId },
      { cookie: owner.cookie },
    );
    expect(toastMessage(revoke)).toBe(API_KEY_MESSAGES.revoked);

    ({ id: agencyId, slug } = await world.createAgency(owner.cookie, "Harbour Homes"));
    agencyKey = await makeKey(owner.cookie, "write", { id: agencyId, slug });
  });

  afterAll(async () => {
    if (world && matrix.size > 0) {
      const width = Math.max(...[...matrix.keys()].map((key) => key.length));
      const lines = [...matrix].map(
        ([write, row]) =>
          `${write.padEnd(width)} | ${CALLERS.map((caller) => (row[caller] ?? "-").padEnd(30)).join(" | ")}`,
      );
      console.log(
        `API authorization on ${postgres ? "PostgreSQL" : "SQLite"}:\n${" ".repeat(width)} | ${CALLERS.map((c) => c.padEnd(30)).join(" | ")}\n${lines.join("\n")}`,
      );
    }
    await world?.destroy();
    await photos?.close();
    await geocoder?.stop();
  });

  it("keeps only a hash of each key, shown once, and lists it with its scope", async () => {
    const rows = await world.db.selectFrom("apiKey").selectAll().where("userId", "=", owner.id).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(ownerWrite);
    }
    const page = await world.client.get("/profile", { cookie: owner.cookie });
    const keys = (page.data as { apiKeys: { name: string; scope: string; start: string }[] }).apiKeys;
    expect(keys.map((key) => key.scope).sort()).toEqual(["read", "write", "write"]);
    expect(page.body).not.toContain(ownerWrite);
    expect(keys.some((key) => ownerWrite.startsWith(key.start))).toBe(true);
  });

  it("creates a listing by reference with photos fetched from their URLs, then changes nothing on the same body", async () => {
    const body = listingBody(["front", "kitchen"], { ListingId: "ignored-in-body" });
    const first = await api("PUT", "/api/v1/listings/by-ref/CRM-1001", { key: ownerWrite, body });
    expect(first.status, first.body.slice(0, 500)).toBe(201);
    const created = ApiPutResultSchema.parse(json(first));
    expect(created.result).toBe("created");
    expect(created.listing.ListingId).toBe("CRM-1001");
    expect(created.listing.Media).toHaveLength(2);
    expect(photos.hits.get("/photo/front.jpg")).toBe(1);
    const id = (created.listing as Record<string, unknown>).ListingKey as string;
    const stored = await world.db
      .selectFrom("listing")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored.reference).toBe("CRM-1001");
    // Square metres in and out, whatever AREA_UNIT the site's form uses (ft² here, LOCALE en-US).
    expect(world.services.config.areaUnit).toBe("ft2");
    expect(stored.livingArea).toBe(72);
    expect((created.listing as Record<string, unknown>).LivingArea).toBe(72);
    expect(stored.userRef).toBe(owner.id);

    // The same body again: nothing is fetched, nothing is written, not even the timestamp.
    const before = await world.state.snapshot();
    const again = await api("PUT", "/api/v1/listings/by-ref/CRM-1001", { key: ownerWrite, body });
    expect(again.status, again.body.slice(0, 300)).toBe(200);
    expect(json(again).result).toBe("unchanged");
    expect(await world.state.snapshot()).toEqual(before);
    expect(photos.hits.get("/photo/front.jpg")).toBe(1);

    // A change replaces it: a kept photo URL is not fetched again, a new one is.
    const changed = await api("PUT", "/api/v1/listings/by-ref/CRM-1001", {
      key: ownerWrite,
      body: listingBody(["front", "garden"], { regularPrice: 1400 }),
    });
    expect(changed.status, changed.body.slice(0, 300)).toBe(200);
    expect(json(changed).result).toBe("updated");
    expect(photos.hits.get("/photo/front.jpg")).toBe(1);
    expect(photos.hits.get("/photo/garden.jpg")).toBe(1);
    const after = await world.db
      .selectFrom("listing")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(after.regularPrice).toBe(1400);
    const images = await world.db
      .selectFrom("image")
      .select("sourceUrl")
      .where("listingId", "=", id)
      .orderBy("position")
      .execute();
    expect(images.map((image) => image.sourceUrl)).toEqual([
      `${photos.url}/photo/front.jpg`,
      `${photos.url}/photo/garden.jpg`,
    ]);
  });

  it("refuses a body the form refuses, with the API's field names, and changes nothing", async () => {
    const answer = await unchangedBy(world, () =>
      api("PUT", "/api/v1/listings/by-ref/CRM-BAD", {
        key: ownerWrite,
        body: listingBody(["bad"], { BedroomsTotal: 0, PublicRemarks: "short", Nonsense: 1 }),
      }),
    );
    expect(answer.status).toBe(400);
    const fields = json(answer).fields as Record<string, string>;
    expect(Object.keys(fields)).toContain("Nonsense");
    expect(photos.hits.get("/photo/bad.jpg") ?? 0, "no photo fetched for a refused body").toBe(0);
    const refused = await unchangedBy(world, () =>
      api("PUT", "/api/v1/listings/by-ref/CRM-BAD", {
        key: ownerWrite,
        body: listingBody(["x"], { BedroomsTotal: 0 }),
      }),
    );
    expect(Object.keys(json(refused).fields as object)).toEqual(["BedroomsTotal"]);
    const notImage = await api("PUT", "/api/v1/listings/by-ref/CRM-BAD", {
      key: ownerWrite,
      body: { ...listingBody([]), Media: [{ MediaURL: `${photos.url}/text.jpg` }] },
    });
    expect(notImage.status).toBe(400);
    expect(Object.keys(json(notImage).fields as object)).toEqual(["Media"]);
  });

  it("refuses photos from private addresses without IMPORT_ALLOW_PRIVATE_HOSTS", async () => {
    const strict = await createRouteWorld({
      ...geocoderSettings(geocoder),
      LIMIT_API_REQUESTS_PER_MINUTE: "1000",
    });
    try {
      const user = await strict.signUp(newAccount("Strict Lister"));
      const answer = await strict.client.post(
        "/profile",
        { intent: "create-api-key", name: "crm", scope: "write" },
        { cookie: user.cookie },
      );
      const key = (answer.data as { createdKey: string }).createdKey;
      const before = photos.hits.get("/photo/private.jpg") ?? 0;
      const put = await unchangedBy(strict, () =>
        callRoute(
          strict.services,
          new Request(`${strict.services.config.publicUrl}/api/v1/listings/by-ref/P-1`, {
            method: "PUT",
            headers: {
              authorization: `Bearer ${key}`,
              "content-type": "application/json",
              [CLIENT_IP_HEADER]: "127.0.0.1",
            },
            body: JSON.stringify(listingBody(["private"])),
          }),
        ),
      );
      expect(put.status).toBe(400);
      expect((JSON.parse(put.body) as { fields: { Media: string } }).fields.Media).toMatch(
        /not on the public internet/,
      );
      expect(photos.hits.get("/photo/private.jpg") ?? 0).toBe(before);
    } finally {
      await strict.destroy();
    }
  });

  it("answers public reads with what a visitor sees: no hidden address, no reference, pages by cursor", async () => {
    const hidden = await api("PUT", "/api/v1/listings/by-ref/CRM-HIDDEN", {
      key: ownerWrite,
      body: listingBody(["hidden"], { exactAddress: false, name: "Quiet flat, door hidden" }),
    });
    expect(hidden.status, hidden.body.slice(0, 300)).toBe(201);
    const id = (json(hidden).listing as { ListingKey: string }).ListingKey;
    const row = await world.db
      .selectFrom("listing")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.exactLocation).toBeTruthy();

    const one = await api("GET", `/api/v1/listings/${id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get("access-control-allow-origin")).toBe("*");
    const listing = ApiListingSchema.parse(json(one)) as Record<string, unknown>;
    expect(listing.UnparsedAddress).toBe(row.location);
    expect(one.body).not.toContain(row.exactLocation!);
    // The exact point as a whole JSON number: the public point near it may share its first digits.
    for (const exact of [row.exactLat, row.exactLng]) {
      expect(one.body).not.toMatch(new RegExp(`[:,[]${String(exact).replaceAll(".", "\\.")}[,\\]}]`));
    }
    expect(one.body).not.toContain("CRM-HIDDEN");
    expect(one.body).not.toContain("exactLocation");

    // Keyset pages of two: every listed listing once, in the search's order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: RouteAnswer = await api(
        "GET",
        `/api/v1/listings?limit=2&type=rent${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.status).toBe(200);
      const parsed = ApiListingsPageSchema.parse(json(page));
      expect(parsed.value.length).toBeLessThanOrEqual(2);
      seen.push(...parsed.value.map((item) => (item as Record<string, unknown>).ListingKey as string));
      cursor = parsed.next;
    } while (cursor);
    const listed = await world.db
      .selectFrom("listing")
      .select("id")
      .where("type", "=", "rent")
      .where("status", "=", "available")
      .execute();
    expect(seen.sort()).toEqual(listed.map((item) => item.id).sort());

    // The data's version makes the ETag: the same answer again is a 304, a write makes a new one.
    const etag = one.headers.get("etag")!;
    const cached = await api("GET", `/api/v1/listings/${id}`, { headers: { "if-none-match": etag } });
    expect(cached.status).toBe(304);
    expect(cached.body).toBe("");

    // A listing a moderator hid is gone from the API as from its page.
    await world.db.updateTable("listing").set({ hiddenAt: Date.now() }).where("id", "=", id).execute();
    expect((await api("GET", `/api/v1/listings/${id}`)).status).toBe(404);
    await world.db.updateTable("listing").set({ hiddenAt: null }).where("id", "=", id).execute();
  });

  it("ignores a session cookie: only a key authenticates", async () => {
    const answer = await unchangedBy(world, () =>
      api("PUT", "/api/v1/listings/by-ref/COOKIE-1", {
        body: listingBody(["c"]),
        headers: { cookie: owner.cookie },
      }),
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("lets an agency's key write as the agency", async () => {
    const put = await api("PUT", "/api/v1/listings/by-ref/AG-7", {
      key: agencyKey,
      body: listingBody(["agency"]),
    });
    expect(put.status, put.body.slice(0, 300)).toBe(201);
    const id = (json(put).listing as { ListingKey: string }).ListingKey;
    const row = await world.db
      .selectFrom("listing")
      .select(["agencyId", "userRef", "reference"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ agencyId, userRef: owner.id, reference: "AG-7" });
    // The same reference on the owner's own key names another listing: an agency's references are its own.
    expect((await api("GET", "/api/v1/listings/by-ref/AG-7", { key: ownerRead })).status).toBe(404);
    expect((await api("GET", "/api/v1/listings/by-ref/AG-7", { key: agencyKey })).status).toBe(200);
    // Only its owners and admins make agency keys: the agency page refuses anyone else.
    const refused = await unchangedBy(world, () =>
      world.client.post(
        `/agency?agency=${slug}`,
        { intent: "create-api-key", name: "stolen", scope: "write", agencyId },
        { cookie: other.cookie },
      ),
    );
    expect(refused.status).toBe(403);
    expect((refused.data as { error: string }).error).toBe(AGENCY_MESSAGES.notAllowed);
  });

  it("authorizes every API write: only the lister's write key changes their listing", async () => {
    const keyOf: Record<(typeof CALLERS)[number], string | undefined> = {
      "no key": undefined,
      "revoked key": revoked,
      "read key": ownerRead,
      "other lister's key": otherWrite,
      "owner's write key": ownerWrite,
    };
    const expected: Record<(typeof CALLERS)[number], number> = {
      "no key": 401,
      "revoked key": 401,
      "read key": 403,
      "other lister's key": 404,
      "owner's write key": 200,
    };
    const put = await api("PUT", "/api/v1/listings/by-ref/MATRIX-1", {
      key: ownerWrite,
      body: listingBody(["m1"]),
    });
    expect(put.status).toBe(201);
    const id = (json(put).listing as { ListingKey: string }).ListingKey;
    const replace = listingBody(["m1"], { regularPrice: 1234 });

    for (const caller of CALLERS) {
      const key = keyOf[caller];
      if (caller === "other lister's key") {
        // Their PUT of the same reference makes a listing of their own; the owner's stays as it was.
        const before = await world.state.row("listing", id);
        const answer = await api("PUT", "/api/v1/listings/by-ref/MATRIX-1", { key, body: replace });
        record("PUT by-ref (replace)", caller, answer);
        expect(answer.status).toBe(201);
        expect(await world.state.row("listing", id)).toEqual(before);
        const theirs = await world.db
          .selectFrom("listing")
          .select("userRef")
          .where("reference", "=", "MATRIX-1")
          .where("id", "!=", id)
          .executeTakeFirstOrThrow();
        expect(theirs.userRef).toBe(other.id);
        continue;
      }
      if (caller === "owner's write key") continue;
      const answer = await unchangedBy(world, () =>
        api("PUT", "/api/v1/listings/by-ref/MATRIX-1", { key, body: replace }),
      );
      record("PUT by-ref (replace)", caller, answer);
      expect(answer.status, caller).toBe(expected[caller]);
    }
    const ownPut = await api("PUT", "/api/v1/listings/by-ref/MATRIX-1", { key: ownerWrite, body: replace });
    record("PUT by-ref (replace)", "owner's write key", ownPut);
    expect(ownPut.status).toBe(200);

    const created: Record<string, number> = { "no key": 401, "revoked key": 401, "read key": 403 };
    for (const caller of ["no key", "revoked key", "read key"] as const) {
      const answer = await unchangedBy(world, () =>
        api("PUT", "/api/v1/listings/by-ref/MATRIX-NEW", { key: keyOf[caller], body: listingBody(["m2"]) }),
      );
      record("PUT by-ref (create)", caller, answer);
      expect(answer.status, caller).toBe(created[caller]);
    }

    for (const caller of CALLERS) {
      if (caller === "owner's write key") continue;
      // The other lister withdraws their own MATRIX-1 first, then finds none of theirs.
      if (caller === "other lister's key") {
        expect((await api("DELETE", "/api/v1/listings/by-ref/MATRIX-1", { key: otherWrite })).status).toBe(
          204,
        );
      }
      const answer = await unchangedBy(world, () =>
        api("DELETE", "/api/v1/listings/by-ref/MATRIX-1", { key: keyOf[caller] }),
      );
      record("DELETE by-ref", caller, answer);
      expect(answer.status, caller).toBe(expected[caller] === 200 ? 204 : expected[caller]);
    }
    const withdrawn = await api("DELETE", "/api/v1/listings/by-ref/MATRIX-1", { key: ownerWrite });
    record("DELETE by-ref", "owner's write key", withdrawn);
    expect(withdrawn.status).toBe(204);
    expect(await world.state.row("listing", id)).toBeUndefined();
    expect((await api("DELETE", "/api/v1/listings/by-ref/MATRIX-1", { key: ownerWrite })).status).toBe(404);
  });

  it("answers 429 with Retry-After over a limit", async () => {
    const headers = { [CLIENT_IP_HEADER]: "203.0.113.9" };
    let last: RouteAnswer | undefined;
    for (let request = 0; request <= PUBLIC_LIMIT; request++) {
      last = await api("GET", "/api/v1/listings?limit=1", { headers });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not held back by it.
    expect(
      (await api("GET", "/api/v1/listings?limit=1", { headers: { [CLIENT_IP_HEADER]: "203.0.113.10" } }))
        .status,
    ).toBe(200);
  });

  it("serves an OpenAPI 3.1 document with every API path", async () => {
    const answer = await api("GET", "/api/v1/openapi.json");
    expect(answer.status).toBe(200);
    const document = JSON.parse(answer.body) as {
      openapi: string;
      paths: Record<string, object>;
      components: { schemas: Record<string, object> };
    };
    expect(document.openapi).toBe("3.1.0");
    const routes = (await import("#app/routes.ts")).default
      .map((route) => route.path ?? "")
      .filter((path) => path.startsWith("api/v1/") && path !== "api/v1/openapi.json")
      .map((path) =>
        path.slice("api/v1".length).replace(":ref", "{ListingId}").replace(":key", "{ListingKey}"),
      );
    expect(Object.keys(document.paths).sort()).toEqual(routes.sort());
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["Listing", "ListingsPage", "ListingWrite", "Error"]),
    );
    const docs = await world.client.get("/api/docs");
    expect(docs.status).toBe(200);
  });
});
