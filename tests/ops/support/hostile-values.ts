import fc from "fast-check";
import type { FilePart, FormValue } from "#tests/support/http.ts";

/**
 * Building blocks of hostile input. Each value comes with a short label, which fast-check prints in a
 * counterexample instead of the value itself (a megabyte of text would drown the report).
 */
export type Labeled<T> = { value: T; label: string };

export function labeled<T>(value: T, label = JSON.stringify(value)): Labeled<T> {
  return Object.assign({ value, label }, { [fc.toStringMethod]: () => label });
}

export const MEGABYTE = 1024 * 1024;

/** Characters no one-line field takes: control characters (NUL first of all) and bidi embeddings/overrides. */
export const FORBIDDEN_CHARS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\t",
  "\n",
  "\r",
  "\u202a",
  "\u202b",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

/**
 * Letters that are fine on their own: ASCII, accents, emoji (a surrogate pair, a ZWJ sequence), right-to-left
 * scripts, a combining mark, and lone surrogates, which a form encodes as U+FFFD (only JSON can carry them).
 */
const LETTERS = [
  ..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-'.,",
  "ü",
  "ß",
  "😀",
  "🏠",
  "👨‍👩‍👧",
  "ש",
  "م",
  "e\u0301",
];
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

/** Text of `min` to `max` letters that starts and ends with a letter (trimming leaves it whole). */
export function text(min: number, max: number, options: { loneSurrogates?: boolean } = {}) {
  const units = options.loneSurrogates ? [...LETTERS, ...LONE_SURROGATES] : LETTERS;
  return fc
    .string({
      unit: fc.constantFrom(...units),
      minLength: Math.max(0, min - 2),
      maxLength: Math.max(0, max - 2),
    })
    .map((middle) => `A${middle}z`);
}

/** `base` with one forbidden character put strictly inside it (trimming cannot take it away). */
export function withForbiddenChar(base: fc.Arbitrary<string>) {
  return fc.tuple(base, fc.constantFrom(...FORBIDDEN_CHARS), fc.nat()).map(([value, char, at]) => {
    const index = 1 + (at % Math.max(1, value.length - 1));
    return labeled(value.slice(0, index) + char + value.slice(index));
  });
}

/** A megabyte of one character (ASCII, or 4-byte emoji, or NUL), or `count` copies of it. */
export function huge(count = MEGABYTE) {
  return fc.constantFrom("a", "😀", "\u0000", "\u202e").map((char) => {
    const repeat = char.length === 2 ? Math.ceil(count / 4) : count;
    return labeled(char.repeat(repeat), `<${repeat} x ${JSON.stringify(char)}>`);
  });
}

/**
 * Strings a one-line text field with these limits refuses: empty, blank, too short or too long (a megabyte
 * included), or of a valid length with a forbidden character inside.
 */
export function invalidText(min: number, max: number): fc.Arbitrary<Labeled<string>> {
  return fc.oneof(
    fc.constantFrom("", " ", "   ", "\u3000", "\t\n").map((value) => labeled(value)),
    ...(min > 1 ? [text(0, min - 1).map((value) => labeled(value))] : []),
    text(max + 1, max + 120).map((value) => labeled(value)),
    huge(),
    withForbiddenChar(text(Math.max(min, 2), max - 1)),
  );
}

/**
 * Renderings of a number a whole-number field with this range refuses: out of range (negative, huge, past
 * 2^53), fractional, not a number at all, in decimal, exponent, hex or padded notation.
 */
export function invalidWholeNumber(min: number, max: number): fc.Arbitrary<Labeled<string>> {
  const outOfRange = fc.oneof(
    fc.integer({ min: -2_000_000_000, max: min - 1 }),
    fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }),
  );
  const rendered = fc.oneof(
    outOfRange.map(String),
    outOfRange.map((n) => n.toExponential()),
    outOfRange.filter((n) => n > 0).map((n) => `0x${n.toString(16)}`),
    outOfRange.map((n) => ` \u00a0${n}\u3000 `),
    fc.double({ min: min - 1, max: max + 1, noNaN: true }).map(String),
    fc.constantFrom(
      "NaN",
      "Infinity",
      "-Infinity",
      "1e400",
      "-1e400",
      "9".repeat(400),
      "1,000",
      "1_000",
      "0b1",
      "1e-7",
      "12abc",
      "--1",
      "+-1",
      "[]",
      "{}",
      "null",
      "true",
      "¹²",
      "٣",
      "1.0000000000000002",
      "4.5",
    ),
  );
  return rendered.filter((value) => !isWholeInRange(value, min, max)).map((value) => labeled(value));
}

/** The server's own reading of a number field: trimmed, then Number(), then a whole number in range. */
function isWholeInRange(value: string, min: number, max: number) {
  const trimmed = value.trim();
  if (trimmed === "") return false;
  const number = Number(trimmed);
  return Number.isInteger(number) && number >= min && number <= max;
}

/** A yes/no field's refusals: anything but the exact "true" and "false". */
export const invalidBoolean = fc
  .oneof(
    fc.constantFrom(
      "",
      "TRUE",
      "False",
      "yes",
      "no",
      "1",
      "0",
      "on",
      "true ",
      " false",
      "true\u0000",
      "null",
    ),
    text(1, 20),
  )
  .filter((value) => value !== "true" && value !== "false")
  .map((value) => labeled(value));

/**
 * Ids no row has: random UUIDs, SQL, path traversal, NUL (weighted up: PostgreSQL answers it with an error
 * where SQLite finds nothing, the one input that tells the engines apart), bidi, emoji, long ones, empty.
 */
export const forgedId: fc.Arbitrary<Labeled<string>> = fc.oneof(
  { arbitrary: fc.uuid().map((value) => labeled(value)), weight: 1 },
  {
    arbitrary: fc
      .constantFrom(
        "' OR '1'='1",
        "1; DROP TABLE listing; --",
        '" OR ""="',
        '\' UNION SELECT email, name FROM "user" --',
        "%' OR 1=1 --",
        "../../etc/passwd",
        "..\\..\\homestead.sqlite",
        "../auth-secret",
        "....//....//",
        "%2e%2e%2f",
        "listing\u202egnp.exe",
        "🏠",
        "",
        " ",
        "null",
        "undefined",
        "[object Object]",
        "__proto__",
        "constructor",
      )
      .map((value) => labeled(value)),
    weight: 3,
  },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom("\u0000", "abc\u0000def"),
        fc.uuid().map((uuid) => `${uuid}\u0000`),
      )
      .map((value) => labeled(value)),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }).map((value) => labeled(value)), weight: 1 },
  {
    arbitrary: fc.constantFrom(65, 5000).map((length) => labeled("a".repeat(length), `<${length} x "a">`)),
    weight: 1,
  },
);

/** A file where text belongs: an empty one, a text file, a PNG header. */
export const filePart: fc.Arbitrary<Labeled<FilePart>> = fc
  .constantFrom(
    { file: "empty.txt", bytes: new Uint8Array(0), type: "text/plain" },
    { file: "../../etc/passwd", bytes: new TextEncoder().encode("root:x:0:0"), type: "text/plain" },
    {
      file: "photo.png",
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      type: "image/png",
    },
  )
  .map((part) => labeled(part, `<file ${JSON.stringify(part.file)}>`));

/** Fields no form has (mass assignment, prototype pollution), with any value: all must be ignored. */
export const extraFields: fc.Arbitrary<Labeled<[string, FormValue][]>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "userRef",
        "userId",
        "id",
        "email",
        "emailVerified",
        "timestamp",
        "imageUrls",
        "location",
        "geolocation",
        "__proto__",
        "constructor",
        "prototype",
        "_action",
        "intent",
      ),
      fc.oneof(fc.uuid(), fc.constantFrom("true", "admin", "0", "{}", "[]")),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => labeled(pairs as [string, FormValue][]));
