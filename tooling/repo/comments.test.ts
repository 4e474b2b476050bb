import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/development.md, Comments: a comment names the rule or the decision behind the code, never an issue
// number, which no reader of the repository can look up.
const SOURCES = [
  "app/**/*.{ts,tsx,css}",
  "server/**/*.ts",
  "tests/**/*.ts",
  "tooling/**/*.ts",
  "scripts/**/*.ts",
];
const ISSUE_NUMBER = /\b[Ii]ssues? \d+\b/;

/** The comment text of a source file: line comments and block comments, strings left out roughly. */
function comments(source: string): string[] {
  return [...source.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
}

describe("comments", () => {
  it("cite no issue by number", () => {
    const offenders = SOURCES.flatMap((pattern) => globSync(pattern, { exclude: ["node_modules/**"] }))
      .filter((file) => file !== "tooling/repo/comments.test.ts")
      .flatMap((file) =>
        comments(readFileSync(file, "utf8"))
          .filter((comment) => ISSUE_NUMBER.test(comment))
          .map((comment) => `${file}: ${comment.match(ISSUE_NUMBER)![0]}`),
      );
    expect(offenders).toEqual([]);
  });
});
