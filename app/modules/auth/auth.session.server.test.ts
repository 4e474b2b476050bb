import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./auth.session.server.ts";

describe("safeRedirectPath", () => {
  it("keeps a path on this site, percent-encoded so that it fits a Location header", () => {
    expect(safeRedirectPath("/category/rent?cursor=abc#top")).toBe("/category/rent?cursor=abc#top");
    expect(safeRedirectPath("/😀 ü")).toBe("/%F0%9F%98%80%20%C3%BC");
    expect(safeRedirectPath("/a\u0000b")).toBe("/a%00b");
  });

  it("sends anything that could leave the site to the fallback", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/.//evil.example",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
    }
  });
});
