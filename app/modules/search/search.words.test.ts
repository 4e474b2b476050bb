import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  foldedWords,
  foldsLikeTheIndexes,
  hasQueryWords,
  queryWords,
  textHasQueryWords,
} from "./search.words.ts";

// A walked search checks each row's name and address with textHasQueryWords (through SQLite's
// homestead_has_words); alerts split a listing's words once with foldedWords. Both must give one answer.

/** Pieces that make words meet in every way: accents, ligatures, case, digits, other scripts, astral letters. */
const PIECES = [
  "berlin",
  "Berl",
  "BERLINER",
  "München",
  "munchen",
  "Straße",
  "strasse",
  "Łódź",
  "lodz",
  "Æble",
  "ae",
  "12",
  "1",
  "Москва",
  "москва",
  "東京",
  "𝒜lpha",
  "𠀀x",
  "a",
  "ﬁ",
  "e\u0301",
  "é",
  " ",
  ", ",
  "-",
  "'",
  "*",
  "_",
  "·",
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(""));
const anyText = fc.oneof(text, fc.string({ unit: "grapheme", maxLength: 12 }));

describe("a text's query words", () => {
  it("are found in a text as in its split words, whatever the script, accents and separators", () => {
    fc.assert(
      fc.property(anyText, anyText, (listing, query) => {
        const words = queryWords(query);
        expect(textHasQueryWords(listing, words)).toBe(hasQueryWords(foldedWords(listing), words));
      }),
      { numRuns: 3000 },
    );
  });

  it("must all match, whole but for the last, which may start a word", () => {
    const address = "Sunny flat in Kreuzberg, Bergmannstraße 12, Berlin";
    expect(textHasQueryWords(address, queryWords("berl"))).toBe(true);
    expect(textHasQueryWords(address, queryWords("bergmannstrasse 1"))).toBe(true);
    expect(textHasQueryWords(address, queryWords("berl flat"))).toBe(false);
    expect(textHasQueryWords(address, queryWords("erlin"))).toBe(false);
    expect(textHasQueryWords(address, queryWords("kreuz berlin"))).toBe(false);
    expect(textHasQueryWords(address, [])).toBe(true);
  });

  it("are vouched for only where the indexes fold a text as plain code does: Latin letters, accents and all", () => {
    for (const text of [
      "Bergmannstraße 12, Berlin",
      "Łódź, ul. Piotrkowska",
      "Ærøskøbing",
      "Crème brûlée",
      "Ħamrun",
      "İstanbul",
      "",
    ]) {
      expect(foldsLikeTheIndexes(text)).toBe(true);
    }
    for (const text of [
      "Ｂｅｒｌｉｎ",
      "ﬁnca",
      "2²",
      "Йошкар-Ола",
      "Αθήνα",
      "東京",
      "Hà Nội",
      "𝒜lpha",
      "Ǿresund",
      "Ĳssel",
    ]) {
      expect(foldsLikeTheIndexes(text)).toBe(false);
    }
  });
});
