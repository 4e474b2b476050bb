import fc from "fast-check";
import { expect } from "vitest";
import type { StateSnapshot } from "#tests/support/db-state.ts";
import { type Answer, redirectTarget } from "#tests/support/http.ts";

/**
 * What "refused with a clear message" means for one request: the statuses allowed, and the message the body
 * must carry (for a redirect: where it goes, and the toast it sets). Never a 5xx, whatever was expected.
 */
export type Refusal = {
  statuses: readonly number[];
  /** Found in the body, HTML entities decoded. */
  message?: RegExp;
  /** For 3xx answers (and React Router's 202 redirects of .data requests): the target. */
  location?: RegExp;
  /** For redirects: the origin they must stay on (the target resolved against it). */
  sameOrigin?: string;
  /** For redirects that carry a toast: its message. */
  toast?: RegExp;
};

/** The refusals of a body the server cannot use, whatever the route: too large, not a form, unreadable. */
export const BODY_REFUSED =
  /This request is too large\.|This address only takes form submissions\.|The form could not be read\./;

/** A visitor's write to a protected page: back to sign in, then to where they were. */
export const TO_SIGN_IN: Refusal = { statuses: [302, 202], location: /^\/sign-in\?redirectTo=%2F/ };

/** Joins messages into one pattern: the route's own, or a refused body. */
export function oneOf(...patterns: RegExp[]) {
  return new RegExp(patterns.map((pattern) => pattern.source).join("|"));
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

/** Checks one answer against what was expected; the message names the request. */
export function expectRefused(answer: Answer, refusal: Refusal, what: string, toast?: string) {
  const detail = `${what}\n-> ${answer.status} ${answer.location ?? ""} ${answer.body.slice(0, 400)}`;
  expect(answer.status, `no 5xx: ${detail}`).toBeLessThan(500);
  expect(refusal.statuses, `status: ${detail}`).toContain(answer.status);
  const redirect = answer.status === 202 || (answer.status >= 300 && answer.status < 400);
  if (refusal.message && !redirect) {
    const body = answer.body.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
    // A boolean, not toMatch: a failure then quotes the 400 characters of `detail`, not a whole page.
    expect(refusal.message.test(body), `message ${refusal.message}: ${detail}`).toBe(true);
  }
  if (refusal.location && redirect)
    expect(redirectTarget(answer), `redirect: ${detail}`).toMatch(refusal.location);
  if (refusal.sameOrigin && redirect) {
    const target = new URL(redirectTarget(answer) ?? "", refusal.sameOrigin);
    expect(target.origin, `redirect stays on the site: ${detail}`).toBe(new URL(refusal.sameOrigin).origin);
  }
  if (refusal.toast && redirect) expect(toast, `toast: ${detail}`).toMatch(refusal.toast);
}

/** Status counts per property, printed at the end of the run (how much was sent, and how it was answered). */
export const tally = new Map<string, Map<number, number>>();

function count(property: string, status: number) {
  const statuses = tally.get(property) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.set(property, statuses);
}

export type Attempt = { answer: Answer; refusal: Refusal; what: string; toast?: string };

/** What a refused request must leave as it was: a running server's data, or a route test's database. */
export type Watched = { state: { snapshot(): Promise<StateSnapshot> } };

/**
 * The property every hostile request must hold: refused as `attempt` says it should be, and nothing written
 * (user, listing and image rows, stored photos and upload staging are the same before and after).
 */
export async function assertRefusals<T>(
  app: Watched,
  property: string,
  input: fc.Arbitrary<T>,
  attempt: (value: T) => Promise<Attempt>,
  numRuns = 40,
) {
  await fc.assert(
    fc.asyncProperty(input, async (value) => {
      const before = await app.state.snapshot();
      const result = await attempt(value);
      count(property, result.answer.status);
      expectRefused(result.answer, result.refusal, result.what, result.toast);
      expect(await app.state.snapshot(), `nothing written: ${result.what}`).toEqual(before);
    }),
    // FC_SEED replays a failure: fast-check prints the seed of a failing run with its counterexample.
    { numRuns, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
  );
}

/** The tally as a table: one row per property, with the statuses it got and how often. */
export function tallyTable() {
  const rows = [...tally].map(([property, statuses]) => {
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    const spread = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    return `${property.padEnd(58)} ${String(total).padStart(5)}  ${spread.join(" ")}`;
  });
  const total = [...tally.values()]
    .flatMap((statuses) => [...statuses.values()])
    .reduce((sum, n) => sum + n, 0);
  return [
    `${"property".padEnd(58)} ${"runs".padStart(5)}  statuses`,
    ...rows,
    `${"total".padEnd(58)} ${String(total).padStart(5)}`,
  ].join("\n");
}
