import { createHash } from "node:crypto";

// Everything the seed makes is derived from fixed numbers, so two runs (or two processes starting on one empty
// database) produce the very same rows, ids and files, and a re-run can recognise what already exists.

/** A small, fast, seeded generator of numbers in [0, 1) (mulberry32): the same seed gives the same sequence. */
export type Random = {
  /** The next number in [0, 1). */
  next(): number;
  /** A number from min (included) to max (excluded). */
  range(min: number, max: number): number;
  /** An integer from min to max, both included. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** true with the given probability. */
  chance(probability: number): boolean;
};

/** A deterministic generator for `seed`. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
  };
}

/**
 * A stable id that looks random (real listing ids are unguessable; demo ids only need not look sequential):
 * 22 url-safe characters of a SHA-256 over `parts`.
 */
export function stableId(...parts: (string | number)[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 22);
}

/** A stable UUID-shaped string over `parts`, for image storage keys that must be the same on every run. */
export function stableUuid(...parts: (string | number)[]): string {
  const hex = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
