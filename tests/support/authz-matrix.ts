import { expect } from "vitest";
import type { StateSnapshot } from "./db-state.ts";
import { type Answer, redirectTarget, toastMessage } from "./http.ts";

/**
 * Who attempts a write: nobody signed in, a signed-in user who has not verified their e-mail yet, a signed-in
 * (verified) user who does not own the target, its owner, a user a moderator suspended (with the session cookie
 * they had), an administrator (ADMIN_EMAILS).
 */
export const ACTORS = ["visitor", "unverified", "other user", "owner", "suspended", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

/** One attempt as the matrix shows it: the status and what came of it. */
type Cell = { status: number; outcome: string };

/**
 * The authorization matrix: every write by every actor, filled in as the tests run and printed at the end.
 * Each attempt is checked where it is made; the table is the summary a reader looks at.
 */
export class AuthorizationMatrix {
  private readonly rows = new Map<string, Partial<Record<Actor, Cell>>>();

  record(operation: string, actor: Actor, answer: Answer, outcome = summarize(answer)) {
    const row = this.rows.get(operation) ?? {};
    row[actor] = { status: answer.status, outcome };
    this.rows.set(operation, row);
  }

  table() {
    const width = Math.max(...[...this.rows.keys()].map((name) => name.length), 10);
    const cellWidth = 44;
    const line = (cells: string[]) =>
      cells.map((cell, index) => cell.padEnd(index === 0 ? width : cellWidth)).join(" | ");
    const header = line(["write", ...ACTORS]);
    const rows = [...this.rows].map(([operation, cells]) =>
      line([
        operation,
        ...ACTORS.map((actor) => (cells[actor] ? `${cells[actor].status} ${cells[actor].outcome}` : "-")),
      ]),
    );
    return [header, header.replace(/[^|]/g, "-"), ...rows].join("\n");
  }
}

/** "→ /sign-in", "→ / (toast)", or the start of the body: how an answer reads in the table. */
function summarize(answer: Answer) {
  const target = redirectTarget(answer);
  if (target) {
    const toast = toastMessage(answer);
    const path = target.split("?")[0]?.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id");
    return `→ ${path}${toast ? ` (${toast})` : ""}`;
  }
  return (
    answer.body
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40) || "(no body)"
  );
}

/** Runs a refused attempt: the whole app state (rows, photos, staging) must be the same afterwards. */
export async function unchangedBy<T>(
  app: { state: { snapshot(): Promise<StateSnapshot> } },
  attempt: () => Promise<T>,
): Promise<T> {
  const before = await app.state.snapshot();
  const result = await attempt();
  expect(await app.state.snapshot(), "a refused write changed nothing").toEqual(before);
  return result;
}

/** A visitor's write: sent to sign in and back, never let through. */
export function expectSignIn(answer: Answer) {
  expect([302, 202], answer.body.slice(0, 200)).toContain(answer.status);
  expect(redirectTarget(answer)).toMatch(/^\/sign-in\?redirectTo=/);
}

/** An unverified user's publishing: sent to "Verify your e-mail" and back, never let through. */
export function expectVerify(answer: Answer) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(302);
  expect(redirectTarget(answer)).toMatch(/^\/verify-email\?redirectTo=/);
}

/** A signed-in user's write to someone else's listing: sent home with the spec's "You can not edit that listing". */
export function expectNotYours(answer: Answer) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(302);
  expect(answer.location).toBe("/");
  expect(toastMessage(answer)).toBe("You can not edit that listing");
}
