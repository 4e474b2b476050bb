import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "#tests/ops/ops-support.ts";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { type AppData, insertTestListing, openAppData, userIdByEmail } from "#tests/support/app-data.ts";
import type { AppServer } from "#tests/support/app-server.ts";
import { createOpenHouse } from "#tests/support/factories.ts";
import { postForm } from "#tests/support/http.ts";

/**
 * Signed-in users get the pages they share with visitors from the page cache (decision 070), a listing's page
 * included, with nothing of theirs in them; what is theirs comes from GET /me, which answers the caller's data
 * only and is kept by no cache. Pages that are theirs alone stay rendered for them, and so is a listing's page
 * for its owner and for a visitor holding a booking of it.
 */
const defer = cleanupAfterAll();

type Page = { status: number; headers: Headers; body: string };

async function get(url: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(url, {
    headers: { accept: "text/html", "accept-encoding": "identity", ...headers },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function me(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(SKIP_REASON)("signed-in users and the page cache", () => {
  let app: AppServer;
  let data: AppData;
  const owner = newAccount("Orla Ownersdottir");
  const saver = newAccount("Sven Saverström");
  const reader = newAccount("Rhea Readwell");
  const booker = newAccount("Bruno Bookholm");
  let ownerCookie: string;
  let saverCookie: string;
  let readerCookie: string;
  let bookerCookie: string;
  let listingId: string;
  let listingPath: string;
  const openHouseId = randomUUID();
  let openHouseTime: string;

  beforeAll(async () => {
    app = await startOpsServer(defer);
    data = await openAppData(app.env);
    defer(() => data.close());
    ownerCookie = await postSignUp(app.url, owner);
    saverCookie = await postSignUp(app.url, saver);
    readerCookie = await postSignUp(app.url, reader);
    bookerCookie = await postSignUp(app.url, booker);
    const listing = await insertTestListing(data, await userIdByEmail(data.db, owner.email), {
      name: "Loft shared by all",
    });
    listingId = listing.id;
    listingPath = `/category/rent/${listing.id}`;
    // An open house tomorrow: everyone but the owner gets "Book a viewing" on the page.
    const { startsAt } = await createOpenHouse(data.db, listingId, { id: openHouseId });
    openHouseTime = `${openHouseId}@${startsAt}`;
    const saved = await postForm(
      `${app.url}/saved`,
      { listingId, saved: "true", redirectTo: "/" },
      { cookie: saverCookie },
    );
    expect(saved.status).toBeLessThan(400);
  }, 60_000);

  it.each([
    ["a list page", "/category/rent"],
    ["Explore", "/"],
    ["a list page's navigation data", "/category/rent.data"],
    ["a listing's page", "/category/rent/{id}"],
    ["a listing page's navigation data", "/category/rent/{id}.data"],
  ])("answers %s to a signed-in user from the cache, with nothing of theirs in it", async (_name, path) => {
    const url = `${app.url}${path.replace("{id}", listingId)}`;
    // The first request, signed in (by the one who saved the listing), fills the cache: rendered as a
    // visitor's page.
    const first = await get(url, { cookie: saverCookie });
    const visitor = await get(url);
    const again = await get(url, { cookie: readerCookie });
    expect(first.status, url).toBe(200);
    expect(visitor.headers.get("x-page-cache"), url).toBe("HIT");
    expect(again.headers.get("x-page-cache"), url).toBe("HIT");
    expect(visitor.body).toBe(first.body);
    expect(again.body).toBe(first.body);
    for (const page of [first, visitor, again]) {
      expect(page.headers.get("cache-control")).toBe(
        "public, max-age=0, s-maxage=1, stale-while-revalidate=0",
      );
      expect(page.headers.get("set-cookie")).toBeNull();
      // The owner's name is public ("Listed by"); the saver's, and anyone's e-mail, never are.
      expect(page.body, url).not.toContain(saver.name);
      expect(page.body, url).not.toContain(saver.email);
      expect(page.body, url).not.toContain(reader.name);
      expect(page.body, url).not.toContain(owner.email);
    }
  });

  it("gives an ordinary signed-in user the listing's page a visitor gets: heart, contact and booking form alike", async () => {
    const url = `${app.url}${listingPath}?ordinary=1`;
    const visitor = await get(url);
    const saverPage = await get(url, { cookie: saverCookie });
    expect(saverPage.headers.get("x-page-cache")).toBe("HIT");
    expect(saverPage.body).toBe(visitor.body);
    // Nothing of the saver's: the heart as a visitor's (their "Saved" is drawn from /me), no owner's part.
    expect(saverPage.body).toContain('aria-pressed="false"');
    expect(saverPage.body).not.toContain('aria-pressed="true"');
    expect(saverPage.body).toContain("Contact Landlord");
    expect(saverPage.body).toContain("Report this listing");
    expect(saverPage.body).toContain(openHouseTime);
    expect(saverPage.body).not.toContain("This is your listing.");
    expect(saverPage.body).not.toContain("Viewing booked");
    // The visitors' note under the booking form is marked as theirs, so a signed-in user does not see it.
    expect(saverPage.body).toMatch(/data-audience="visitor"[^>]*>You will be asked to sign in first\./);
  });

  it("renders a listing's page for its owner, and never shows a visitor the owner's part of it", async () => {
    // The owner's page holds their own part (the buttons, viewing times editor and figures): it is theirs
    // alone, and the visitors' page is rendered and kept apart from it.
    const first = await get(`${app.url}${listingPath}?owner-first=1`, { cookie: ownerCookie });
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(first.headers.get("cache-control")).toContain("private");
    expect(first.body).toContain("Viewing times");
    expect(first.body).toContain("This is your listing.");
    expect(first.body).toContain(`/edit-listing/${listingId}`);
    const visitor = await get(`${app.url}${listingPath}?owner-first=1`);
    expect(visitor.headers.get("x-page-cache")).toBe("MISS");
    expect(visitor.body).toContain("Contact Landlord");
    expect(visitor.body).not.toContain("This is your listing.");
    expect(visitor.body).not.toContain(owner.email);
  });

  it("answers /me with the caller's own data only, kept by no cache", async () => {
    const mine = await me(`${app.url}/me?listing=${listingId}`, ownerCookie);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(mine.headers.get("etag")).toBeNull();
    expect(mine.body).toMatchObject({
      signedIn: true,
      name: owner.name,
      unreadMessages: 0,
      savedIds: [],
      listing: { id: listingId, owner: true },
    });
    const theirs = await me(`${app.url}/me?listing=${listingId}`, saverCookie);
    expect(theirs.headers.get("cache-control")).toBe("private, no-store");
    expect(theirs.body).toMatchObject({
      signedIn: true,
      name: saver.name,
      savedIds: [listingId],
      listing: { id: listingId, owner: false, missing: [] },
    });
    expect(JSON.stringify(theirs.body)).not.toContain(owner.name);
    const nobody = await me(`${app.url}/me?listing=${listingId}`);
    expect(nobody.body).toEqual({ signedIn: false });
    expect(nobody.headers.get("cache-control")).toBe("private, no-store");
    // Asked twice by a visitor: still never from the page cache.
    expect((await me(`${app.url}/me`)).headers.get("x-page-cache")).toBeNull();
  });

  it("keeps rendering the pages that are a user's own for them alone", async () => {
    for (const path of ["/profile", "/saved", "/messages", "/profile.data"]) {
      const page = await get(`${app.url}${path}`, { cookie: saverCookie });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(page.headers.get("x-page-cache"), path).toBeNull();
    }
    expect((await get(`${app.url}/profile`, { cookie: saverCookie })).body).toContain(saver.email);
  });

  it("renders a listing the public may not see for its owner, and a 404 for everyone else", async () => {
    await data.db.updateTable("listing").set({ hiddenAt: Date.now() }).where("id", "=", listingId).execute();
    try {
      const forOwner = await get(`${app.url}${listingPath}?hidden=1`, { cookie: ownerCookie });
      expect(forOwner.status).toBe(200);
      expect(forOwner.headers.get("cache-control")).toBe("private, no-store");
      expect(forOwner.body).toContain("This is your listing.");
      expect((await get(`${app.url}${listingPath}?hidden=1`, { cookie: saverCookie })).status).toBe(404);
      expect((await get(`${app.url}${listingPath}?hidden=1`)).status).toBe(404);
    } finally {
      await data.db.updateTable("listing").set({ hiddenAt: null }).where("id", "=", listingId).execute();
    }
  });

  it("renders a page that brings a toast for its user, and keeps writes working", async () => {
    const withToast = await get(`${app.url}/category/rent`, { cookie: `${saverCookie}; toast=anything` });
    expect(withToast.headers.get("x-page-cache")).toBeNull();
    const unsaved = await postForm(
      `${app.url}/saved`,
      { listingId, saved: "false", redirectTo: "/" },
      { cookie: saverCookie },
    );
    expect(unsaved.status).toBeLessThan(400);
    expect((await me(`${app.url}/me`, saverCookie)).body).toMatchObject({ savedIds: [] });
  });

  it("renders a listing's page for a visitor holding a booking of it, until the booking is cancelled", async () => {
    const url = `${app.url}${listingPath}?booked=1`;
    const booked = await postForm(
      `${app.url}${listingPath}`,
      { intent: "book-viewing", time: openHouseTime, message: "" },
      { cookie: bookerCookie },
    );
    expect(booked.status).toBe(302);
    // (Last in this file: the booking tells the owner in their messages, an unread one.)
    const mine = await get(url, { cookie: bookerCookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body).toContain("Viewing booked");
    expect((await get(`${url}.data`, { cookie: bookerCookie })).headers.get("x-page-cache")).toBeNull();
    // Everyone else still shares the visitors' page, which shows nobody's booking.
    const visitor = await get(url);
    expect(visitor.headers.get("x-page-cache")).toMatch(/^(HIT|MISS)$/);
    expect(visitor.body).not.toContain("Viewing booked");
    expect(visitor.body).not.toContain(booker.name);
    expect((await get(url, { cookie: readerCookie })).body).toBe(visitor.body);

    await data.db
      .updateTable("showingAppointment")
      .set({ status: "cancelled", cancelledAt: Date.now() })
      .where("listingId", "=", listingId)
      .execute();
    const cancelled = await get(url, { cookie: bookerCookie });
    expect(cancelled.headers.get("x-page-cache")).toMatch(/^(HIT|MISS)$/);
    expect(cancelled.body).not.toContain("Viewing booked");
  });
});
