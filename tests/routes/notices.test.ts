import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { expectSignIn, unchangedBy } from "#tests/support/authz-matrix.ts";
import { toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Notices and reasons through the routes: a visitor's report waits for its e-mailed link and the link's page
 * confirms it once; hiding on /admin asks a reason and a text; the review page is the
 * owner's alone, and takes one request per decision, which then shows on /admin.
 */
const postgres = postgresUrlFromEnv();

describe(`notices and reasons, route by route (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  const adminAccount = { ...newAccount("Nora Admin"), email: "nora-admin@example.com" };
  let world: RouteWorld;
  let owner: string;
  let ownerId: string;
  let other: string;
  let admin: string;

  beforeAll(async () => {
    world = await createRouteWorld({ ADMIN_EMAILS: adminAccount.email });
    ({ id: ownerId, cookie: owner } = await world.signUp(newAccount("Otis Owner")));
    other = (await world.signUp(newAccount("Mara Other"))).cookie;
    admin = (await world.signUp(adminAccount)).cookie;
  });
  afterAll(() => world?.destroy());

  async function listing(name: string) {
    return world.publish(owner, validListing([await world.uploadPhoto(ownerId)], name));
  }

  /** The confirmation link's path and query from the newest e-mail queued for `to`. */
  async function confirmLink(to: string) {
    const mail = await world.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("recipient", "=", to)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/report\/confirm\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const url = new URL(link!);
    return { path: `${url.pathname}${url.search}`, token: url.searchParams.get("token")! };
  }

  it("takes a visitor's report only once its link is confirmed, once", async () => {
    const id = await listing("Flat a visitor reports");
    const email = `viv-${Date.now()}@example.net`;
    const form = { reason: "wrong-information", details: "Three rooms, not four", email };
    const page = await world.client.get(`/report/${id}`);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ visitor: true });
    const sent = await world.client.post(`/report/${id}`, form);
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ sent: email, error: null });
    expect(await world.state.reportIds(id)).toEqual([]);

    const { path, token } = await confirmLink(email);
    const shown = await world.client.get(path);
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ report: { email, reason: "wrong-information" } });
    // A forged token confirms nothing.
    const forged = await unchangedBy(world, () => world.client.post("/report/confirm", { token: "forged" }));
    expect(forged.status).toBe(404);
    const confirmed = await world.client.post("/report/confirm", { token });
    expect(confirmed.data).toMatchObject({ done: true });
    expect(await world.state.reportIds(id)).toHaveLength(1);
    const again = await unchangedBy(world, () => world.client.post("/report/confirm", { token }));
    expect(again.status).toBe(404);
    expect(again.body).toContain("This link has expired or was already used");
    expect((await world.client.get(path)).data).toMatchObject({ report: null });
  });

  it("hides only with a reason and a text; the review page is the owner's, one request per decision", async () => {
    const id = await listing("Flat under review");
    const refused = await unchangedBy(world, () =>
      world.client.post("/admin", { intent: "hide-listing", id, reason: "scam" }, { cookie: admin }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      id,
      fieldErrors: { note: "Please explain the decision to the owner" },
    });
    const hidden = await world.client.post(
      "/admin",
      { intent: "hide-listing", id, reason: "duplicate", note: "Also listed as another flat." },
      { cookie: admin },
    );
    expect(toastMessage(hidden)).toBe("Listing hidden");
    const [decision] = await world.db
      .selectFrom("listingDecision")
      .select("id")
      .where("listingId", "=", id)
      .execute();
    const path = `/review/${decision!.id}`;

    // The owner's listing page and Your Listings say why.
    const ownPage = await world.client.get(`/category/rent/${id}`, { cookie: owner });
    expect(ownPage.data).toMatchObject({
      moderationNotice: {
        decision: { reason: "duplicate", note: "Also listed as another flat.", reviewPath: path },
      },
    });
    const profile = await world.client.get("/profile", { cookie: owner });
    expect(profile.data).toMatchObject({ hiddenReasons: { [id]: "duplicate" } });

    expectSignIn(await unchangedBy(world, () => world.client.post(path, {})));
    const notYours = await unchangedBy(world, () => world.client.post(path, {}, { cookie: other }));
    expect(notYours.status).toBe(404);
    expect((await world.client.get(path, { cookie: other })).status).toBe(404);
    expect((await world.client.get(path, { cookie: owner })).status).toBe(200);

    const asked = await world.client.post(path, { message: "It is a different flat." }, { cookie: owner });
    expect(toastMessage(asked)).toBe("Review requested: our moderators will look at your listing again");
    const twice = await unchangedBy(world, () => world.client.post(path, {}, { cookie: owner }));
    expect(twice.status).toBe(400);
    expect(twice.body).toContain("You have already asked for a review of this decision");

    const adminPage = await world.client.get("/admin", { cookie: admin });
    const reviews = (adminPage.data as { reviewRequests: { id: string; reviewMessage: string }[] })
      .reviewRequests;
    expect(reviews.filter((review) => review.id === decision!.id)).toEqual([
      expect.objectContaining({ reviewMessage: "It is a different flat." }),
    ]);
    // Keeping it hidden is the administrators' alone.
    const forged = await unchangedBy(world, () =>
      world.client.post("/admin", { intent: "close-review", id: decision!.id }, { cookie: owner }),
    );
    expect(forged.status).toBe(404);
    const kept = await world.client.post(
      "/admin",
      { intent: "close-review", id: decision!.id },
      { cookie: admin },
    );
    expect(toastMessage(kept)).toBe("Listing kept hidden");
  });
});
