import { describe, expect, it } from "vitest";
import { auditDescription, moderationTime, REPORT_REASONS, reasonLabel } from "./moderation.rules.ts";

describe("moderation words", () => {
  it("offers the issue's five reasons, in its order", () => {
    expect(REPORT_REASONS.map((reason) => reason.label)).toEqual([
      "Scam",
      "Wrong information",
      "Offensive",
      "Already let or sold",
      "Other",
    ]);
    expect(reasonLabel("unavailable")).toBe("Already let or sold");
  });

  it("says what an audit entry did, also once its listing or user is gone", () => {
    expect(
      auditDescription({ action: "hide-listing", listingName: "Sunny flat", targetUserName: "Olga" }),
    ).toBe("hid listing Sunny flat (by Olga)");
    expect(auditDescription({ action: "suspend-user", listingName: null, targetUserName: "Sam" })).toBe(
      "suspended user Sam",
    );
    expect(auditDescription({ action: "dismiss-report", listingName: null, targetUserName: null })).toBe(
      "dismissed a report on a deleted listing",
    );
    expect(auditDescription({ action: "lift-suspension", listingName: null, targetUserName: null })).toBe(
      "lifted the suspension of a deleted user",
    );
  });

  it("shows times in UTC, the same on the server and in the browser", () => {
    expect(moderationTime(Date.UTC(2026, 10, 24, 18, 5, 59))).toBe("2026-11-24 18:05 UTC");
  });
});
