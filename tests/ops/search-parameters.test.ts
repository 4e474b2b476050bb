import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileApp, startHostileApp } from "#tests/ops/support/hostile-app.ts";
import {
  expectShownBack,
  type Page,
  readFilterBar,
  searchQuery,
  upsideDownPrices,
} from "#tests/ops/support/hostile-search.ts";
import { actors, buildHostileWorld, type HostileWorld } from "#tests/ops/support/hostile-world.ts";
import { publishListing, validListing } from "#tests/ops/support/listing-forms.ts";
import { assertRefusals, type Refusal, tallyTable } from "#tests/ops/support/refusal.ts";
import { uploadPhoto } from "#tests/ops/support/tus-client.ts";
import { type Answer, send } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { SKIP_REASON } from "./ops-support.ts";

/**
 * The search's public parameters, fuzzed with fast-check against the production server: every
 * answer of /search (its page and its .data), a category, /offers and the Atom feed is a 200, or a 400 with a
 * message a person can read, never a 5xx, and writes nothing; a page shows back in its filter bar the values
 * it used (support/hostile-search.ts says how they are read). SQLite by default; a fresh PostgreSQL database
 * when DATABASE_URL names one.
 */
const postgres = postgresUrlFromEnv();

const PROPERTY_TIMEOUT = 60_000;

/** The list pages, whose filter bar shows the search back. */
const PAGES: Page[] = [
  { path: "/search", fixed: null },
  { path: "/category/rent", fixed: "type" },
  { path: "/offers", fixed: "offer" },
];
type Target = Page | { path: "/search.data" | "/feed.atom"; fixed: null };
const TARGETS: Target[] = [
  ...PAGES,
  { path: "/search.data", fixed: null },
  { path: "/feed.atom", fixed: null },
];

/** What a 200 of each target holds; a 400 must say why in words. */
const BODY: Record<Target["path"], RegExp> = {
  "/search": /aria-label="Filters"/,
  "/category/rent": /aria-label="Filters"/,
  "/offers": /aria-label="Filters"/,
  "/search.data": /filtersHtml/,
  "/feed.atom": /^<\?xml[\s\S]*<feed[\s\S]*<\/feed>\s*$/,
};
const READABLE = /[A-Z][a-z]+(?: [a-z]+)+/;

describe.skipIf(SKIP_REASON)(`search parameters (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let app: HostileApp;
  let world: HostileWorld;

  beforeAll(async () => {
    app = await startHostileApp("search");
    world = await buildHostileWorld(app);
    // A home for sale on offer besides the world's homes for rent: every list has something to show.
    const photo = await uploadPhoto(app.url, world.user, "#0f766e");
    await publishListing(app.url, world.user, {
      ...validListing([photo], "Canal house on offer"),
      type: "sale",
      offer: "true",
      regularPrice: "450000",
      discountedPrice: "420000",
    });
  }, 180_000);

  afterAll(async () => {
    if (app)
      console.log(
        `search parameters on ${app.engine}: requests per property and their statuses\n${tallyTable()}`,
      );
    await app?.close();
  });

  /** GETs `target` with `query`: a 200 of what the target serves, or a 400 that says why; never a 5xx. */
  async function read(target: Target, query: string, cookie: string | undefined, actor: string) {
    const answer: Answer = await send(`${world.url}${target.path}${query ? `?${query}` : ""}`, { cookie });
    const what = `${actor} GET ${target.path}?${query.slice(0, 300)}`;
    const refusal: Refusal = {
      statuses: [200, 400],
      message: answer.status === 200 ? BODY[target.path] : READABLE,
    };
    return { answer, refusal, what };
  }

  it(
    "any mix of parameters: 200 (or 400 with a message), never a 5xx, and the page shows back what it used",
    () =>
      assertRefusals(
        app,
        "search: hostile parameters",
        fc.tuple(fc.constantFrom(...TARGETS), searchQuery, actors(world)),
        async ([target, query, [actor, cookie]]) => {
          const attempt = await read(target, query.value, cookie, actor);
          if (attempt.answer.status === 200 && target.path !== "/search.data" && target.path !== "/feed.atom")
            expectShownBack(readFilterBar(attempt.answer), query.value, target as Page, attempt.what);
          return attempt;
        },
        200,
      ),
    PROPERTY_TIMEOUT,
  );

  it(
    "a price range given upside down is used, and shown, the right way up",
    () =>
      assertRefusals(
        app,
        "search: upside-down price range",
        fc.tuple(fc.constantFrom(...PAGES), upsideDownPrices, actors(world)),
        async ([page, query, [actor, cookie]]) => {
          const attempt = await read(page, query.value, cookie, actor);
          expect(attempt.answer.status, attempt.what).toBe(200);
          const shown = readFilterBar(attempt.answer);
          const [min, max] = ["minPrice", "maxPrice"].map((name) =>
            new URLSearchParams(query.value).get(name),
          );
          expect([shown.minPrice, shown.maxPrice], attempt.what).toEqual([max, min]);
          expectShownBack(shown, query.value, page, attempt.what);
          return attempt;
        },
        30,
      ),
    PROPERTY_TIMEOUT,
  );
});
