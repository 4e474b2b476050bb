import { beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "#app/modules/stats/stats.rules.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer, waitFor } from "#tests/ops/ops-support.ts";
import { type AppData, insertTestListing, openAppData } from "#tests/support/app-data.ts";
import type { AppServer } from "#tests/support/app-server.ts";
import { createUser } from "#tests/support/factories.ts";

/**
 * Listing views as the server counts them (decision 063): a page answered from the page cache counts without
 * being rendered, a browser's second view the same day does not, nor does a bot's; the page's data on a
 * client-side navigation counts as its page does.
 */
const defer = cleanupAfterAll();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

describe.skipIf(SKIP_REASON)("listing views", () => {
  let app: AppServer;
  let data: AppData;

  beforeAll(async () => {
    app = await startOpsServer(defer);
    data = await openAppData(app.env);
    defer(() => data.close());
  }, 60_000);

  async function view(path: string, agent: string, address: string) {
    const response = await fetch(`${app.url}${path}`, {
      headers: { accept: "text/html", "user-agent": agent, "x-forwarded-for": address },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return response.headers.get("x-page-cache");
  }

  async function viewsOf(listingId: string) {
    const row = await data.db
      .selectFrom("listingStatDay")
      .select("views")
      .where("listingId", "=", listingId)
      .where("day", "=", dayOf(Date.now()))
      .executeTakeFirst();
    return row?.views ?? 0;
  }

  it("counts cached pages once per browser a day, and no bot", async () => {
    const owner = await createUser(data.db);
    const listing = await insertTestListing(data, owner.id, { name: "Counted cottage" });
    const page = `/category/rent/${listing.id}`;
    // A bot renders the page first: it is kept, and the bot is not counted.
    expect(await view(page, BINGBOT, "192.0.2.1")).toBe("MISS");
    // Every request below is answered from memory.
    expect(await view(page, FIREFOX, "192.0.2.10")).toBe("HIT");
    expect(await view(page, FIREFOX, "192.0.2.10")).toBe("HIT");
    expect(await view(page, BINGBOT, "192.0.2.1")).toBe("HIT");
    expect(await view(page, SAFARI, "192.0.2.10")).toBe("HIT");
    // Views are written in batches every few seconds, in order: once the last one counted, every one before
    // it has been weighed too.
    await waitFor("the views to be written", async () => (await viewsOf(listing.id)) >= 2, {
      timeoutMs: 15_000,
    });
    expect(await viewsOf(listing.id)).toBe(2);
    // The page's data on a client-side navigation, from another address: a view (rendered, then kept).
    expect(await view(`${page}.data`, FIREFOX, "198.51.100.5")).toBe("MISS");
    expect(await view(`${page}.data`, SAFARI, "198.51.100.6")).toBe("HIT");
    await waitFor("the data views to be written", async () => (await viewsOf(listing.id)) >= 4, {
      timeoutMs: 15_000,
    });
    expect(await viewsOf(listing.id)).toBe(4);
  });
});
