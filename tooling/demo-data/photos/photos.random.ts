// Every picture is derived from one number, so a re-run of the seed draws the very same photo, byte for byte.

/** A seeded generator of numbers in [0, 1) (mulberry32) with the few draws the scenes need. */
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
