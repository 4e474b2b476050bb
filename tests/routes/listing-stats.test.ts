import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "#tests/support/factories.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { createRouteWorld, type RouteWorld } from "./support/route-world.ts";

/**
 * Listers' statistics through the routes (decision 063): the listing page's loader counts a visitor's view
 * (not a bot's, not a second one the same day, not its owner's), and only its owner's data carries "views this
 * week"; Profile's loader gives the last 30 days.
 */
const postgres = postgresUrlFromEnv();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe(`listing statistics through the routes (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  let world: RouteWorld;
  let owner: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let path: string;
  let listingId: string;

  beforeAll(async () => {
    world = await createRouteWorld();
    owner = await world.signUp();
    other = await world.signUp();
    const listing = await createListing(world.db, owner.id, { name: "Counted mill house" });
    listingId = listing.id;
    path = `/category/rent/${listing.id}`;
  }, 60_000);
  afterAll(async () => {
    await world?.destroy();
  });

  const open = (agent: string, cookie?: string) =>
    world.client.get(path, { headers: { "user-agent": agent }, ...(cookie ? { cookie } : {}) });
  const pageData = (answer: { data: unknown }) => answer.data as { viewsThisWeek: number | null };

  it("counts visitors once a day, no bot and not the owner, and tells only the owner", async () => {
    const first = await open(FIREFOX);
    expect(first.status).toBe(200);
    expect(pageData(first).viewsThisWeek).toBeNull();
    await open(FIREFOX);
    await open(GOOGLEBOT);
    expect(await world.services.views.flush()).toBe(1);
    // Someone signed in, in another browser: a view; the owner's own looks: none.
    const signedIn = await open(SAFARI, other.cookie);
    expect(pageData(signedIn).viewsThisWeek).toBeNull();
    await open(SAFARI.replace("18_1", "17_6"), owner.cookie);
    expect(await world.services.views.flush()).toBe(1);
    const own = await open(FIREFOX, owner.cookie);
    expect(pageData(own).viewsThisWeek).toBe(2);
    expect(await world.services.views.flush()).toBe(0);
  });

  it("gives Profile the last 30 days, each day and each listing", async () => {
    const answer = await world.client.get("/profile", { cookie: owner.cookie });
    const { stats } = answer.data as {
      stats: { days: { views: number }[]; perListing: Record<string, { views: number }> };
    };
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)?.views).toBe(2);
    expect(stats.perListing[listingId]).toEqual({ views: 2, saves: 0, enquiries: 0 });
    const others = await world.client.get("/profile", { cookie: other.cookie });
    expect((others.data as { stats: { perListing: object } }).stats.perListing).toEqual({});
  });
});
