import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Keeps a background job from holding up page requests in the same process ("the alert run does not
 * slow page requests"). node:sqlite runs every statement on the main thread and Kysely's SQLite driver lets one
 * statement or transaction at a time use the connection, so a job that loops or writes for half a second keeps
 * every request waiting that long. A job calls `pace()` between small steps: once `budgetMs` of its work has
 * run since the last pause, it gives the event loop a turn, where waiting requests start and queue their
 * queries ahead of the job's next one. `pace({ always: true })` gives a turn now (between write transactions).
 */
export function createPacer(budgetMs = 4) {
  let since = performance.now();
  return async function pace({ always = false }: { always?: boolean } = {}) {
    if (!always && performance.now() - since < budgetMs) return;
    await nextTurn();
    since = performance.now();
  };
}
