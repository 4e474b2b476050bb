import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGENCY_MESSAGES } from "#app/modules/agency/agency.rules.ts";
import { listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { newAccount } from "#tests/support/accounts.ts";
import { expectSignIn, expectVerify, unchangedBy } from "#tests/support/authz-matrix.ts";
import { type Answer, redirectTarget, toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Authorization of every agency write, route by route: a visitor, a signed-in user whose e-mail is not
 * verified, an outsider, a former member (removed, with the session they had), an agent, an admin and an
 * owner of the agency, each calling the route's action on a real database. Only owners and admins may change
 * the agency; every refused attempt leaves the whole app state as it was. The matrix is printed at the end.
 */
const postgres = postgresUrlFromEnv();

const ACTORS = ["visitor", "unverified", "outsider", "former member", "agent", "admin", "owner"] as const;
type Actor = (typeof ACTORS)[number];

const AGENCY = {
  name: "Harbour Homes",
  about: "Flats by the harbour since 1990.",
  officeAddress: "12 Rue de Rivoli, Paris",
  phone: "+33 1 23 45 67 89",
  legalName: "Harbour Homes SARL",
  registrationNumber: "RCS Paris 123 456 789",
  contactEmail: "office@harbour.example",
};

describe(`agency authorization, route by route (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  const cookies = {} as Record<Actor, string>;
  let agencyId: string;
  let slug: string;
  const table = new Map<string, Partial<Record<Actor, string>>>();

  const record = (write: string, actor: Actor, answer: Answer) => {
    const row = table.get(write) ?? {};
    const target = redirectTarget(answer);
    row[actor] =
      `${answer.status} ${target ? `→ ${target.split("?")[0]}` : ""}${toastMessage(answer) ? ` (${toastMessage(answer)})` : ""}`;
    table.set(write, row);
  };

  const post = (fields: Record<string, string>, actor: Actor, path = "/agency") =>
    world.client.post(
      `${path}?agency=${slug}`,
      fields,
      actor === "visitor" ? {} : { cookie: cookies[actor] },
    );

  /** The newest invitation link mailed to `email`, from the outbox. */
  async function invitationPath(email: string) {
    const mail = await world.db
      .selectFrom("mailOutbox")
      .select("text")
      .where("recipient", "=", email)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const path = /\/agency\/invitations\/[\w-]+/.exec(mail.text)?.[0];
    if (!path) throw new Error(`no invitation link in: ${mail.text}`);
    return path;
  }

  /** A new user the owner invites with `role` and who accepts through the link; returns them. */
  async function join(role: "agent" | "admin") {
    const account = newAccount(`${role} ${Math.random().toString(36).slice(2, 7)}`);
    const { id, cookie } = await world.signUp(account);
    const invite = await post({ intent: "invite", agencyId, email: account.email, role }, "owner");
    expect(toastMessage(invite)).toBe(AGENCY_MESSAGES.invited);
    const accept = await world.client.post(await invitationPath(account.email), {}, { cookie });
    expect(toastMessage(accept)).toBe(AGENCY_MESSAGES.joined);
    const member = await world.db
      .selectFrom("member")
      .select("id")
      .where("userId", "=", id)
      .where("organizationId", "=", agencyId)
      .executeTakeFirstOrThrow();
    return { id, cookie, memberId: member.id };
  }

  let siteAdmin: string;
  const siteAdminAccount = newAccount("Sam Siteadmin");

  beforeAll(async () => {
    world = await createRouteWorld({ ADMIN_EMAILS: siteAdminAccount.email });
    siteAdmin = (await world.signUp(siteAdminAccount)).cookie;
    cookies.owner = (await world.signUp(newAccount("Olivia Owner"))).cookie;
    const created = await world.client.post("/agencies/new", AGENCY, { cookie: cookies.owner });
    expect(created.status, created.body.slice(0, 300)).toBe(302);
    slug = new URL(`http://x${created.location}`).searchParams.get("agency") ?? "";
    const row = await world.db
      .selectFrom("organization")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    agencyId = row.id;
    cookies.admin = (await join("admin")).cookie;
    cookies.agent = (await join("agent")).cookie;
    const former = await join("agent");
    cookies["former member"] = former.cookie;
    const removal = await post({ intent: "remove-member", agencyId, memberId: former.memberId }, "owner");
    expect(toastMessage(removal)).toBe(AGENCY_MESSAGES.removed);
    cookies.outsider = (await world.signUp(newAccount("Mallory Outsider"))).cookie;
    cookies.unverified = (await world.signUp(newAccount("Una Unverified"), { verified: false })).cookie;
  });

  afterAll(async () => {
    if (world) {
      const width = Math.max(...[...table.keys()].map((key) => key.length));
      const lines = [...table].map(
        ([write, row]) =>
          `${write.padEnd(width)} | ${ACTORS.map((actor) => (row[actor] ?? "-").padEnd(24)).join(" | ")}`,
      );
      console.log(
        `agency authorization (routes) on ${postgres ? "PostgreSQL" : "SQLite"}:\n${" ".repeat(width)} | ${ACTORS.map((a) => a.padEnd(24)).join(" | ")}\n${lines.join("\n")}`,
      );
    }
    await world?.destroy();
  });

  /**
   * One write by every actor: the visitor is sent to sign in, outsiders, former members, the unverified user
   * and agents are refused with "You can not do that in this agency" and change nothing; admins and owners
   * succeed with `done`. `fields(actor)` gives each attempt fresh targets.
   */
  async function matrix(
    write: string,
    fields: (actor: Actor) => Promise<Record<string, string>>,
    done: string,
  ) {
    for (const actor of ACTORS) {
      const form = await fields(actor);
      if (actor === "admin" || actor === "owner") {
        const answer = await post(form, actor);
        record(write, actor, answer);
        expect(answer.status, answer.body.slice(0, 300)).toBe(302);
        expect(toastMessage(answer)).toBe(done);
        continue;
      }
      const answer = await unchangedBy(world, () => post(form, actor));
      record(write, actor, answer);
      if (actor === "visitor") {
        expectSignIn(answer);
      } else {
        expect(answer.status, `${actor}: ${answer.body.slice(0, 200)}`).toBe(403);
        expect(answer.body).toContain(AGENCY_MESSAGES.notAllowed);
      }
    }
  }

  let invitee = 0;
  const freshEmail = () => `invitee-${++invitee}@example.com`;

  it("invite: owners and admins only", async () => {
    await matrix(
      "invite",
      async () => ({ intent: "invite", agencyId, email: freshEmail(), role: "agent" }),
      AGENCY_MESSAGES.invited,
    );
  });

  it("cancel an invitation: owners and admins only", async () => {
    await matrix(
      "cancel-invitation",
      async () => {
        const email = freshEmail();
        await post({ intent: "invite", agencyId, email, role: "agent" }, "owner");
        const row = await world.db
          .selectFrom("invitation")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        return { intent: "cancel-invitation", agencyId, invitationId: row.id };
      },
      AGENCY_MESSAGES.invitationCanceled,
    );
  });

  it("change a role: owners and admins only", async () => {
    const target = await join("agent");
    await matrix(
      "change-role",
      async (actor) => ({
        intent: "change-role",
        agencyId,
        memberId: target.memberId,
        role: actor === "owner" ? "agent" : "admin",
      }),
      AGENCY_MESSAGES.roleChanged,
    );
  });

  it("remove a member: owners and admins only", async () => {
    await matrix(
      "remove-member",
      async () => {
        // A fresh agent for every attempt: a refused one must leave them in, a successful one removes them.
        const target = await join("agent");
        return { intent: "remove-member", agencyId, memberId: target.memberId };
      },
      AGENCY_MESSAGES.removed,
    );
  });

  it("edit the profile: owners and admins only", async () => {
    await matrix(
      "update-profile",
      async (actor) => ({ intent: "update-profile", agencyId, ...AGENCY, about: `Edited by the ${actor}.` }),
      AGENCY_MESSAGES.saved,
    );
  });

  it("create an agency: signed in and verified; bad input refused with the field's message", async () => {
    const visitor = await unchangedBy(world, () => world.client.post("/agencies/new", AGENCY));
    record("create", "visitor", visitor);
    expectSignIn(visitor);
    const unverified = await unchangedBy(world, () =>
      world.client.post("/agencies/new", AGENCY, { cookie: cookies.unverified }),
    );
    record("create", "unverified", unverified);
    expectVerify(unverified);
    const bad = await unchangedBy(world, () =>
      world.client.post("/agencies/new", { ...AGENCY, legalName: "" }, { cookie: cookies.outsider }),
    );
    record("create", "outsider", bad);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ fieldErrors: { legalName: AGENCY_MESSAGES.legalNameRequired } });
  });

  it("accept an invitation: only the invited, verified address, once", async () => {
    const account = newAccount("Ivy Invitee");
    const { cookie } = await world.signUp(account);
    await post({ intent: "invite", agencyId, email: account.email, role: "agent" }, "owner");
    const path = await invitationPath(account.email);
    const visitor = await unchangedBy(world, () => world.client.post(path, {}));
    record("accept-invitation", "visitor", visitor);
    expectSignIn(visitor);
    const unverified = await unchangedBy(world, () =>
      world.client.post(path, {}, { cookie: cookies.unverified }),
    );
    record("accept-invitation", "unverified", unverified);
    expectVerify(unverified);
    const outsider = await unchangedBy(world, () =>
      world.client.post(path, {}, { cookie: cookies.outsider }),
    );
    record("accept-invitation", "outsider", outsider);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toContain(AGENCY_MESSAGES.invitationNotYours);
    const accepted = await world.client.post(path, {}, { cookie });
    expect(toastMessage(accepted)).toBe(AGENCY_MESSAGES.joined);
    const again = await unchangedBy(world, () => world.client.post(path, {}, { cookie }));
    expect(again.status).toBe(404);
    expect(again.body).toContain(AGENCY_MESSAGES.invitationInvalid);
  });

  describe("an agency's listings", () => {
    /** An agent of the agency, with their user id, a photo of theirs and a listing published as the agency. */
    async function agentWithListing(name: string) {
      const agent = await join("agent");
      const photo = await world.uploadPhoto(agent.id);
      const answer = await world.client.post(
        "/create-listing",
        [...listingEntries(validListing([photo], name)), ["publishAs", agencyId]],
        { cookie: agent.cookie },
      );
      expect(answer.status, answer.body.slice(0, 300)).toBe(302);
      const listingId = /\/category\/rent\/([\w-]+)$/.exec(answer.location ?? "")?.[1] ?? "";
      return { ...agent, photo, listingId };
    }

    const editForm = (photo: string, name: string): [string, string][] => [
      ...listingEntries(validListing([photo], name)),
      ["publishAs", agencyId],
    ];

    it("an agent publishes as the agency; admins and owners edit it, other agents and outsiders can not", async () => {
      const agent = await agentWithListing("Agency flat");
      const row = await world.db
        .selectFrom("listing")
        .select(["userRef", "agencyId"])
        .where("id", "=", agent.listingId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ userRef: agent.id, agencyId });

      for (const actor of ["outsider", "former member", "agent"] as const) {
        const answer = await unchangedBy(world, () =>
          world.client.post(`/edit-listing/${agent.listingId}`, editForm(agent.photo, `By ${actor}`), {
            cookie: cookies[actor],
          }),
        );
        record("edit agency listing", actor, answer);
        expect(toastMessage(answer), actor).toBe("You can not edit that listing");
      }
      for (const actor of ["admin", "owner"] as const) {
        const answer = await world.client.post(
          `/edit-listing/${agent.listingId}`,
          [...editForm(agent.photo, `Edited by the ${actor}`), ["listingAgent", agent.id]],
          { cookie: cookies[actor] },
        );
        record("edit agency listing", actor, answer);
        expect(answer.status, answer.body.slice(0, 300)).toBe(302);
        const saved = await world.db
          .selectFrom("listing")
          .select(["name", "userRef", "agencyId"])
          .where("id", "=", agent.listingId)
          .executeTakeFirstOrThrow();
        // The agent stays the listing agent, the photo stays on the listing.
        expect(saved).toEqual({ name: `Edited by the ${actor}`, userRef: agent.id, agencyId });
        expect(await world.state.listingImageIds(agent.listingId)).toEqual([agent.photo]);
      }
    });

    it("the agency page lists its listings; a listing page names the agency, or a private lister", async () => {
      const agent = await agentWithListing("Listed by the agency");
      const page = await world.client.get(`/agencies/${slug}`);
      expect((page.data as { listings: { id: string }[] }).listings.map((listing) => listing.id)).toContain(
        agent.listingId,
      );
      const listingPage = await world.client.get(`/category/rent/${agent.listingId}`);
      expect(listingPage.data).toMatchObject({
        agency: { name: "Harbour Homes", path: `/agencies/${slug}` },
      });
      const privatePhoto = await world.uploadPhoto(agent.id);
      const privateId = await world.publish(agent.cookie, validListing([privatePhoto], "My own flat"));
      const privatePage = await world.client.get(`/category/rent/${privateId}`);
      expect(privatePage.data).toMatchObject({ agency: null });
      const agencyPage = await world.client.get(`/agencies/${slug}`);
      expect(
        (agencyPage.data as { listings: { id: string }[] }).listings.map((listing) => listing.id),
      ).not.toContain(privateId);

      // The category page's filters, the agency one more condition: its homes for sale are none of these.
      const forSale = await world.client.get(`/agencies/${slug}?type=sale`);
      expect(forSale.status).toBe(200);
      const filtered = forSale.data as { total: number; filtersHtml: string };
      expect(filtered.total).toBe(0);
      expect(filtered.filtersHtml).toContain(`action="/agencies/${slug}"`);
      // Cards say who lists each home.
      type Card = { id: string; publisher?: { agentName: string; agency: { name: string } | null } };
      const category = (await world.client.get("/category/rent")).data as { listings: Card[] };
      const card = (id: string) => category.listings.find((listing) => listing.id === id)?.publisher;
      expect(card(agent.listingId)?.agency?.name).toBe("Harbour Homes");
      expect(card(privateId)).toMatchObject({ agency: null });
    });

    it("an enquiry reaches the agent; owners and admins answer it from the agency inbox, nobody else", async () => {
      const agent = await agentWithListing("Asked about");
      const enquirer = await world.signUp(newAccount("Erin Enquirer"));
      const sent = await world.client.post(
        `/contact/${agent.id}`,
        { listingId: agent.listingId, message: "Is it still free?" },
        { cookie: enquirer.cookie },
      );
      expect(sent.status, sent.body.slice(0, 300)).toBe(302);
      const threadPath = sent.location?.split("?")[0] ?? "";
      for (const actor of ["admin", "owner"] as const) {
        const inbox = (await world.client.get("/messages", { cookie: cookies[actor] })).data as {
          agencyThreads: { id: string }[];
        };
        expect(`/messages/${inbox.agencyThreads[0]?.id}`).toBe(threadPath);
        const answer = await world.client.post(
          threadPath,
          { intent: "reply", message: `Yes (the ${actor})` },
          { cookie: cookies[actor] },
        );
        record("answer an agency enquiry", actor, answer);
        expect(toastMessage(answer)).toBe("Message sent");
      }
      for (const actor of ["outsider", "former member", "agent"] as const) {
        const answer = await unchangedBy(world, () =>
          world.client.post(threadPath, { intent: "reply", message: "Me too" }, { cookie: cookies[actor] }),
        );
        record("answer an agency enquiry", actor, answer);
        expect(answer.status, actor).toBe(404);
      }
      // The enquirer talks to the agency.
      const view = await world.client.get(threadPath, { cookie: enquirer.cookie });
      expect(view.data).toMatchObject({ thread: { otherPartyName: "Harbour Homes" } });
    });

    it("an administrator suspends the agency from /admin: its page and listings are gone until lifted", async () => {
      const agent = await agentWithListing("Under suspension");
      for (const actor of ["owner", "outsider"] as const) {
        const answer = await unchangedBy(world, () =>
          world.client.post("/admin", { intent: "suspend-agency", id: slug }, { cookie: cookies[actor] }),
        );
        record("suspend the agency (/admin)", actor, answer);
        expect(answer.status).toBe(404);
      }
      const suspended = await world.client.post(
        "/admin",
        { intent: "suspend-agency", id: `/agencies/${slug}` },
        { cookie: siteAdmin },
      );
      expect(toastMessage(suspended)).toBe("Agency suspended");
      expect((await world.client.get(`/agencies/${slug}`)).status).toBe(404);
      expect((await world.client.get(`/category/rent/${agent.listingId}`)).status).toBe(404);
      const admin = (await world.client.get("/admin", { cookie: siteAdmin })).data as {
        suspendedAgencies: { id: string }[];
      };
      expect(admin.suspendedAgencies.map((agency) => agency.id)).toEqual([agencyId]);
      const lifted = await world.client.post(
        "/admin",
        { intent: "lift-agency-suspension", id: agencyId },
        { cookie: siteAdmin },
      );
      expect(toastMessage(lifted)).toBe("Agency suspension lifted");
      expect((await world.client.get(`/agencies/${slug}`)).status).toBe(200);
      expect((await world.client.get(`/category/rent/${agent.listingId}`)).status).toBe(200);
    });

    it("an agent who deletes their account leaves their agency listings, with photos, to an owner", async () => {
      const agent = await agentWithListing("Outlives its agent");
      const deleted = await world.client.post(
        "/profile",
        { intent: "delete-account", confirm: "yes" },
        { cookie: agent.cookie },
      );
      expect(deleted.status, deleted.body.slice(0, 200)).toBe(302);
      const row = await world.db
        .selectFrom("listing")
        .select(["userRef", "agencyId"])
        .where("id", "=", agent.listingId)
        .executeTakeFirstOrThrow();
      expect(row.agencyId).toBe(agencyId);
      const heir = await world.db
        .selectFrom("member")
        .select("role")
        .where("userId", "=", row.userRef)
        .where("organizationId", "=", agencyId)
        .executeTakeFirstOrThrow();
      expect(heir.role).toBe("owner");
      expect(await world.state.listingImageIds(agent.listingId)).toEqual([agent.photo]);
    });

    it("the only owner of an agency with members can not delete their account; a lone one takes the agency along", async () => {
      const refused = await unchangedBy(world, () =>
        world.client.post(
          "/profile",
          { intent: "delete-account", confirm: "yes" },
          { cookie: cookies.owner },
        ),
      );
      record("delete account", "owner", refused);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain(AGENCY_MESSAGES.onlyOwner);

      const loner = await world.signUp(newAccount("Lone Owner"));
      const created = await world.client.post(
        "/agencies/new",
        { ...AGENCY, name: "Lone Estates" },
        { cookie: loner.cookie },
      );
      expect(created.status).toBe(302);
      const gone = await world.client.post(
        "/profile",
        { intent: "delete-account", confirm: "yes" },
        { cookie: loner.cookie },
      );
      expect(gone.status).toBe(302);
      expect(
        await world.db.selectFrom("organization").select("id").where("name", "=", "Lone Estates").execute(),
      ).toEqual([]);
    });

    it("nobody publishes as an agency they are not in, nor names an agent as a mere agent", async () => {
      const photo = await world.uploadPhoto(
        (
          await world.db
            .selectFrom("user")
            .select("id")
            .where("name", "=", "Mallory Outsider")
            .executeTakeFirstOrThrow()
        ).id,
      );
      const outsider = await unchangedBy(world, () =>
        world.client.post(
          "/create-listing",
          [...listingEntries(validListing([photo], "Not theirs")), ["publishAs", agencyId]],
          { cookie: cookies.outsider },
        ),
      );
      record("publish as the agency", "outsider", outsider);
      expect(outsider.status).toBe(403);
      expect(outsider.body).toContain(AGENCY_MESSAGES.notAllowed);
      // An agent lists as themselves only: naming a colleague is for owners and admins.
      const colleague = await join("agent");
      // Refused before the photos are looked at, so whose photo it is does not matter.
      const agentPhoto = await world.uploadPhoto(colleague.id);
      const named = await unchangedBy(world, () =>
        world.client.post(
          "/create-listing",
          [
            ...listingEntries(validListing([agentPhoto], "For a colleague")),
            ["publishAs", agencyId],
            ["listingAgent", colleague.id],
          ],
          { cookie: cookies.agent },
        ),
      );
      record("publish as the agency", "agent", named);
      expect(named.status).toBe(403);
    });

    it("a removed agent's listings stay with the agency, and the agent can no longer change them", async () => {
      const agent = await agentWithListing("Stays with the agency");
      const removal = await post({ intent: "remove-member", agencyId, memberId: agent.memberId }, "admin");
      expect(toastMessage(removal)).toBe(AGENCY_MESSAGES.removed);
      const row = await world.db
        .selectFrom("listing")
        .select(["userRef", "agencyId"])
        .where("id", "=", agent.listingId)
        .executeTakeFirstOrThrow();
      expect(row.agencyId).toBe(agencyId);
      expect(row.userRef).not.toBe(agent.id);
      const attempt = await unchangedBy(world, () =>
        world.client.post(`/edit-listing/${agent.listingId}`, editForm(agent.photo, "Mine again"), {
          cookie: agent.cookie,
        }),
      );
      record("edit agency listing", "former member", attempt);
      expect(toastMessage(attempt)).toBe("You can not edit that listing");
      const deletion = await unchangedBy(world, () =>
        world.client.post(
          "/profile",
          { intent: "delete-listing", listingId: agent.listingId },
          { cookie: agent.cookie },
        ),
      );
      expect(deletion.status).toBe(403);
    });
  });

  it("keeps the contact e-mail out of the public page and away from agents", async () => {
    const page = await world.client.get(`/agencies/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Harbour Homes SARL");
    expect(page.body).not.toContain("office@harbour.example");
    const agentView = await world.client.get(`/agency?agency=${slug}`, { cookie: cookies.agent });
    expect(agentView.body).not.toContain("office@harbour.example");
    const ownerView = await world.client.get(`/agency?agency=${slug}`, { cookie: cookies.owner });
    expect(ownerView.body).toContain("office@harbour.example");
  });
});
