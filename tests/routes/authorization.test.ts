import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ListingFields, listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import {
  AuthorizationMatrix,
  expectNotYours,
  expectSignIn,
  expectVerify,
  unchangedBy,
} from "#tests/support/authz-matrix.ts";
import { type Answer, type FormEntries, toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { signInCookie } from "#tests/support/route-request.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Authorization: every page write (and the reads that show what is private), by a visitor, a signed-in user
 * whose e-mail is not verified (publishing, contacting and reporting ask them to verify first), another signed-in
 * user, the owner, a user a moderator suspended (with the session cookie they had) and an administrator, each
 * calling the route's loader or action on a real database. Only the owner's attempt may change anything: a
 * visitor is sent to sign in, another user is refused with the spec's message (or as if the thing did not
 * exist), and the whole app state is compared before and after each refused attempt. The matrix is printed at
 * the end. What needs the server process (tus uploads, better-auth's HTTP API) stays in
 * tests/ops/authorization-matrix.test.ts.
 */
const postgres = postgresUrlFromEnv();

describe(`authorization matrix, route by route (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  const matrix = new AuthorizationMatrix();
  const ownerAccount = newAccount("Olivia Owner");
  const otherAccount = newAccount("Mallory Other");
  const unverifiedAccount = newAccount("Una Unverified");
  let world: RouteWorld;
  let client: RouteWorld["client"];
  let owner: string; // session cookies
  let other: string;
  let unverified: string;
  let ownerId: string;
  let admin: string;
  let suspended: string; // the cookie a suspended user had before the suspension
  const adminAccount = { ...newAccount("Ada Admin"), email: "ada-admin@example.com" };
  // A second administrator, whose account the "delete my account" test may spend.
  const spareAdminAccount = { ...newAccount("Abe Admin"), email: "abe-admin@example.com" };

  beforeAll(async () => {
    world = await createRouteWorld({ ADMIN_EMAILS: `${adminAccount.email},${spareAdminAccount.email}` });
    client = world.client;
    ({ id: ownerId, cookie: owner } = await world.signUp(ownerAccount));
    other = (await world.signUp(otherAccount)).cookie;
    unverified = (await world.signUp(unverifiedAccount, { verified: false })).cookie;
    admin = (await world.signUp(adminAccount)).cookie;
    const gone = await world.signUp(newAccount("Sid Suspended"));
    suspended = gone.cookie;
    const suspension = await client.post(
      "/admin",
      { intent: "suspend-user", id: gone.id },
      { cookie: admin },
    );
    expect(toastMessage(suspension)).toBe("User suspended");
  });

  afterAll(async () => {
    if (world)
      console.log(
        `authorization matrix (routes) on ${postgres ? "PostgreSQL" : "SQLite"}:\n${matrix.table()}`,
      );
    await world?.destroy();
  });

  /** A listing of the owner's with `photos` photos; returns its id and photo ids (cover first). */
  async function ownersListing(name: string, photos = 1, type: ListingFields["type"] = "rent") {
    const ids: string[] = [];
    for (let index = 0; index < photos; index++)
      ids.push(await world.uploadPhoto(ownerId, ["#1d4ed8", "#be123c"][index]));
    return { id: await world.publish(owner, { ...validListing(ids, name), type }), photos: ids };
  }

  /** How a refusal reads, to hold an administrator's to the other user's: status, target and toast. */
  const refusalOf = (answer: Answer) => [answer.status, answer.location, toastMessage(answer)];

  /**
   * Posts `entries` to `path` as a visitor, an unverified user (sent to verify when `publishing`), the other
   * user, a suspended user (signed out: sent to sign in) and an administrator (who moderates but owns nothing
   * here: refused as the other user is), each refused and changing nothing.
   */
  async function refusedForOthers(
    operation: string,
    path: string,
    entries: FormEntries,
    refusal?: string,
    publishing = true,
  ) {
    const visitor = await unchangedBy(world, () => client.post(path, entries));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const newcomer = await unchangedBy(world, () => client.post(path, entries, { cookie: unverified }));
    if (publishing) expectVerify(newcomer);
    else if (refusal) expect(newcomer.body).toContain(refusal);
    matrix.record(
      operation,
      "unverified",
      newcomer,
      publishing ? undefined : refusal && `refused: ${refusal}`,
    );
    const intruder = await unchangedBy(world, () => client.post(path, entries, { cookie: other }));
    if (refusal) expect(intruder.body).toContain(refusal);
    matrix.record(operation, "other user", intruder, refusal && `refused: ${refusal}`);
    const gone = await unchangedBy(world, () => client.post(path, entries, { cookie: suspended }));
    expectSignIn(gone);
    matrix.record(operation, "suspended", gone, "signed out: sign in");
    const byAdmin = await unchangedBy(world, () => client.post(path, entries, { cookie: admin }));
    expect(refusalOf(byAdmin), "an administrator is refused as the other user").toEqual(refusalOf(intruder));
    if (refusal) expect(byAdmin.body).toContain(refusal);
    matrix.record(operation, "admin", byAdmin, refusal && `refused: ${refusal}`);
    return intruder;
  }

  it("create a listing with the owner's photo", async () => {
    const photo = await world.uploadPhoto(ownerId);
    const form = listingEntries(validListing([photo], "Owner's new flat"));
    const refusal = "Some images are no longer available";
    const intruder = await refusedForOthers(
      "create listing (owner's photo)",
      "/create-listing",
      form,
      refusal,
    );
    expect(intruder.status).toBe(400);
    const own = await client.post("/create-listing", form, { cookie: owner });
    matrix.record("create listing (owner's photo)", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    const id = own.location?.split("/").at(-1) ?? "";
    expect(await world.state.listingImageIds(id)).toEqual([photo]);
  });

  it("open the edit form of a listing", async () => {
    const { id } = await ownersListing("Flat to be looked at");
    const operation = "open edit form";
    const visitor = await unchangedBy(world, () => client.get(`/edit-listing/${id}`));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const newcomer = await unchangedBy(world, () =>
      client.get(`/edit-listing/${id}`, { cookie: unverified }),
    );
    expectVerify(newcomer);
    matrix.record(operation, "unverified", newcomer);
    const intruder = await unchangedBy(world, () => client.get(`/edit-listing/${id}`, { cookie: other }));
    expectNotYours(intruder);
    matrix.record(operation, "other user", intruder);
    const own = await client.get(`/edit-listing/${id}`, { cookie: owner });
    expect(own.status).toBe(200);
    expect(own.body).toContain("Flat to be looked at");
    matrix.record(operation, "owner", own, "the form, filled in");
  });

  it("edit a listing", async () => {
    const { id, photos } = await ownersListing("Flat before the edit");
    const form = listingEntries(validListing(photos, "Flat after the edit"));
    expectNotYours(await refusedForOthers("edit listing", `/edit-listing/${id}`, form));
    const own = await client.post(`/edit-listing/${id}`, form, { cookie: owner });
    matrix.record("edit listing", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    expect((await world.state.row("listing", id))?.name).toBe("Flat after the edit");
  });

  it("delete a photo by saving the listing without it", async () => {
    const { id, photos } = await ownersListing("Flat with two photos", 2);
    const form = listingEntries(validListing([photos[0]!], "Flat with two photos"));
    expectNotYours(await refusedForOthers("delete a photo (edit)", `/edit-listing/${id}`, form));
    const before = await world.state.snapshot();
    const own = await client.post(`/edit-listing/${id}`, form, { cookie: owner });
    matrix.record("delete a photo (edit)", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    expect(await world.state.listingImageIds(id)).toEqual([photos[0]]);
    expect(await world.state.row("image", photos[1]!)).toBeUndefined();
    expect((await world.state.snapshot()).files.images.count).toBeLessThan(before.files.images.count);
  });

  it("delete a listing", async () => {
    const { id } = await ownersListing("Flat to be deleted");
    const form: FormEntries = [
      ["intent", "delete-listing"],
      ["listingId", id],
    ];
    const intruder = await refusedForOthers(
      "delete listing",
      "/profile",
      form,
      "You can not delete that listing",
      false,
    );
    expect(intruder.status).toBe(403);
    const own = await client.post("/profile", form, { cookie: owner });
    matrix.record("delete listing", "owner", own);
    expect(toastMessage(own)).toBe("Successfully deleted listings");
    expect(await world.state.row("listing", id)).toBeUndefined();
  });

  it("change the owner's name by the profile form", async () => {
    const ownerRow = () => world.state.row("user", ownerId);
    const form = (name: string): FormEntries => [
      ["intent", "update-name"],
      ["name", name],
      ["userId", ownerId],
      ["email", ownerAccount.email],
    ];
    const operation = "change name (profile form)";
    const attempt = (cookie: string | undefined, name: string) =>
      client.post("/profile", form(name), { cookie });
    const visitor = await unchangedBy(world, () => attempt(undefined, "Renamed by a visitor"));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    // The other user may rename themselves; whatever the request names, the owner's row stays as it was.
    const before = await ownerRow();
    const intruder = await attempt(other, "Renamed by Mallory");
    expect(intruder.status).toBe(200);
    expect(await ownerRow()).toEqual(before);
    matrix.record(operation, "other user", intruder, "own name only; owner's unchanged");
    const own = await attempt(owner, "Olivia Form");
    expect(own.status).toBe(200);
    expect((await ownerRow())?.name).toBe("Olivia Form");
    matrix.record(operation, "owner", own, "renamed");
  });

  it("see the landlord's contact page (signed-in users only; it shows the e-mail address)", async () => {
    const path = `/contact/${ownerId}?listingName=Flat`;
    const visitor = await unchangedBy(world, () => client.get(path));
    expectSignIn(visitor);
    expect(visitor.body).not.toContain(ownerAccount.email);
    matrix.record("contact landlord (GET)", "visitor", visitor);
    const newcomer = await unchangedBy(world, () => client.get(path, { cookie: unverified }));
    expectVerify(newcomer);
    expect(newcomer.body).not.toContain(ownerAccount.email);
    matrix.record("contact landlord (GET)", "unverified", newcomer, "→ verify first; no address");
    for (const [actor, cookie] of [
      ["other user", other],
      ["owner", owner],
    ] as const) {
      const page = await unchangedBy(world, () => client.get(path, { cookie }));
      expect(page.status).toBe(200);
      expect((page.data as { contact: { email: string | null } }).contact.email).toBe(ownerAccount.email);
      matrix.record("contact landlord (GET)", actor, page, "the page, with the e-mail");
    }
  });

  it("report a listing (verified users, or a visitor with an address to confirm; not the owner)", async () => {
    const { id } = await ownersListing("Flat to be reported");
    const form = { reason: "scam", details: "Wire transfer only" };
    const operation = "report listing";
    const path = `/report/${id}`;
    // A visitor reports with an address (the report counts once its link is followed): without one, nothing.
    const visitor = await unchangedBy(world, () => client.post(path, form));
    expect(visitor.status).toBe(400);
    expect(visitor.data).toMatchObject({ fieldErrors: { email: "Please enter your e-mail address" } });
    matrix.record(operation, "visitor", visitor, "refused: no address");
    const ownReport = await unchangedBy(world, () => client.post(path, form, { cookie: owner }));
    expect(ownReport.status).toBe(403);
    expect(ownReport.body).toContain("You can not report your own listing");
    matrix.record(operation, "owner", ownReport, "refused: own listing");
    // The suspended user's session is gone: they are a visitor, who must give an address.
    const gone = await unchangedBy(world, () => client.post(path, form, { cookie: suspended }));
    expect(gone.status).toBe(400);
    matrix.record(operation, "suspended", gone, "signed out: a visitor");
    // Reporting needs a verified address, as publishing does: a throwaway account files no reports.
    const newcomer = await unchangedBy(world, () => client.post(path, form, { cookie: unverified }));
    expectVerify(newcomer);
    expectVerify(await client.get(path, { cookie: unverified }));
    matrix.record(operation, "unverified", newcomer, "→ verify first");
    for (const [actor, cookie] of [
      ["other user", other],
      ["admin", admin],
    ] as const) {
      const answer = await client.post(path, form, { cookie });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ done: true, error: null });
      matrix.record(operation, actor, answer, "reported");
    }
  });

  it("open /admin (administrators only)", async () => {
    const visitor = await unchangedBy(world, () => client.get("/admin"));
    expectSignIn(visitor);
    matrix.record("open /admin", "visitor", visitor);
    for (const [actor, cookie] of [
      ["unverified", unverified],
      ["other user", other],
      ["owner", owner],
    ] as const) {
      const answer = await unchangedBy(world, () => client.get("/admin", { cookie }));
      expect(answer.status).toBe(404);
      matrix.record("open /admin", actor, answer, "not found");
    }
    const gone = await unchangedBy(world, () => client.get("/admin", { cookie: suspended }));
    expectSignIn(gone);
    matrix.record("open /admin", "suspended", gone, "signed out: sign in");
    const own = await client.get("/admin", { cookie: admin });
    expect(own.status).toBe(200);
    expect(own.data).toHaveProperty("auditLog");
    matrix.record("open /admin", "admin", own, "the page");
  });

  it("moderate: dismiss, hide, restore, suspend, lift (administrators only; the owner can not undo)", async () => {
    const { id } = await ownersListing("Flat under moderation");
    await client.post(`/report/${id}`, { reason: "offensive" }, { cookie: other });
    const [reportId = ""] = await world.state.reportIds(id);
    const steps: [string, string, string, () => Promise<void>][] = [
      [
        "dismiss-report",
        reportId,
        "Report dismissed",
        async () => expect((await world.state.row("report", reportId))?.status).toBe("dismissed"),
      ],
      [
        "hide-listing",
        id,
        "Listing hidden",
        async () => expect((await world.state.row("listing", id))?.hiddenAt).not.toBeNull(),
      ],
      [
        "restore-listing",
        id,
        "Listing restored",
        async () => expect((await world.state.row("listing", id))?.hiddenAt).toBeNull(),
      ],
      [
        "suspend-user",
        ownerId,
        "User suspended",
        async () => expect(Boolean((await world.state.row("user", ownerId))?.banned)).toBe(true),
      ],
      [
        "lift-suspension",
        ownerId,
        "Suspension lifted",
        async () => expect(Boolean((await world.state.row("user", ownerId))?.banned)).toBe(false),
      ],
    ];
    for (const [intent, target, done, check] of steps) {
      const operation = `moderate: ${intent}`;
      const form: Record<string, string> =
        intent === "hide-listing"
          ? { intent, id: target, reason: "offensive", note: "Insults in the description." }
          : { intent, id: target };
      const visitor = await unchangedBy(world, () => client.post("/admin", form));
      expectSignIn(visitor);
      matrix.record(operation, "visitor", visitor);
      for (const [actor, cookie] of [
        ["unverified", unverified],
        ["other user", other],
        ["owner", owner],
      ] as const) {
        const answer = await unchangedBy(world, () => client.post("/admin", form, { cookie }));
        if (actor === "owner" && intent === "lift-suspension") {
          // The suspended owner's session ended with the suspension: they cannot lift their own.
          expectSignIn(answer);
          matrix.record(operation, actor, answer, "signed out: sign in");
        } else {
          expect(answer.status).toBe(404);
          matrix.record(operation, actor, answer, "not found");
        }
      }
      const gone = await unchangedBy(world, () => client.post("/admin", form, { cookie: suspended }));
      expectSignIn(gone);
      matrix.record(operation, "suspended", gone, "signed out: sign in");
      const own = await client.post("/admin", form, { cookie: admin });
      expect(toastMessage(own)).toBe(done);
      await check();
      matrix.record(operation, "admin", own);
    }
    // Suspension ended the owner's session: sign in again for the tests that follow.
    owner = await signInCookie(world.services, ownerAccount.email, ownerAccount.password);
    expect(owner).not.toBe("");
  });

  it("send an enquiry through the site (relay: the lister keeps their e-mail private)", async () => {
    const { id } = await ownersListing("Flat to ask about");
    await client.post(
      "/profile",
      [
        ["intent", "email-privacy"],
        ["keepEmailPrivate", "true"],
      ],
      { cookie: owner },
    );
    const path = `/contact/${ownerId}?listingId=${id}`;
    const form: FormEntries = [
      ["listingId", id],
      ["message", "Is it still free?"],
    ];
    const operation = "send an enquiry (contact, relay)";
    const visitor = await unchangedBy(world, () => client.post(path, form));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const newcomer = await unchangedBy(world, () => client.post(path, form, { cookie: unverified }));
    expectVerify(newcomer);
    matrix.record(operation, "unverified", newcomer, "→ verify first");
    const own = await unchangedBy(world, () => client.post(path, form, { cookie: owner }));
    expect(own.status).toBe(403);
    expect(own.body).toContain("You can not send a message about your own listing");
    matrix.record(operation, "owner", own, "refused: own listing");
    const page = await client.get(path, { cookie: other });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(ownerAccount.email);
    const sent = await client.post(path, form, { cookie: other });
    expect(sent.status).toBe(302);
    expect(toastMessage(sent)).toBe("Message sent");
    expect(sent.location).toMatch(/^\/messages\/[\w-]+$/);
    expect(sent.body).not.toContain(ownerAccount.email);
    matrix.record(operation, "other user", sent, "sent; no address shown");
    const gone = await unchangedBy(world, () => client.post(path, form, { cookie: suspended }));
    expectSignIn(gone);
    matrix.record(operation, "suspended", gone, "signed out: sign in");
    // An administrator asks about a home as anyone does: through the site, the address still kept private.
    const byAdmin = await client.post(path, form, { cookie: admin });
    expect(byAdmin.status).toBe(302);
    expect(toastMessage(byAdmin)).toBe("Message sent");
    expect(byAdmin.body).not.toContain(ownerAccount.email);
    matrix.record(operation, "admin", byAdmin, "sent; no address shown");
  });

  it("read, answer and block in a conversation (its two parties only)", async () => {
    const { id } = await ownersListing("Flat with a conversation");
    const started = await client.post(
      `/contact/${ownerId}?listingId=${id}`,
      [
        ["listingId", id],
        ["message", "Hello"],
      ],
      { cookie: other },
    );
    const thread = started.location ?? "";
    expect(thread).toMatch(/^\/messages\/[\w-]+$/);
    const stranger = (await world.signUp(newAccount("Sid Stranger"))).cookie;

    const read = "read a conversation (GET)";
    const visitorRead = await unchangedBy(world, () => client.get(`${thread}`));
    expectSignIn(visitorRead);
    matrix.record(read, "visitor", visitorRead);
    const newcomerRead = await unchangedBy(world, () => client.get(`${thread}`, { cookie: unverified }));
    expect(newcomerRead.status).toBe(404);
    matrix.record(read, "unverified", newcomerRead, "refused: as if missing");
    const strangerRead = await unchangedBy(world, () => client.get(`${thread}`, { cookie: stranger }));
    expect(strangerRead.status).toBe(404);
    expect(strangerRead.body).not.toContain("Hello");
    matrix.record(read, "other user", strangerRead, "refused: as if missing");
    const ownRead = await client.get(`${thread}`, { cookie: owner });
    expect(ownRead.status).toBe(200);
    expect(ownRead.body).toContain("Hello");
    matrix.record(read, "owner", ownRead, "the conversation (a party)");

    for (const [operation, entries, toast] of [
      [
        "reply in a conversation",
        [
          ["intent", "reply"],
          ["message", "Welcome"],
        ],
        "Message sent",
      ],
      ["block the other party", [["intent", "block"]], "Blocked: they can no longer send you messages"],
      ["unblock the other party", [["intent", "unblock"]], "Unblocked: they can send you messages again"],
    ] as const) {
      const visitor = await unchangedBy(world, () => client.post(`${thread}`, entries));
      expectSignIn(visitor);
      matrix.record(operation, "visitor", visitor);
      const newcomer = await unchangedBy(world, () =>
        client.post(`${thread}`, entries, { cookie: unverified }),
      );
      if (entries[0][1] === "reply") expectVerify(newcomer);
      else expect(newcomer.status).toBe(404);
      matrix.record(
        operation,
        "unverified",
        newcomer,
        entries[0][1] === "reply" ? "→ verify first" : "refused: as if missing",
      );
      const intruder = await unchangedBy(world, () =>
        client.post(`${thread}`, entries, { cookie: stranger }),
      );
      expect(intruder.status).toBe(404);
      expect(intruder.body).toContain("Conversation does not exist");
      matrix.record(operation, "other user", intruder, "refused: as if missing");
      const own = await client.post(`${thread}`, entries, { cookie: owner });
      expect(own.status).toBe(302);
      expect(toastMessage(own)).toBe(toast);
      matrix.record(operation, "owner", own, "done (a party)");
    }
  });

  it("keep one's e-mail private (Profile): one's own choice only", async () => {
    const ownerRow = () => world.state.row("user", ownerId);
    const form = (keep: boolean): FormEntries => [
      ["intent", "email-privacy"],
      ["keepEmailPrivate", String(keep)],
      ["userId", ownerId],
    ];
    const operation = "keep e-mail private (profile)";
    const visitor = await unchangedBy(world, () => client.post("/profile", form(false)));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const before = await ownerRow();
    const newcomer = await client.post("/profile", form(false), { cookie: unverified });
    expect(newcomer.status).toBe(302);
    expect(await ownerRow()).toEqual(before);
    matrix.record(operation, "unverified", newcomer, "own choice only; owner's unchanged");
    const intruder = await client.post("/profile", form(false), { cookie: other });
    expect(intruder.status).toBe(302);
    expect(await ownerRow()).toEqual(before);
    matrix.record(operation, "other user", intruder, "own choice only; owner's unchanged");
    const own = await client.post("/profile", form(!before?.keepEmailPrivate), { cookie: owner });
    expect(own.status).toBe(302);
    expect(Boolean((await ownerRow())?.keepEmailPrivate)).toBe(!before?.keepEmailPrivate);
    matrix.record(operation, "owner", own, "changed");
  });

  const NOT_OWNER = "You can not edit that listing";

  /**
   * Posts `entries` to `path` as a visitor and as the suspended user (whose session is gone): both are sent to
   * sign in, and nothing changes.
   */
  async function signInFirst(operation: string, path: string, entries: FormEntries) {
    for (const [actor, cookie] of [
      ["visitor", undefined],
      ["suspended", suspended],
    ] as const) {
      const answer = await unchangedBy(world, () => client.post(path, entries, { cookie }));
      expectSignIn(answer);
      matrix.record(operation, actor, answer, actor === "suspended" ? "signed out: sign in" : undefined);
    }
  }

  /**
   * Posts a listing-status form (`entries`) to `path`, Profile or the listing's own page, as everyone but its
   * owner: a visitor and a suspended user are sent to sign in; the unverified user, the other user and an
   * administrator are told "You can not edit that listing" (Profile's 403, or back to the page with that toast).
   * Nothing changes.
   */
  async function statusRefusedForOthers(operation: string, path: string, entries: FormEntries) {
    await signInFirst(operation, path, entries);
    for (const [actor, cookie] of [
      ["unverified", unverified],
      ["other user", other],
      ["admin", admin],
    ] as const) {
      const answer = await unchangedBy(world, () => client.post(path, entries, { cookie }));
      if (path === "/profile") {
        expect(answer.status, answer.body.slice(0, 200)).toBe(403);
        expect(answer.body).toContain(NOT_OWNER);
        matrix.record(operation, actor, answer, `refused: ${NOT_OWNER}`);
      } else {
        expect(answer.status, answer.body.slice(0, 200)).toBe(302);
        expect(answer.location).toBe(path);
        expect(toastMessage(answer)).toBe(NOT_OWNER);
        matrix.record(operation, actor, answer);
      }
    }
  }

  /** The owner's own status form: back where it was posted from, with `toast`. */
  async function ownersStatusWrite(operation: string, path: string, entries: FormEntries, toast: string) {
    const own = await client.post(path, entries, { cookie: owner });
    expect(own.status, own.body.slice(0, 200)).toBe(302);
    expect(own.location).toBe(path);
    expect(toastMessage(own)).toBe(toast);
    matrix.record(operation, "owner", own);
  }

  it("mark a listing let, sold or available, from Profile and from its page (the owner only)", async () => {
    for (const [type, taken] of [
      ["rent", "let"],
      ["sale", "sold"],
    ] as const) {
      const { id } = await ownersListing(`Home to be ${taken}`, 1, type);
      const page = `/category/${type}/${id}`;
      // Taken and available again, each from Profile and from the listing's page.
      for (const [status, path, where] of [
        [taken, "/profile", "Profile"],
        ["available", page, "listing page"],
        [taken, page, "listing page"],
        ["available", "/profile", "Profile"],
      ] as const) {
        const operation =
          status === "available"
            ? `Mark as available, was ${taken} (${where})`
            : `Mark as ${status} (${where})`;
        const entries: FormEntries = [
          ["intent", "set-status"],
          ["listingId", id],
          ["status", status],
        ];
        await statusRefusedForOthers(operation, path, entries);
        await ownersStatusWrite(operation, path, entries, `Marked as ${status}`);
        expect((await world.state.row("listing", id))?.status).toBe(status);
      }
    }
  });

  /** Hides a listing as expired, as the freshness job does a week after an unanswered reminder. */
  async function expire(listingId: string) {
    const now = Date.now();
    await world.db
      .updateTable("listing")
      .set({ reminderSentAt: now - 8 * 24 * 60 * 60 * 1000, expiredAt: now })
      .where("id", "=", listingId)
      .execute();
  }

  it("renew an expired listing, from Profile and from its page (the owner only)", async () => {
    const { id } = await ownersListing("Flat nobody confirmed");
    const entries: FormEntries = [
      ["intent", "renew"],
      ["listingId", id],
    ];
    for (const [path, where] of [
      ["/profile", "Profile"],
      [`/category/rent/${id}`, "listing page"],
    ] as const) {
      const operation = `renew an expired listing (${where})`;
      await expire(id);
      await statusRefusedForOthers(operation, path, entries);
      expect((await world.state.row("listing", id))?.expiredAt).not.toBeNull();
      await ownersStatusWrite(operation, path, entries, "Listing renewed");
      const renewed = await world.state.row("listing", id);
      expect(renewed?.expiredAt).toBeNull();
      expect(renewed?.reminderSentAt).toBeNull();
    }
  });

  it("save and unsave a home (the heart): each user's own list only", async () => {
    const { id } = await ownersListing("Flat worth a heart");
    const ownersHearts = () => world.state.savedListingIds(ownerId);
    const savedCount = async () => (await world.state.snapshot()).rows.savedListing.count;
    for (const [operation, saved] of [
      ["save a home (heart)", true],
      ["unsave a home (heart)", false],
    ] as const) {
      // The list is the session's: a userId in the form names nobody.
      const entries: FormEntries = [
        ["listingId", id],
        ["saved", String(saved)],
        ["userId", ownerId],
        ["redirectTo", `/category/rent/${id}`],
      ];
      await signInFirst(operation, "/saved", entries);
      // Saving needs no verified address: a heart publishes nothing.
      for (const [actor, cookie] of [
        ["unverified", unverified],
        ["other user", other],
        ["admin", admin],
      ] as const) {
        const before = { hearts: await ownersHearts(), count: await savedCount() };
        const answer = await client.post("/saved", entries, { cookie });
        expect(answer.status, answer.body.slice(0, 200)).toBe(302);
        expect(answer.location).toBe(`/category/rent/${id}`);
        expect(await ownersHearts()).toEqual(before.hearts);
        expect(await savedCount()).toBe(before.count + (saved ? 1 : -1));
        matrix.record(operation, actor, answer, "own list only; owner's unchanged");
      }
      const own = await client.post("/saved", entries, { cookie: owner });
      expect(own.status).toBe(302);
      expect(await ownersHearts()).toEqual(saved ? [id] : []);
      matrix.record(operation, "owner", own, saved ? "saved" : "unsaved");
    }
  });

  it("save a search, change its alerts, delete it: each user's own searches only", async () => {
    // Matches nothing the other tests publish: no alert e-mail goes out while they run.
    const query = "type=sale&minPrice=749000000";
    const ownersSearches = () => world.state.savedSearchIds(ownerId);
    const searchCount = async () => (await world.state.snapshot()).rows.savedSearch.count;
    const save: FormEntries = [
      ["intent", "save"],
      ["query", query],
      ["userId", ownerId],
      ["redirectTo", `/search?${query}`],
    ];
    const operation = "save a search";
    const visitor = await unchangedBy(world, () => client.post("/saved-searches", save));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    // Alerts send e-mail: saving a search takes a verified address.
    const newcomer = await unchangedBy(world, () =>
      client.post("/saved-searches", save, { cookie: unverified }),
    );
    expectVerify(newcomer);
    matrix.record(operation, "unverified", newcomer, "→ verify first");
    const gone = await unchangedBy(world, () => client.post("/saved-searches", save, { cookie: suspended }));
    expectSignIn(gone);
    matrix.record(operation, "suspended", gone, "signed out: sign in");
    for (const [actor, cookie] of [
      ["other user", other],
      ["admin", admin],
      ["owner", owner],
    ] as const) {
      const before = { searches: await ownersSearches(), count: await searchCount() };
      const answer = await client.post("/saved-searches", save, { cookie });
      expect(answer.status, answer.body.slice(0, 200)).toBe(302);
      expect(toastMessage(answer)).toBe("Search saved. New matches will be e-mailed to you.");
      expect(await searchCount()).toBe(before.count + 1);
      if (actor === "owner") expect(await ownersSearches()).toHaveLength(1);
      else expect(await ownersSearches()).toEqual(before.searches);
      matrix.record(
        operation,
        actor,
        answer,
        actor === "owner" ? "saved" : "own list only; owner's unchanged",
      );
    }
    const [searchId = ""] = await ownersSearches();

    for (const [operation, entries, toast, check] of [
      [
        "change a saved search's alerts",
        [
          ["intent", "frequency"],
          ["id", searchId],
          ["frequency", "daily"],
        ],
        "Alerts: daily",
        async () => expect((await world.state.row("savedSearch", searchId))?.frequency).toBe("daily"),
      ],
      [
        "delete a saved search",
        [
          ["intent", "delete"],
          ["id", searchId],
        ],
        "Saved search deleted",
        async () => expect(await world.state.row("savedSearch", searchId)).toBeUndefined(),
      ],
    ] as const) {
      await signInFirst(operation, "/saved-searches", entries);
      // Someone else's search, by its id, answers like one that does not exist.
      for (const [actor, cookie] of [
        ["unverified", unverified],
        ["other user", other],
        ["admin", admin],
      ] as const) {
        const answer = await unchangedBy(world, () => client.post("/saved-searches", entries, { cookie }));
        expect(answer.status, answer.body.slice(0, 200)).toBe(302);
        expect(toastMessage(answer)).toBe("This saved search does not exist");
        matrix.record(operation, actor, answer, "refused: as if missing");
      }
      const own = await client.post("/saved-searches", entries, { cookie: owner });
      expect(own.status).toBe(302);
      expect(own.location).toBe("/profile#saved-searches");
      expect(toastMessage(own)).toBe(toast);
      await check();
      matrix.record(operation, "owner", own);
    }
  });

  it("download my data (GET /profile/data): one's own data only", async () => {
    const operation = "download my data (GET)";
    const path = `/profile/data?userId=${ownerId}`;
    const visitor = await unchangedBy(world, () => client.get(path));
    expectSignIn(visitor);
    expect(visitor.body).not.toContain(ownerAccount.email);
    matrix.record(operation, "visitor", visitor);
    const gone = await unchangedBy(world, () => client.get(path, { cookie: suspended }));
    expectSignIn(gone);
    matrix.record(operation, "suspended", gone, "signed out: sign in");
    for (const [actor, cookie, email] of [
      ["unverified", unverified, unverifiedAccount.email],
      ["other user", other, otherAccount.email],
      ["admin", admin, adminAccount.email],
      ["owner", owner, ownerAccount.email],
    ] as const) {
      const answer = await unchangedBy(world, () => client.get(path, { cookie }));
      expect(answer.status, answer.body.slice(0, 200)).toBe(200);
      const data = JSON.parse(answer.body) as { account: { email: string }; listings: unknown[] };
      expect(data.account.email).toBe(email);
      if (actor !== "owner") expect(answer.body).not.toContain(ownerAccount.email);
      else expect(data.listings.length).toBeGreaterThan(0);
      matrix.record(
        operation,
        actor,
        answer,
        actor === "owner" ? "own data" : "own data only; not the owner's",
      );
    }
  });

  it("delete my account (Profile): one's own only, whatever the form names", async () => {
    // Accounts spent here: an owner with a listing, and one of each who may delete only themselves.
    const target = newAccount("Tess Target");
    const { id: targetId, cookie: targetCookie } = await world.signUp(target);
    const photo = await world.uploadPhoto(targetId);
    const listingId = await world.publish(targetCookie, validListing([photo], "Tess's flat"));
    const targetRows = async () => [
      await world.state.row("user", targetId),
      await world.state.row("listing", listingId),
    ];
    const form: FormEntries = [
      ["intent", "delete-account"],
      ["confirm", "yes"],
      ["userId", targetId],
    ];
    const operation = "delete my account (profile)";
    await signInFirst(operation, "/profile", form);
    const spare = newAccount("Spare Unverified");
    for (const [actor, account, verified] of [
      ["unverified", spare, false],
      ["other user", newAccount("Spare Other"), true],
      ["admin", spareAdminAccount, true],
    ] as const) {
      const { cookie } = await world.signUp(account, { verified });
      const before = await targetRows();
      const answer = await client.post("/profile", form, { cookie });
      expect(answer.status, answer.body.slice(0, 200)).toBe(302);
      expect(toastMessage(answer)).toBe("Your account was deleted");
      expect(await world.state.userId(account.email)).toBeUndefined();
      expect(await targetRows()).toEqual(before);
      matrix.record(operation, actor, answer, "own account deleted; owner's unchanged");
    }
    const own = await client.post("/profile", form, { cookie: targetCookie });
    expect(toastMessage(own)).toBe("Your account was deleted");
    expect(await targetRows()).toEqual([undefined, undefined]);
    matrix.record(operation, "owner", own, "deleted, with the listing");
  });

  /** How many "Verify your e-mail" messages the mail outbox holds for `email`, sent or not. */
  async function verificationMails(email: string) {
    const rows = await world.db
      .selectFrom("mailOutbox")
      .select("id")
      .where("recipient", "=", email)
      .where("subject", "like", "Verify your e-mail%")
      .execute();
    return rows.length;
  }

  it("resend the verification e-mail: only to one's own address, while it is unverified", async () => {
    const operation = "verify e-mail: Resend";
    // The address is the session's: an e-mail or userId in the form names nobody.
    const form = { email: ownerAccount.email, userId: ownerId };
    const mails = async () =>
      Promise.all([ownerAccount.email, unverifiedAccount.email].map((email) => verificationMails(email)));
    // The app sends after answering (sendLater): a refused attempt's stray mail could land after its check, so
    // the totals are checked again once the one wanted mail has arrived.
    const [ownersAtStart, ownAtStart = 0] = await mails();
    for (const [actor, cookie] of [
      ["visitor", undefined],
      ["suspended", suspended],
    ] as const) {
      const before = await mails();
      const answer = await unchangedBy(world, () => client.post("/verify-email", form, { cookie }));
      expectSignIn(answer);
      expect(await mails()).toEqual(before);
      matrix.record(operation, actor, answer, actor === "suspended" ? "signed out: sign in" : undefined);
    }
    for (const [actor, cookie] of [
      ["other user", other],
      ["owner", owner],
      ["admin", admin],
    ] as const) {
      const before = await mails();
      const answer = await unchangedBy(world, () => client.post("/verify-email", form, { cookie }));
      expect(answer.status, answer.body.slice(0, 200)).toBe(302);
      expect(toastMessage(answer)).toBe("Your e-mail is verified");
      expect(await mails()).toEqual(before);
      matrix.record(operation, actor, answer, "already verified: nothing sent");
    }
    const own = await client.post("/verify-email", form, { cookie: unverified });
    expect(own.status, own.body.slice(0, 200)).toBe(200);
    expect(own.data).toEqual({ error: null, sent: true });
    await vi.waitFor(async () => expect((await mails())[1]).toBe(ownAtStart + 1));
    expect(await mails()).toEqual([ownersAtStart, ownAtStart + 1]);
    matrix.record(operation, "unverified", own, "sent, to their own address");
  });
});
