import { describe, expect, it } from "vitest";
import { UserNameSchema } from "~/modules/user/user.schema";
import { nameFromProvider } from "./auth.provider-profile";

describe("nameFromProvider", () => {
  it("keeps an ordinary name as it is", () => {
    expect(nameFromProvider("Grace Hopper", "grace@example.com")).toBe("Grace Hopper");
  });

  it("cuts a long name to 60 characters without splitting an emoji", () => {
    const long = `${"A".repeat(59)}😀 and more`;
    const name = nameFromProvider(long, "a@example.com");
    expect(Array.from(name)).toHaveLength(60);
    expect(name.endsWith("😀")).toBe(true);
    expect(UserNameSchema.safeParse(name).success).toBe(true);
  });

  it("turns control characters and bidi overrides into single spaces", () => {
    expect(nameFromProvider("Ann\u0000\u202E  Lee\n", "ann@example.com")).toBe("Ann Lee");
  });

  it("falls back to the e-mail's local part, then to a generic name", () => {
    expect(nameFromProvider("  \u0007 ", "ada.l@example.com")).toBe("ada.l");
    expect(nameFromProvider(undefined, "bob@example.com")).toBe("bob");
    expect(nameFromProvider(null, null)).toBe("Google user");
  });

  it("always gives a name the profile form accepts", () => {
    for (const raw of ["x".repeat(10_000), "\u202Egnp.exe", "\uD800lone", "", "😀".repeat(100)]) {
      expect(UserNameSchema.safeParse(nameFromProvider(raw, "")).success).toBe(true);
    }
  });
});
