import { beforeAll, describe, expect, it } from "vitest";
import { JS_BUDGET_KB, measureShippedJs } from "#scripts/bench/shipped-js.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "#tests/ops/ops-support.ts";
import type { AppServer } from "#tests/support/app-server.ts";

/**
 * SPEC's pages stay light on a phone: what Explore and the lists of homes make the browser load before they are
 * interactive (gzipped, the bench's measure) stays within the budget, without the map's code, which loads
 * only when a map is shown. The build's chunking (tooling/bundle/client-chunks.ts) is what keeps it there.
 */
const defer = cleanupAfterAll();

describe.skipIf(SKIP_REASON)("first-load JavaScript", () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startOpsServer(defer);
  }, 60_000);

  it.each(["/", "/category/rent", "/offers", "/search?q=berlin"])(
    "%s loads at most the budget, in a few files, and no map code",
    async (page) => {
      const shipped = await measureShippedJs(app.url, page);
      expect(shipped.gzipKb).toBeLessThanOrEqual(JS_BUDGET_KB);
      expect(shipped.mapFiles).toEqual([]);
      // The per-file cost of many small files is what the chunking removed; a return to dozens shows here.
      expect(shipped.files.length).toBeLessThanOrEqual(10);
    },
  );
});
