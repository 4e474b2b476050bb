import { afterAll, beforeAll, describe, it } from "vitest";
import { type HostileApp, startHostileApp } from "#tests/ops/support/hostile-app.ts";
import { forgedEdits, unusableBodies } from "#tests/ops/support/hostile-form-properties.ts";
import {
  authApiJson,
  badFiles,
  hostileReads,
  tusRequests,
} from "#tests/ops/support/hostile-resource-properties.ts";
import { buildHostileWorld, type HostileWorld } from "#tests/ops/support/hostile-world.ts";
import { tallyTable } from "#tests/ops/support/refusal.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { SKIP_REASON } from "./ops-support.ts";

/**
 * Hostile input. fast-check sends every action and resource route of the production server
 * malformed and oversized input, signed in and as a visitor: wrong types, missing and extra fields, megabyte
 * strings, control and bidi characters, lone surrogates, numbers out of every range, forged and traversing
 * ids, hostile cursors, tus metadata and files. Each answer must be a 4xx with a clear message (or a visitor's
 * redirect to /sign-in, or the form rendered again with its message), never a 5xx, and nothing may be
 * written: see support/refusal.ts. SQLite by default; a fresh PostgreSQL database when DATABASE_URL names one.
 * The forms' own rules (broken fields, hostile redirectTo) are held on the actions themselves, without a
 * server: tests/routes/form-refusals.test.ts.
 */
const postgres = postgresUrlFromEnv();

const PROPERTY_TIMEOUT = 60_000;

describe.skipIf(SKIP_REASON)(`hostile input (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let app: HostileApp;
  let world: HostileWorld;
  const run = (property: (app: HostileApp, world: HostileWorld) => Promise<void>) => () =>
    property(app, world);

  beforeAll(async () => {
    app = await startHostileApp("hostile");
    world = await buildHostileWorld(app);
  }, 180_000);

  afterAll(async () => {
    if (app)
      console.log(
        `hostile input on ${app.engine}: requests per property and their statuses\n${tallyTable()}`,
      );
    await app?.close();
  });

  it(
    "form actions refuse bodies they cannot use: wrong type, broken, 1-5 MB, chunked",
    run(unusableBodies),
    PROPERTY_TIMEOUT,
  );
  it("edit listing sends ids that are not the user's own listing home", run(forgedEdits), PROPERTY_TIMEOUT);
  it(
    "pages and resource routes read hostile ids, cursors and paths without a 5xx",
    run(hostileReads),
    PROPERTY_TIMEOUT,
  );
  it(
    "better-auth's own API refuses hostile JSON for sign-up and update-user",
    run(authApiJson),
    PROPERTY_TIMEOUT,
  );
  it(
    "tus refuses hostile creation headers, and others' or made-up uploads",
    run(tusRequests),
    PROPERTY_TIMEOUT,
  );
  it(
    "an upload that is not an acceptable photo is refused, decompression bomb included",
    run(badFiles),
    PROPERTY_TIMEOUT,
  );
});
