import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "#tests/ops/ops-support.ts";
import { type AppData, insertTestListing, openAppData } from "#tests/support/app-data.ts";
import type { AppServer } from "#tests/support/app-server.ts";
import { createUser } from "#tests/support/factories.ts";

/**
 * GET /api/v1/listings/{ListingKey}/open-houses on the production server (decision 072): a listing's open houses
 * still to end with RESO OpenHouse field names, public as the listing is, with the API's ETag and CORS headers,
 * and in the OpenAPI document and /api/docs.
 */
const defer = cleanupAfterAll();
const HOUR = 3_600_000;

describe.skipIf(SKIP_REASON)("the open houses of a listing in the API", () => {
  let app: AppServer;
  let data: AppData;

  beforeAll(async () => {
    app = await startOpsServer(defer);
    data = await openAppData(app.env);
    defer(() => data.close());
  }, 60_000);

  /** A span of viewing times of `listingId`, `inHours` from now, in Paris' time zone. */
  async function viewingTime(
    listingId: string,
    inHours: number,
    set: {
      kind?: "openHouse" | "slots";
      status?: "active" | "cancelled";
      remarks?: string;
      capacity?: number;
    } = {},
  ) {
    const id = randomUUID();
    const startsAt = Math.floor(Date.now() / 60_000) * 60_000 + inHours * HOUR;
    const kind = set.kind ?? "openHouse";
    await data.db
      .insertInto("openHouse")
      .values({
        id,
        listingId,
        kind,
        startsAt,
        endsAt: startsAt + 2 * HOUR,
        slotMinutes: kind === "slots" ? 20 : null,
        capacity: set.capacity ?? null,
        confirmByHand: kind === "slots",
        remarks: set.remarks ?? null,
        timeZone: "Europe/Paris",
        status: set.status ?? "active",
        createdAt: Date.now(),
      })
      .execute();
    return { id, startsAt, endsAt: startsAt + 2 * HOUR };
  }

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/v1${path}`, { headers: { "x-forwarded-for": "192.0.2.7", ...headers } });

  it("answers the open houses still to end, soonest first, with RESO names", async () => {
    const owner = await createUser(data.db);
    const listing = await insertTestListing(data, owner.id, { name: "Open house flat" });
    const slots = await viewingTime(listing.id, 72, { kind: "slots" });
    const open = await viewingTime(listing.id, 48, { remarks: "Ring twice", capacity: 12 });
    await viewingTime(listing.id, 24, { status: "cancelled" });
    await viewingTime(listing.id, -3); // ended an hour ago

    const response = await get(`/listings/${listing.id}/open-houses`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as { value: Record<string, unknown>[] };
    expect(body.value).toEqual([
      {
        OpenHouseKey: open.id,
        ListingKey: listing.id,
        OpenHouseDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(open.startsAt),
        OpenHouseStartTime: new Date(open.startsAt).toISOString(),
        OpenHouseEndTime: new Date(open.endsAt).toISOString(),
        OpenHouseType: "Public",
        OpenHouseStatus: "Active",
        AppointmentRequiredYN: false,
        OpenHouseRemarks: "Ring twice",
        timeZone: "Europe/Paris",
        slotMinutes: null,
        capacity: 12,
        confirmByHand: false,
        BookingURL: expect.stringMatching(
          new RegExp(`^https?://[^/]+/category/rent/${listing.id}#viewings$`),
        ),
      },
      expect.objectContaining({
        OpenHouseKey: slots.id,
        AppointmentRequiredYN: true,
        slotMinutes: 20,
        capacity: null,
        confirmByHand: true,
      }),
    ]);

    // Unchanged: the client's copy holds (304); a change of the times is a new answer.
    const etag = response.headers.get("etag")!;
    expect((await get(`/listings/${listing.id}/open-houses`, { "if-none-match": etag })).status).toBe(304);
    await viewingTime(listing.id, 96);
    const changed = await get(`/listings/${listing.id}/open-houses`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { value: unknown[] }).value).toHaveLength(3);
  });

  it("answers none for a home that is let, and 404 for one the public may not see or none at all", async () => {
    const owner = await createUser(data.db);
    const let_ = await insertTestListing(data, owner.id, { name: "Let flat", status: "let" });
    await viewingTime(let_.id, 24);
    const letAnswer = await get(`/listings/${let_.id}/open-houses`);
    expect(letAnswer.status).toBe(200);
    expect(await letAnswer.json()).toEqual({ value: [] });

    const hidden = await insertTestListing(data, owner.id, { name: "Hidden flat", hiddenAt: Date.now() });
    await viewingTime(hidden.id, 24);
    expect((await get(`/listings/${hidden.id}/open-houses`)).status).toBe(404);
    const missing = await get(`/listings/${randomUUID()}/open-houses`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: expect.any(String), fields: {} });
    expect(
      (await fetch(`${app.url}/api/v1/listings/${let_.id}/open-houses`, { method: "POST" })).status,
    ).toBe(405);
  });

  it("is in the OpenAPI document and on /api/docs", async () => {
    const document = (await (await get("/openapi.json")).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(document.paths["/listings/{ListingKey}/open-houses"]?.get?.responses).toHaveProperty("200");
    expect(Object.keys(document.components.schemas.OpenHouse!.properties)).toEqual(
      expect.arrayContaining([
        "OpenHouseKey",
        "ListingKey",
        "OpenHouseStartTime",
        "OpenHouseEndTime",
        "OpenHouseType",
        "OpenHouseRemarks",
      ]),
    );
    const docs = await (await fetch(`${app.url}/api/docs`)).text();
    expect(docs).toContain("/listings/{ListingKey}/open-houses");
    expect(docs).toContain("OpenHouseStartTime");
  });
});
