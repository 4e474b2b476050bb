import { describe, expect, it } from "vitest";
import { parseSeedArguments } from "./demo-data.cli.server.ts";

describe("npm run seed arguments", () => {
  it("reads --listings in every spelling", () => {
    expect(parseSeedArguments([])).toEqual({ listings: 0 });
    expect(parseSeedArguments(["--listings", "100000"])).toEqual({ listings: 100_000 });
    expect(parseSeedArguments(["--listings=100_000"])).toEqual({ listings: 100_000 });
    expect(parseSeedArguments(["--listings", "100k"])).toEqual({ listings: 100_000 });
    expect(parseSeedArguments(["--help"])).toBeNull();
  });

  it("refuses a count that is not a number", () => {
    expect(() => parseSeedArguments(["--listings", "many"])).toThrow("--listings needs a number");
    expect(() => parseSeedArguments(["--listings"])).toThrow("--listings needs a number");
  });
});
