import { describe, expect, it } from "vitest";
import { dayOf, daysEnding, fillDays, firstOfDays, startOfDay, sumFigures } from "./stats.rules.ts";
import { isCountedView, listingIdOfPage } from "./stats.views.server.ts";

const at = (iso: string) => Date.parse(iso);

describe("statistics' days", () => {
  it("keys a moment by its UTC day, whatever the time zone", () => {
    expect(dayOf(at("2026-11-29T23:59:59.999Z"))).toBe("2026-11-29");
    expect(dayOf(at("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
    expect(startOfDay(at("2026-11-29T17:45:00Z"))).toBe(at("2026-11-29T00:00:00Z"));
  });

  it("lists the last days oldest first, across a month's end", () => {
    expect(daysEnding(at("2026-12-02T08:00:00Z"), 4)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
    expect(firstOfDays(at("2026-12-02T08:00:00Z"), 7)).toBe("2026-11-26");
  });

  it("fills the days without figures with zeros and adds them up", () => {
    const days = fillDays(
      ["2026-11-28", "2026-11-29", "2026-11-30"],
      [{ day: "2026-11-29", views: 5, saves: 1, enquiries: 2 }],
    );
    expect(days.map((day) => day.views)).toEqual([0, 5, 0]);
    expect(sumFigures(days)).toEqual({ views: 5, saves: 1, enquiries: 2 });
  });
});

describe("what counts as a view", () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  const CHROME =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

  it("a browser's request, not a bot's, a headless browser's, a prefetch or a request without an agent", () => {
    expect(isCountedView(headers({ "user-agent": CHROME }))).toBe(true);
    expect(isCountedView(headers({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(
      false,
    );
    expect(isCountedView(headers({ "user-agent": CHROME.replace("Chrome", "HeadlessChrome") }))).toBe(false);
    expect(isCountedView(headers({ "user-agent": "curl/8.5.0" }))).toBe(false);
    expect(isCountedView(headers({ "user-agent": CHROME, "sec-purpose": "prefetch" }))).toBe(false);
    expect(isCountedView(headers({ "user-agent": CHROME, purpose: "prefetch" }))).toBe(false);
    expect(isCountedView(headers({}))).toBe(false);
  });

  it("knows a listing's page and its data by the path", () => {
    expect(listingIdOfPage("/category/rent/abc-123")).toBe("abc-123");
    expect(listingIdOfPage("/category/sale/abc-123.data")).toBe("abc-123");
    expect(listingIdOfPage("/category/rent")).toBeNull();
    expect(listingIdOfPage("/category/rent/abc/photos")).toBeNull();
    expect(listingIdOfPage("/edit-listing/abc-123")).toBeNull();
  });
});
