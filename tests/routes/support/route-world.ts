import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { Db } from "#app/db/db.server.ts";
import { storeUploadedImage } from "#app/modules/image/image.service.server.ts";
import type { Services } from "#app/services.server.ts";
import { type ListingFields, listingEntries } from "#tests/ops/support/listing-forms.ts";
import { newAccount, type TestAccount } from "#tests/support/accounts.ts";
import { type DbState, dbState } from "#tests/support/db-state.ts";
import { type RouteClient, routeClient, signInCookie } from "#tests/support/route-request.ts";
import { createTestServices, type TestServices } from "#tests/support/test-services.ts";

/**
 * What the route tests act on: the app's services on a fresh database, a client that calls the routes'
 * loaders and actions, the state a refused request must leave as it was, and the ways a test makes users,
 * photos and listings (sign-up through better-auth's API, photos through the upload pipeline, listings
 * through the Create Listing action).
 */
export type RouteWorld = {
  services: Services;
  /** The test's own connection to the app's database, for setup a screen would take long to make. */
  db: Db;
  client: RouteClient;
  state: DbState;
  /** Signs `account` up and in; returns its id and session cookie (verified unless `verified: false`). */
  signUp(account?: TestAccount, options?: { verified?: boolean }): Promise<{ id: string; cookie: string }>;
  /** A photo of `userId`'s, uploaded and processed, in no listing yet; returns its id. */
  uploadPhoto(userId: string, color?: string): Promise<string>;
  /** Publishes `fields` through POST /create-listing as the user of `cookie`; returns the listing's id. */
  publish(cookie: string, fields: ListingFields): Promise<string>;
  /**
   * Creates the agency `name` through POST /agencies/new as the user of `cookie` (its owner), with a valid
   * office, phone and legal details; returns its id and slug.
   */
  createAgency(cookie: string, name: string): Promise<{ id: string; slug: string }>;
  destroy(): Promise<void>;
};

export async function createRouteWorld(env: Record<string, string> = {}): Promise<RouteWorld> {
  const test: TestServices = await createTestServices(env);
  const { services } = test;
  const client = routeClient(services);
  const state = dbState(test.testDb.db, services.config.storage);
  return {
    services,
    db: test.testDb.db,
    client,
    state,
    async signUp(account = newAccount(), { verified = true } = {}) {
      const { user } = await services.auth.api.signUpEmail({ body: account });
      if (verified) {
        await test.testDb.db
          .updateTable("user")
          .set({ emailVerified: true })
          .where("id", "=", user.id)
          .execute();
      }
      return { id: user.id, cookie: await signInCookie(services, account.email, account.password) };
    },
    async uploadPhoto(userId, color = "#1d4ed8") {
      const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      const row = await storeUploadedImage(services, {
        id: randomUUID(),
        userId,
        fileName: "photo.jpg",
        data,
      });
      return row.id;
    },
    async publish(cookie, fields) {
      const answer = await client.post("/create-listing", listingEntries(fields), { cookie });
      const id = /^\/category\/(?:rent|sale)\/([\w-]+)$/.exec(answer.location ?? "")?.[1];
      if (answer.status !== 302 || !id) {
        throw new Error(
          `publishing answered ${answer.status} ${answer.location}: ${answer.body.slice(0, 300)}`,
        );
      }
      return id;
    },
    async createAgency(cookie, name) {
      const answer = await client.post(
        "/agencies/new",
        {
          name,
          about: "Flats by the harbour since 1990.",
          officeAddress: "12 Rue de Rivoli, Paris",
          phone: "+33 1 23 45 67 89",
          legalName: `${name} SARL`,
          registrationNumber: "RCS Paris 123 456 789",
          contactEmail: `office@${name.toLowerCase().replace(/\W+/g, "-")}.example`,
        },
        { cookie },
      );
      const slug = new URL(`http://x${answer.location}`).searchParams.get("agency");
      if (answer.status !== 302 || !slug) {
        throw new Error(`creating an agency answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      }
      const { id } = await test.testDb.db
        .selectFrom("organization")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow();
      return { id, slug };
    },
    destroy: test.destroy,
  };
}
