import { describe, expect, it } from "vitest";
import { UserNameSchema } from "#app/modules/user/user.schema.ts";
import { nameFromGoogleProfile } from "./auth.google-profile.ts";

describe("nameFromGoogleProfile", () => {
  it("keeps an ordinary name as it is", () => {
    expect(nameFromGoogleProfile("Grace Hopper", "grace@example.com")).toBe("Grace Hopper");
  });

  it("cuts a long name to 60 characters without splitting an emoji", () => {
    const long = `${"A".repeat(59)}😀 and more`;
    const name = nameFromGoogleProfile(long, "a@example.com");
    expect(Array.from(name)).toHaveLength(60);
    expect(name.endsWith("😀")).toBe(true);
    expect(UserNameSchema.safeParse(name).success).toBe(true);
  });

  it("never cuts inside a character made of several code points", () => {
    const family = "👨‍👩‍👧"; // five code points, one character on screen
    const name = nameFromGoogleProfile(`${"B".repeat(57)}${family}`, "b@example.com");
    expect(name).toBe("B".repeat(57));
  });

  it("turns control characters and bidi overrides into single spaces", () => {
    expect(nameFromGoogleProfile("Ann\u0000\u202E  Lee\n", "ann@example.com")).toBe("Ann Lee");
  });

  it("falls back to the e-mail's local part, then to a generic name", () => {
    expect(nameFromGoogleProfile("  \u0007 ", "ada.l@example.com")).toBe("ada.l");
    expect(nameFromGoogleProfile(undefined, "bob@example.com")).toBe("bob");
    expect(nameFromGoogleProfile(null, null)).toBe("Google user");
  });

  it("always gives a name the profile form accepts", () => {
    for (const raw of ["x".repeat(10_000), "\u202Egnp.exe", "\uD800lone", "", "😀".repeat(100)]) {
      expect(UserNameSchema.safeParse(nameFromGoogleProfile(raw, "")).success).toBe(true);
    }
  });
});
