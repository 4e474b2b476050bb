import { describe, expect, it } from "vitest";
import { insertTestListing, openAppData } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { send } from "#tests/support/http.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "./ops-support.ts";

const CDN = "https://cdn.example.test/homestead";

const defer = cleanupAfterAll();

describe.skipIf(SKIP_REASON)("IMAGE_BASE_URL", () => {
  it("puts every photo URL of a page on the CDN, and /images/ still serves them", async () => {
    const server = await startOpsServer(defer, { IMAGE_BASE_URL: `${CDN}/` });
    const data = await openAppData(server.env);
    defer(data.close);
    const owner = await createUser(data.db);
    const listing = await insertTestListing(data, owner.id, { type: "rent", photos: 2 });
    const [cover] = await data.db
      .selectFrom("image")
      .select("storageKey")
      .where("listingId", "=", listing.id)
      .orderBy("position")
      .execute();
    const photo = (width: number) => `${cover!.storageKey}-${width}.webp`;

    const page = await send(`${server.url}/category/rent/${listing.id}`);
    expect(page.status).toBe(200);
    // The gallery (src and srcset), the link previews and the structured data.
    expect(page.body).toContain(`src="${CDN}/${photo(800)}"`);
    expect(page.body).toContain(
      `${CDN}/${photo(400)} 400w, ${CDN}/${photo(800)} 800w, ${CDN}/${photo(1600)} 1600w`,
    );
    expect(page.body).toContain(`<meta property="og:image" content="${CDN}/${photo(1600)}"/>`);
    expect(page.body).toContain(`"image":["${CDN}/${photo(1600)}"`);
    expect(page.body).not.toMatch(/(src|content)="\/images\//);
    expect(page.body).not.toContain(`${server.url}/images/`);

    // The card on the category page, and the browser may load photos from there.
    const list = await fetch(`${server.url}/category/rent`);
    expect(await list.text()).toContain(`src="${CDN}/${photo(800)}"`);
    expect(list.headers.get("content-security-policy")).toMatch(/img-src [^;]*https:\/\/cdn\.example\.test/);

    const served = await fetch(`${server.url}/${photo(400)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });
});
