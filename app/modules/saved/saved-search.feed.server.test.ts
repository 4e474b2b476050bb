import { parseFeed } from "@rowanmanning/feed-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing, createUser } from "#tests/support/factories.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { searchFeed } from "./saved-search.feed.server.ts";

let testDb: TestDb;
const config = {
  publicUrl: "https://homes.test",
  images: { baseUrl: "" },
  siteName: "Homestead",
} as Parameters<typeof searchFeed>[1];

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

/** The content of every `type="html"` element of an Atom document, as the HTML a reader renders. */
function htmlContents(xml: string) {
  return [...xml.matchAll(/<(title|summary|content) type="html">([\s\S]*?)<\/\1>/g)].map((match) =>
    match[2]!.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1"),
  );
}

describe("a search's Atom feed", () => {
  it("shows a lister's name and address as the very text they typed, never as markup", async () => {
    const owner = await createUser(testDb.db);
    const name = "<b>x</b> & <script>";
    const location = "1 <i>Main</i> St ]]> & <img src=x onerror=alert(1)>";
    await createListing(testDb.db, owner.id, {
      name,
      location,
      type: "sale",
      timestamp: Date.UTC(2037, 0, 1),
    });
    const xml = await searchFeed(testDb.db, config, new URLSearchParams("type=sale"));

    const feed = parseFeed(xml);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]!.title).toMatch(new RegExp(`^${escapeRegExp(name)}, `));
    expect(feed.items[0]!.description).toMatch(new RegExp(`^${escapeRegExp(location)}\\. `));
    // What a reader renders as HTML holds no element at all: every "<" the lister typed arrives escaped.
    const html = htmlContents(xml);
    expect(html.length).toBeGreaterThanOrEqual(2);
    for (const content of html) expect(content).not.toMatch(/<|>/);
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
