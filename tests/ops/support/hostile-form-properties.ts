import fc from "fast-check";
import { LISTING_REFUSED } from "#tests/ops/support/listing-forms.ts";
import { type FormEntries, postForm, send, toastMessage } from "#tests/support/http.ts";
import type { HostileApp } from "./hostile-app.ts";
import { hostileSegment, unusableBody } from "./hostile-requests.ts";
import { labeled } from "./hostile-values.ts";
import { actors, type HostileWorld } from "./hostile-world.ts";
import { listingEntries, validListing } from "./listing-forms.ts";
import { assertRefusals, BODY_REFUSED, oneOf, type Refusal, TO_SIGN_IN } from "./refusal.ts";

/**
 * The properties of the page actions that need the live server: bodies no form sends, and paths no page links
 * to. The forms' own refusals are tests/routes/form-refusals.test.ts, on the actions themselves.
 */

export const RUNS = 36;

const LINK_REFUSED = /This reset link is invalid or has expired|Choose a password of at least/;
const NOT_FOUND_PAGE = /Page not found|could not find that page|Bad Request/;

/** A refused form: rendered again with the route's message (400/401), or its body refused (413/415/400). */
function refusedForm(statuses: number[], message: RegExp): Refusal {
  return { statuses, message: oneOf(message, BODY_REFUSED) };
}

/** A visitor alone may post to sign-in and sign-up: for the signed-in, the page itself sends them home. */
function asActor(path: string, cookie: string | undefined, refusal: Refusal, guarded = false): Refusal {
  if (guarded && !cookie) return TO_SIGN_IN;
  if (cookie && /^\/sign-(in|up)$/.test(path))
    return { ...refusal, statuses: [...refusal.statuses, 302], location: /^\/$/ };
  return refusal;
}

async function post(world: HostileWorld, path: string, entries: FormEntries, cookie: string | undefined) {
  return postForm(`${world.url}${path}`, entries, { cookie });
}

/** Sign-up's refusals: the form's message, or the name's own under its field (the profile's rule). */
const SIGN_UP_REFUSED =
  /Something went wrong with registration|Enter your name|Keep your name under 60 characters|Your name can not contain control characters/;

/** Bodies no form sends (wrong type, broken, 1-5 MB, chunked), to every form action, page and .data alike. */
export async function unusableBodies(app: HostileApp, world: HostileWorld) {
  const routes: [string, boolean, RegExp][] = [
    ["/sign-in", false, /Bad User Credentials/],
    ["/sign-up", false, SIGN_UP_REFUSED],
    ["/forgot-password", false, /Could not send reset email/],
    ["/reset-password", false, LINK_REFUSED],
    ["/profile", true, /Unknown action/],
    ["/create-listing", true, LISTING_REFUSED],
    [`/edit-listing/${world.ownListing}`, true, LISTING_REFUSED],
  ];
  const input = fc.tuple(fc.constantFrom(...routes), actors(world), unusableBody, fc.boolean());
  await assertRefusals(
    app,
    "form actions: unusable bodies",
    input,
    async ([[path, guarded, message], [actor, cookie], body, data]) => {
      const raw = body.value();
      const answer = await send(`${world.url}${path}${data ? ".data" : ""}`, {
        method: "POST",
        cookie,
        body: raw.body,
        headers: raw.contentType ? { "content-type": raw.contentType } : {},
        ...(raw.chunked ? { duplex: "half" } : {}),
      });
      // A .data request runs the action alone: the sign-in page's "already signed in" redirect does not apply.
      const refused = asActor(path, data ? undefined : cookie, refusedForm([400, 401, 413, 415], message));
      const refusal = guarded && !cookie ? TO_SIGN_IN : refused;
      return { answer, refusal, what: `${actor} POST ${path}${data ? ".data" : ""} ${body.label}` };
    },
    RUNS + 14,
  );
}

/** The edit page and its save for ids that are not the user's listing: sent home with the spec's toast. */
export async function forgedEdits(app: HostileApp, world: HostileWorld) {
  const id = fc.oneof(
    { arbitrary: hostileSegment, weight: 3 },
    { arbitrary: fc.constant(labeled(world.othersListing, "<another user's listing>")), weight: 1 },
  );
  const input = fc.tuple(id, fc.constantFrom("GET", "POST"), actors(world));
  await assertRefusals(
    app,
    "edit listing: forged ids",
    input,
    async ([{ value, label }, method, [actor, cookie]]) => {
      const path = `/edit-listing/${value}`;
      const answer =
        method === "GET"
          ? await send(`${world.url}${path}`, { cookie })
          : await post(world, path, listingEntries(validListing([world.ownPending])), cookie);
      // A malformed escape never reaches the page: Express answers 400 first.
      const refusal: Refusal = cookie
        ? {
            statuses: [302, 400, 404],
            location: /^\/$/,
            toast: /Listing does not exist|You can not edit that listing/,
            message: NOT_FOUND_PAGE,
          }
        : { ...TO_SIGN_IN, statuses: [302, 400, 404], message: NOT_FOUND_PAGE };
      return { answer, refusal, what: `${actor} ${method} ${path} (${label})`, toast: toastMessage(answer) };
    },
    RUNS * 2,
  );
}
