import { describe, expect, it } from "vitest";
import { exportItem, RENT_LISTING, TEST_FEED } from "#tests/support/exchange-listings.ts";
import { makeZip } from "#tests/support/zip.ts";
import { FEED_ERRORS } from "./exchange.model.ts";
import { parseOpenImmoFeed, writeOpenImmoFeed } from "./exchange.openimmo.ts";
import { readOpenImmoZip } from "./exchange.zip.server.ts";

// An OpenImmo zip (tier: unit, no database): its XML and images are read, and a hostile zip is refused with a
// message before it can fill the memory or name a file outside its folder.

const SMALL = { maxBytes: 64 * 1024, maxEntries: 5 };
const xml = writeOpenImmoFeed(TEST_FEED, [exportItem(RENT_LISTING, "CANAL-1")]).replace(
  /<anhang location="EXTERN" gruppe="TITELBILD">([\s\S]*?)<pfad>[^<]*<\/pfad>/,
  '<anhang location="INTERN" gruppe="TITELBILD">$1<pfad>images/front.jpg</pfad>',
);

describe("an OpenImmo zip", () => {
  it("gives its XML and the images it names", async () => {
    const zip = await readOpenImmoZip(
      makeZip([
        { name: "export.xml", content: xml },
        { name: "images/front.jpg", content: "jpeg bytes" },
      ]),
    );
    if (!zip.ok) throw new Error(zip.error);
    expect(Buffer.from(zip.files.get("images/front.jpg")!).toString()).toBe("jpeg bytes");
    const feed = parseOpenImmoFeed(zip.xml, new Set(zip.files.keys()));
    expect(feed.ok && feed.items[0]?.photos[0]).toEqual({
      file: "images/front.jpg",
      caption: "The living room",
    });
  });

  it("refuses a zip bomb by its declared sizes, before inflating it", async () => {
    const bomb = makeZip([
      { name: "export.xml", content: xml },
      { name: "a.jpg", content: "x", declaredSize: 200 * 1024 * 1024 },
    ]);
    expect(await readOpenImmoZip(bomb)).toEqual({ ok: false, error: FEED_ERRORS.zipTooLarge });
  });

  it("refuses a zip whose entries inflate to more than they declare, or than the cap", async () => {
    const liar = makeZip([{ name: "a.xml", content: "0".repeat(100_000), declaredSize: 10 }]);
    expect((await readOpenImmoZip(liar, SMALL)).ok).toBe(false);
    const big = makeZip([{ name: "a.xml", content: "0".repeat(100_000) }]);
    expect(await readOpenImmoZip(big, SMALL)).toEqual({ ok: false, error: FEED_ERRORS.zipTooLarge });
  });

  it("refuses too many entries, a path out of its folder, and what is not a zip", async () => {
    const many = makeZip(Array.from({ length: 6 }, (_, index) => ({ name: `${index}.jpg`, content: "x" })));
    expect(await readOpenImmoZip(many, SMALL)).toEqual({ ok: false, error: FEED_ERRORS.zipTooManyFiles });
    const traversal = makeZip([{ name: "../../etc/cron.d/evil.xml", content: xml }]);
    expect(await readOpenImmoZip(traversal)).toEqual({ ok: false, error: FEED_ERRORS.zipUnsafePath });
    expect(await readOpenImmoZip(Buffer.from("not a zip at all"))).toEqual({
      ok: false,
      error: FEED_ERRORS.badZip,
    });
    const noXml = makeZip([{ name: "a.jpg", content: "x" }]);
    expect(await readOpenImmoZip(noXml)).toEqual({ ok: false, error: FEED_ERRORS.noZipXml });
  });
});
