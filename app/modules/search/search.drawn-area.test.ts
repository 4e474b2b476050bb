import { describe, expect, it } from "vitest";
import { formatDrawnArea, readDrawnArea } from "./search.drawn-area.ts";

describe("a drawn area in the URL (poly=lat,lng;...)", () => {
  it("writes corners with at most 5 decimals and reads them back", () => {
    const value = formatDrawnArea([
      [48.8566123, 2.3522],
      [48.9, 2.4],
      [48.8, 2.45],
    ]);
    expect(value).toBe("48.85661,2.3522;48.9,2.4;48.8,2.45");
    expect(readDrawnArea(value)).toEqual([
      [48.85661, 2.3522],
      [48.9, 2.4],
      [48.8, 2.45],
    ]);
  });
  it("reads nothing from fewer than 3 or more than 50 corners, or from a corner off the globe or malformed", () => {
    expect(readDrawnArea("1,1;2,2")).toBeNull();
    expect(readDrawnArea(Array.from({ length: 51 }, (_, i) => `1,${i}`).join(";"))).toBeNull();
    expect(readDrawnArea("91,1;2,2;3,3")).toBeNull();
    expect(readDrawnArea("1,1;2,x;3,3")).toBeNull();
    expect(readDrawnArea("1,1;2;3,3")).toBeNull();
    expect(readDrawnArea("")).toBeNull();
    expect(readDrawnArea(Array.from({ length: 50 }, (_, i) => `1,${i}`).join(";"))).toHaveLength(50);
  });
});
