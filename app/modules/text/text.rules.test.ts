import { describe, expect, it } from "vitest";
import { isPlainText } from "./text.rules.ts";

describe("isPlainText", () => {
  it("takes any script, accents, emoji and the bidi marks of mixed text", () => {
    for (const value of [
      "Ada Lovelace",
      "Zoë Ünal",
      "שרה כהן",
      "مرحبا",
      "🏠 👨‍👩‍👧",
      "e\u0301",
      "a\u200fb",
    ]) {
      expect(isPlainText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it("refuses control characters, unpaired surrogates and bidi overrides", () => {
    for (const value of [
      "a\u0000b",
      "a\tb",
      "a\nb",
      "a\u007fb",
      "a\u0085b",
      "a\ud800b",
      "b\udfff",
      "Ann\u202egnp.exe",
      "a\u2066b",
    ]) {
      expect(isPlainText(value), JSON.stringify(value)).toBe(false);
    }
  });
});
