import fc from "fast-check";
import { send } from "#tests/support/http.ts";
import type { HostileApp } from "./hostile-app.ts";
import { RUNS } from "./hostile-form-properties.ts";
import {
  BAD_FILES,
  hostileCreation,
  hostileCursor,
  hostileQuery,
  hostileSegment,
  invalidSignUpJson,
  invalidUpdateUserJson,
} from "./hostile-requests.ts";
import { labeled } from "./hostile-values.ts";
import { actors, type HostileWorld } from "./hostile-world.ts";
import { assertRefusals, type Refusal, TO_SIGN_IN } from "./refusal.ts";
import { createUpload, fixture, patchUpload, TUS, uploadMetadata } from "./tus-client.ts";

/** The properties of the loaders and resource routes: page reads, better-auth's API, the tus endpoint. */

const NOT_FOUND_PAGE = /Page not found|could not find that page|Bad Request/;

type Read = readonly [path: string, expected: (cookie: string | undefined) => Refusal];

/** GETs of pages and resource routes with hostile ids, cursors, paths and query values: never a 5xx. */
export async function hostileReads(app: HostileApp, world: HostileWorld) {
  const anyone = (statuses: number[], message?: RegExp) => () => ({
    statuses,
    ...(message ? { message } : {}),
  });
  const reads: fc.Arbitrary<Read> = fc.oneof(
    hostileSegment.map(
      ({ value }): Read => [
        `/category/rent/${value}`,
        anyone([400, 404], /Listing does not exist|Page not found|Bad Request/),
      ],
    ),
    hostileSegment.map(({ value }): Read => [`/category/${value}`, anyone([400, 404], NOT_FOUND_PAGE)]),
    // A tampered cursor shows the first page (listing.repo.server.ts decides so): the list, not an error.
    hostileCursor.map(
      ({ value }): Read => [`/category/sale?cursor=${value}`, anyone([200], /Places for sale/)],
    ),
    hostileCursor.map(({ value }): Read => [`/offers?cursor=${value}`, anyone([200], /Offers/)]),
    fc
      .tuple(hostileSegment, hostileQuery)
      .map(
        ([id, name]): Read => [
          `/contact/${id.value}?listingName=${name.value}`,
          (cookie) =>
            cookie
              ? { statuses: [400, 404], message: /Could not get landlord data|Page not found|Bad Request/ }
              : { ...TO_SIGN_IN, statuses: [302, 400, 404], message: NOT_FOUND_PAGE },
        ],
      ),
    hostileSegment.map(
      ({ value }): Read => [`/images/${value}`, anyone([400, 404], /Not found|Page not found|Bad Request/)],
    ),
    hostileSegment.map(
      ({ value }): Read => [
        `/images/${value}-400.webp`,
        anyone([400, 404], /Not found|Page not found|Bad Request/),
      ],
    ),
    // better-auth sends a reset link with a bad token back to its callback, on this site only.
    fc
      .tuple(hostileSegment, hostileQuery)
      .map(
        ([token, callback]): Read => [
          `/api/auth/reset-password/${token.value}?callbackURL=${callback.value}`,
          () => ({ statuses: [302, 400, 403, 404], sameOrigin: world.url }),
        ],
      ),
    hostileSegment.map(({ value }): Read => [`/api/auth/${value}`, anyone([400, 401, 403, 404, 405])]),
  );
  await assertRefusals(
    app,
    "reads: hostile ids, cursors, paths",
    fc.tuple(reads, actors(world)),
    async ([[path, expected], [actor, cookie]]) => ({
      answer: await send(`${world.url}${path}`, { cookie }),
      refusal: expected(cookie),
      what: `${actor} GET ${path.slice(0, 200)}`,
    }),
    RUNS * 3,
  );
}

/** better-auth's own API, called directly: sign-up and update-user with hostile JSON. */
export async function authApiJson(app: HostileApp, world: HostileWorld) {
  const calls = fc.oneof(
    invalidSignUpJson().map((body) => ["/api/auth/sign-up/email", body, false] as const),
    invalidUpdateUserJson.map((body) => ["/api/auth/update-user", body, true] as const),
  );
  const headers = { "content-type": "application/json", origin: world.url };
  await assertRefusals(
    app,
    "api/auth: hostile JSON",
    fc.tuple(calls, actors(world)),
    async ([[path, body, guarded], [actor, cookie]]) => ({
      answer: await send(`${world.url}${path}`, { method: "POST", cookie, body: body.value, headers }),
      // A visitor's update-user is unauthorized, unless its size or a NUL is refused first.
      refusal: {
        statuses: guarded && !cookie ? [400, 401, 413] : [400, 403, 413, 415, 422],
        message: /"message":"[^"]+"/,
      },
      what: `${actor} POST ${path} ${body.label}`,
    }),
    RUNS * 2,
  );
}

/** tus creation with hostile headers, and HEAD/PATCH/DELETE/GET on uploads that are not the user's. */
export async function tusRequests(app: HostileApp, world: HostileWorld) {
  const target = fc.oneof(hostileSegment, fc.constant(labeled("{others}", "<another user's upload>")));
  const request = fc.oneof(
    hostileCreation.map((headers) => ["POST", headers] as const),
    fc.tuple(fc.constantFrom("HEAD", "PATCH", "DELETE", "GET"), target),
  );
  await assertRefusals(
    app,
    "tus: hostile headers and forged ids",
    fc.tuple(request, actors(world)),
    async ([[method, detail], [actor, cookie]]) => {
      if (method === "POST") {
        const answer = await createUpload(world.url, cookie, detail.value as Record<string, string>);
        return {
          answer,
          refusal: { statuses: [400, 401, 413, 422], message: /\w/ },
          what: `${actor} POST ${detail.label}`,
        };
      }
      const uploadUrl =
        detail.value === "{others}" ? world.othersUpload : `${world.url}/api/uploads/${detail.value}`;
      const answer = await send(uploadUrl, {
        method,
        cookie,
        headers: { ...TUS, "Upload-Offset": "500", "Content-Type": "application/offset+octet-stream" },
        ...(method === "PATCH" ? { body: new Uint8Array(500) } : {}),
      });
      // Someone else's upload answers like a missing one; a visitor is not let in at all.
      return {
        answer,
        refusal: { statuses: cookie ? [400, 403, 404, 405, 410] : [400, 401, 404, 405] },
        what: `${actor} ${method} ${detail.label}`,
      };
    },
    RUNS * 2,
  );
}

/** Whole uploads of files that are not acceptable photos, named like photos: refused, nothing kept. */
export async function badFiles(app: HostileApp, world: HostileWorld) {
  await assertRefusals(
    app,
    "tus: files that are not photos",
    fc.constantFrom(...BAD_FILES),
    async (file) => {
      const bytes =
        "fixture" in file ? await fixture(file.fixture) : crypto.getRandomValues(new Uint8Array(file.bytes));
      const created = await createUpload(world.url, world.user, {
        "Upload-Length": String(bytes.byteLength),
        "Upload-Metadata": uploadMetadata({ filename: file.name }),
      });
      const answer = await patchUpload(
        new URL(created.location ?? "/api/uploads/missing", world.url).href,
        world.user,
        0,
        bytes,
      );
      return { answer, refusal: { statuses: [422], message: file.refusal }, what: `upload ${file.name}` };
    },
    12,
  );
}
