import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { AGENCY_MESSAGES } from "#app/modules/agency/agency.rules.ts";
import { forgedId, labeled } from "#tests/ops/support/hostile-values.ts";
import { LISTING_REFUSED, validListing } from "#tests/ops/support/listing-forms.ts";
import {
  assertRefusals,
  BODY_REFUSED,
  oneOf,
  type Refusal,
  TO_SIGN_IN,
  tallyTable,
} from "#tests/ops/support/refusal.ts";
import { newAccount } from "#tests/support/accounts.ts";
import type { FormEntries } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import {
  type ImageIds,
  invalidAgencyForm,
  invalidForgotPassword,
  invalidListingForm,
  invalidNameChange,
  invalidResetPassword,
  invalidSignIn,
  invalidSignUp,
} from "./support/hostile-forms.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Hostile input to the forms of the pages: fast-check sends each form's action broken values (wrong types,
 * missing and extra fields, megabyte strings, control and bidi characters, numbers out of every range, forged
 * ids, other users' photos), signed in and as a visitor. Each answer must be the form's own message (or a
 * visitor's redirect to sign in), never a crash, and nothing may be written (tests/ops/support/refusal.ts).
 * What needs the server process (unusable bodies, raw paths, tus, better-auth's JSON API) stays in
 * tests/ops/hostile-input.test.ts.
 */
const postgres = postgresUrlFromEnv();

const RUNS = 36;
const PROPERTY_TIMEOUT = 60_000;

const NAME_REFUSED = /Enter your name|Keep your name under 60 characters|can not contain control characters/;
const LINK_REFUSED = /This reset link is invalid or has expired|Choose a password of at least/;
/** Sign-up's refusals: the form's message, or the name's own under its field (the profile's rule). */
const SIGN_UP_REFUSED =
  /Something went wrong with registration|Enter your name|Keep your name under 60 characters|Your name can not contain control characters/;

/** The agency form's refusals: any of its fields' messages (agency.rules.ts). */
const AGENCY_REFUSED = new RegExp(
  [
    AGENCY_MESSAGES.nameRequired,
    AGENCY_MESSAGES.nameTooLong,
    AGENCY_MESSAGES.aboutRequired,
    AGENCY_MESSAGES.addressRequired,
    AGENCY_MESSAGES.addressTooLong,
    AGENCY_MESSAGES.legalNameRequired,
    AGENCY_MESSAGES.legalNameTooLong,
    AGENCY_MESSAGES.emailInvalid,
    AGENCY_MESSAGES.unprintable,
    AGENCY_MESSAGES.logoGone,
  ]
    .map((message) => message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|"),
);

/** A refused form: the route's message (400/401), or its body refused (413). */
function refusedForm(statuses: number[], message: RegExp): Refusal {
  return { statuses, message: oneOf(message, BODY_REFUSED) };
}

/** A visitor is sent to sign in from a guarded page; a signed-in user posting to sign-in or sign-up goes home. */
function asActor(path: string, cookie: string | undefined, refusal: Refusal, guarded = false): Refusal {
  if (guarded && !cookie) return TO_SIGN_IN;
  if (cookie && /^\/sign-(in|up)$/.test(path))
    return { ...refusal, statuses: [...refusal.statuses, 302], location: /^\/$/ };
  return refusal;
}

describe(`form refusals, route by route (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let user: string;
  let userEmail: string;
  let ownListing: string;
  let othersListing: string;
  let ids: ImageIds;

  /** Who sends: a visitor, or (twice as often: more of the app runs for them) the signed-in user. */
  const actors = () =>
    fc.oneof(
      { arbitrary: fc.constant<[string, string | undefined]>(["visitor", undefined]), weight: 1 },
      { arbitrary: fc.constant<[string, string | undefined]>(["user", user]), weight: 2 },
    );
  const post = (path: string, entries: FormEntries, cookie: string | undefined) =>
    world.client.post(path, entries, { cookie });

  beforeAll(async () => {
    // Bursts of sign-ups and sign-ins: better-auth's rate limit is not what these properties are about.
    world = await createRouteWorld({ AUTH_RATE_LIMIT_MAX: "100000" });
    const account = newAccount("Hostile Tester");
    const signedUp = await world.signUp(account);
    user = signedUp.cookie;
    userEmail = account.email;
    const other = await world.signUp(newAccount("Other Owner"));
    const own = await world.uploadPhoto(signedUp.id);
    ownListing = await world.publish(user, validListing([await world.uploadPhoto(signedUp.id, "#c0392b")]));
    const othersPending = await world.uploadPhoto(other.id, "#27ae60");
    const othersPhoto = await world.uploadPhoto(other.id, "#7d3c98");
    othersListing = await world.publish(other.cookie, validListing([othersPhoto], "Other owner's garden"));
    ids = { own, othersPending, othersListed: othersPhoto };
  });

  afterAll(async () => {
    if (world) console.log(`form refusals: requests per property and their statuses\n${tallyTable()}`);
    await world?.destroy();
  });

  it(
    "sign-up, sign-in, forgot and reset password refuse broken forms",
    async () => {
      const forms = fc.oneof(
        invalidSignUp().map((f) => ["/sign-up", f, refusedForm([400, 413], SIGN_UP_REFUSED)] as const),
        invalidSignIn(userEmail).map(
          // Enough wrong passwords for the one real account lock it (429) until its window has passed.
          (f) =>
            [
              "/sign-in",
              f,
              refusedForm([400, 401, 413, 429], /Bad User Credentials|Too many failed sign-ins/),
            ] as const,
        ),
        invalidForgotPassword().map(
          (f) => ["/forgot-password", f, refusedForm([400, 413], /Could not send reset email/)] as const,
        ),
        invalidResetPassword().map(
          (f) => ["/reset-password", f, refusedForm([400, 413], LINK_REFUSED)] as const,
        ),
      );
      await assertRefusals(
        world,
        "auth forms: broken fields",
        fc.tuple(forms, actors()),
        async ([[path, form, refusal], [actor, cookie]]) => ({
          answer: await post(path, form.value, cookie),
          refusal: asActor(path, cookie, refusal),
          what: `${actor} POST ${path} ${form.label}`,
        }),
        RUNS * 2,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "sign-in sends the user back only to a path on this site, whatever redirectTo says",
    async () => {
      const redirectTo = fc.oneof(
        fc.constantFrom(
          "//evil.example",
          "/\\evil.example",
          "/\t/evil.example",
          "/.//evil.example",
          "https://evil.example",
          "javascript:alert(1)",
          "/%2F%2Fevil.example",
          "/\u0000",
          "/😀",
          "/\r\nSet-Cookie: x=y",
          "/../../etc/passwd",
        ),
        fc.string({ unit: "binary", maxLength: 30 }).map((path) => `/${path}`),
      );
      const origin = world.services.config.publicUrl;
      // Printable ASCII from a single "/": a Location header can carry it, and no browser reads it as another host.
      const samePath: Refusal = { statuses: [302], location: /^\/(?![/\\])[!-~]*$/, sameOrigin: origin };
      await assertRefusals(
        world,
        "sign-in: hostile redirectTo",
        redirectTo,
        async (target) => ({
          // The sign-in form posts to its own URL, ?redirectTo= included.
          answer: await post(
            `/sign-in?${new URLSearchParams({ redirectTo: target })}`,
            [
              ["email", userEmail],
              ["password", "correct-horse-42"],
            ],
            undefined,
          ),
          refusal: samePath,
          what: `sign-in redirectTo=${JSON.stringify(target)}`,
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "the profile refuses broken names, forged deletes and unknown intents",
    async () => {
      const deleteTarget = fc.oneof(
        { arbitrary: forgedId, weight: 3 },
        { arbitrary: fc.constant(labeled(othersListing, "<another user's listing>")), weight: 1 },
      );
      const actions = fc.oneof(
        invalidNameChange().map((f) => [f.value, f.label, refusedForm([400, 413], NAME_REFUSED)] as const),
        deleteTarget.map(
          ({ value, label }) =>
            [
              [
                ["intent", "delete-listing"],
                ["listingId", value],
              ] as FormEntries,
              `delete ${label}`,
              {
                statuses: [403, 404],
                message: /You can not delete that listing|Listing does not exist/,
              } as Refusal,
            ] as const,
        ),
        fc.oneof(forgedId, fc.constant(labeled("DELETE-LISTING"))).map(
          ({ value, label }) =>
            [
              [
                ["intent", value],
                ["name", "Renamed"],
                ["listingId", ownListing],
              ] as FormEntries,
              `intent ${label}`,
              { statuses: [400], message: /Unknown action/ } as Refusal,
            ] as const,
        ),
      );
      await assertRefusals(
        world,
        "profile: names, deletes, intents",
        fc.tuple(actions, actors()),
        async ([[entries, label, refusal], [actor, cookie]]) => ({
          answer: await post("/profile", entries, cookie),
          refusal: asActor("/profile", cookie, refusal, true),
          what: `${actor} POST /profile ${label}`,
        }),
        RUNS * 2,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "create an agency and its settings refuse broken forms and logos that are not the user's upload",
    async () => {
      const agency = await world.client.post(
        "/agencies/new",
        {
          name: "Refusing Homes",
          about: "Flats.",
          officeAddress: "12 Rue de Rivoli, Paris",
          legalName: "Refusing Homes SARL",
          contactEmail: "office@refusing.example",
        },
        { cookie: user },
      );
      const slug = new URL(`http://x${agency.location}`).searchParams.get("agency");
      const row = await world.db
        .selectFrom("organization")
        .select("id")
        .where("slug", "=", slug ?? "")
        .executeTakeFirstOrThrow();
      const forms = fc.oneof(
        invalidAgencyForm().map((f) => ["/agencies/new", f] as const),
        invalidAgencyForm([
          ["intent", "update-profile"],
          ["agencyId", row.id],
        ]).map((f) => [`/agency?agency=${slug}`, f] as const),
      );
      await assertRefusals(
        world,
        "agency forms: broken fields",
        fc.tuple(forms, actors()),
        async ([[path, form], [actor, cookie]]) => ({
          answer: await post(path, form.value, cookie),
          refusal: asActor(path, cookie, refusedForm([400, 413], AGENCY_REFUSED), true),
          what: `${actor} POST ${path} ${form.label}`,
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "create and edit listing refuse broken forms, >6 photos and other users' photos",
    async () => {
      const paths = fc.constantFrom("/create-listing", `/edit-listing/${ownListing}`);
      await assertRefusals(
        world,
        "listing forms: broken fields",
        fc.tuple(paths, invalidListingForm(ids), actors()),
        async ([path, form, [actor, cookie]]) => ({
          answer: await post(path, form.value, cookie),
          refusal: asActor(path, cookie, refusedForm([400, 413], LISTING_REFUSED), true),
          what: `${actor} POST ${path} ${form.label}`,
        }),
        RUNS * 2,
      );
    },
    PROPERTY_TIMEOUT,
  );
});
