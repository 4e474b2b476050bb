// Letters NFKD does not decompose into ASCII plus a mark.
const LATIN_EXTRAS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower case with accents and ligatures folded to ASCII letters: "Łódź Straße" → "lodz strasse". */
export function foldToLowerAscii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LATIN_EXTRAS[letter] ?? "");
}
