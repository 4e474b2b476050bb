import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GERMAN } from "./i18n.catalogue.de.ts";

// The catalogue's completeness check: every text the code translates has a German entry, no German entry is
// empty, and none is stale (a key no code uses any more). The English texts are the keys themselves.

const APP = path.resolve(import.meta.dirname, "../..");
const CATALOGUE = path.join(import.meta.dirname, "i18n.catalogue.de.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && file !== CATALOGUE
      ? [file]
      : [];
  });
}

const sources = sourceFiles(APP).map((file) => ({ file, text: readFileSync(file, "utf8") }));
// A string literal in either quote (the formatter picks the one with fewer escapes).
const STRING = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`;
const unquote = (double: string | undefined, single: string | undefined) =>
  double !== undefined ? (JSON.parse(`"${double}"`) as string) : single!.replace(/\\(.)/g, "$1");

/** Keys written as t("..."), msg("...") and tn(count, "one", "other") (its key is the "other" form). */
function usedKeys() {
  const keys = new Map<string, string>();
  for (const { file, text } of sources) {
    for (const match of text.matchAll(new RegExp(String.raw`\b(?:t|msg)\(\s*${STRING}`, "g"))) {
      keys.set(unquote(match[1], match[2]), path.relative(APP, file));
    }
    for (const match of text.matchAll(
      new RegExp(String.raw`\btn\(\s*[^,()]+,\s*${STRING},\s*${STRING}`, "g"),
    )) {
      keys.set(unquote(match[3], match[4]), path.relative(APP, file));
    }
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const german: Record<string, string | Record<string, string>> = GERMAN;

describe("the German catalogue", () => {
  const used = usedKeys();

  it("translates every text the code translates", () => {
    const missing = [...used].filter(([key]) => !(key in german)).map(([key, file]) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it("has no empty entry, and keeps each text's placeholders", () => {
    for (const [key, value] of Object.entries(german)) {
      const forms = typeof value === "string" ? [value] : Object.values(value);
      for (const form of forms) {
        expect(form.trim(), key).not.toBe("");
        expect(placeholders(form), key).toEqual(placeholders(key));
      }
    }
  });

  it("has no stale entry: each key is used by t(), msg() or tn(), or is a text the code passes as data", () => {
    const all = sources.map((source) => source.text).join("\n");
    const stale = Object.keys(german).filter(
      (key) =>
        !used.has(key) &&
        ![JSON.stringify(key), `'${key}'`, `\`${key}\``].some((literal) => all.includes(literal)),
    );
    expect(stale).toEqual([]);
  });
});
