import { foldToLowerAscii } from "#app/modules/text/text.fold.ts";

// Words as the search indexes hold them, for the queries (SQL), for SQLite's per-row check of a walked search
// (app/db/sqlite-functions.server.ts) and for the in-memory matcher of search alerts and feeds, so all of them
// read a query and a listing the same way. Pure and browser-safe.

/** At most this many words of a query count; the rest of a very long query is ignored. */
const MAX_QUERY_WORDS = 12;

/**
 * A text's words, folded as the indexes fold names and addresses ("München" → "munchen"). Anything that is
 * not a letter or a digit separates words, so no character of any query syntax survives (quotes, `*`, `-`,
 * `:`, parentheses); NEAR and OR are plain words.
 */
export function foldedWords(text: string): string[] {
  return foldToLowerAscii(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A query's words (the first twelve); every one must match, the last as a prefix. */
export function queryWords(q: string): string[] {
  return foldedWords(q).slice(0, MAX_QUERY_WORDS);
}

/** Whether a text's folded words hold every query word, the last as a prefix (as the indexes match them). */
export function hasQueryWords(textWords: readonly string[], words: readonly string[]): boolean {
  return words.every((word, index) =>
    index === words.length - 1
      ? textWords.some((textWord) => textWord.startsWith(word))
      : textWords.includes(word),
  );
}

/**
 * The same answer as `hasQueryWords(foldedWords(text), words)`, without splitting the text: each query word is
 * looked for in the folded text and must start a word there (and, but for the last, end one). A search that
 * walks its sort's index asks this of every row it reads, so it avoids the work it can (most addresses are
 * ASCII, which folding only lower-cases).
 */
export function textHasQueryWords(text: string, words: readonly string[]): boolean {
  return holdsWords(isAscii(text) ? text.toLowerCase() : foldToLowerAscii(text), words);
}

/**
 * `textHasQueryWords` where the indexes fold `text` as foldedWords does (`foldsLikeTheIndexes`), else null: the
 * caller asks the index. One pass over an ASCII text, the common case, for both questions.
 */
export function textHasQueryWordsAsIndexed(text: string, words: readonly string[]): boolean | null {
  if (isAscii(text)) return holdsWords(text.toLowerCase(), words);
  if (!latinFoldsLikeTheIndexes(text)) return null;
  return holdsWords(foldToLowerAscii(text), words);
}

function holdsWords(folded: string, words: readonly string[]) {
  return words.every((word, index) => holdsWord(folded, word, index === words.length - 1));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for the whole ASCII range
const ASCII = /^[\u0000-\u007f]*$/;
const BEYOND_LATIN = /[\u0250-\uffff]/;

function isAscii(text: string) {
  return ASCII.test(text);
}

/**
 * Whether the search indexes fold `text` into the words foldedWords gives. They do for ASCII, for Latin letters
 * that are an ASCII letter with accents ("é", "ő", "ǖ") and for Latin letters without accents ("ħ", and "ß",
 * "ø" and the other ligatures both sides spell out). Beyond, they part: SQLite's FTS5 and PostgreSQL take no
 * accent off a Greek or Cyrillic letter ("й" stays "й" where NFKD gives "и") nor off a letter that is not
 * ASCII ("ǿ" stays where foldedWords gives "o"), and turn no compatibility form into its letters ("ﬁ",
 * full-width "Ｂ", "²"). A walked row whose text they may fold otherwise is checked against the index itself.
 */
export function foldsLikeTheIndexes(text: string): boolean {
  return isAscii(text) || latinFoldsLikeTheIndexes(text);
}

function latinFoldsLikeTheIndexes(text: string): boolean {
  if (BEYOND_LATIN.test(text)) return false;
  for (const character of text) {
    if (character < "\u0080") continue;
    const decomposed = character.normalize("NFKD");
    // No decomposition: both sides change its case only.
    if (decomposed === character) continue;
    // A compatibility form, or accents on a letter that is not ASCII.
    if (decomposed !== character.normalize("NFD")) return false;
    if (!isAscii(decomposed.replace(/\p{M}/gu, ""))) return false;
  }
  return true;
}

function holdsWord(text: string, word: string, asPrefix: boolean): boolean {
  // An empty word is no word of the text; as a prefix it starts any word there is (as in hasQueryWords).
  if (word === "") return asPrefix && /[\p{L}\p{N}]/u.test(text);
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (
      !isWordCharacter(codePointBefore(text, at)) &&
      (asPrefix || !isWordCharacter(text.codePointAt(end)))
    ) {
      return true;
    }
  }
  return false;
}

function codePointBefore(text: string, index: number): number | undefined {
  if (index === 0) return undefined;
  const unit = text.charCodeAt(index - 1);
  // The second half of a surrogate pair: the letter is the pair.
  return unit >= 0xdc00 && unit <= 0xdfff && index >= 2 ? text.codePointAt(index - 2) : unit;
}

/** A letter or a digit: what foldedWords keeps in words. */
function isWordCharacter(codePoint: number | undefined): boolean {
  if (codePoint === undefined) return false;
  if (codePoint < 0x80) {
    return (
      (codePoint >= 0x61 && codePoint <= 0x7a) ||
      (codePoint >= 0x41 && codePoint <= 0x5a) ||
      (codePoint >= 0x30 && codePoint <= 0x39)
    );
  }
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(codePoint));
}
