import { existsSync, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { databaseIntegrity, openAppData } from "#tests/support/app-data.ts";
import { type AppServer, probePort, startAppServer } from "#tests/support/app-server.ts";
import { OPS_ENV, SKIP_REASON, waitFor } from "./ops-support.ts";

let server: AppServer | undefined;
afterAll(async () => {
  await server?.cleanup();
});

/** Sends a request with a keep-alive agent (as browsers and load balancers do) and reads the whole answer. */
function send(request: http.ClientRequest) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
}

describe.skipIf(SKIP_REASON)("graceful shutdown", () => {
  it("on SIGTERM refuses new connections, finishes requests in flight, closes SQLite cleanly, exits 0", async () => {
    server = await startAppServer({ env: OPS_ENV });
    const cookie = await postSignUp(server.url, newAccount("Before Shutdown"));
    const agent = new http.Agent({ keepAlive: true });

    // An idle keep-alive connection, left open by an earlier request: it must not hold the exit up.
    const warmup = await send(http.get(`${server.url}/`, { agent }));
    expect(warmup.status).toBe(200);

    // A request in flight: headers and half of the form sent, the rest after SIGTERM.
    const form = new URLSearchParams({ intent: "update-name", name: "Renamed During Shutdown" }).toString();
    const slow = http.request(`${server.url}/profile`, {
      method: "POST",
      agent,
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(form),
      },
    });
    const answer = send(slow);
    slow.write(form.slice(0, 12));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.process.kill("SIGTERM");
    await waitFor(
      "new connections to be refused",
      async () => (await probePort(server!.port)) === "refused",
      {
        timeoutMs: 2000,
      },
    );
    const refusedAfterMs = Date.now() - signalled;
    expect(server.process.exitCode).toBeNull();

    slow.end(form.slice(12));
    const response = await answer;
    expect(response.status).toBe(200);
    const status = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve("still running after 10 s"), 10_000)),
    ]);
    const exitedAfterMs = Date.now() - signalled;
    agent.destroy();
    expect(status).toEqual({ code: 0, signal: null });
    console.log(`SIGTERM: connections refused after ${refusedAfterMs} ms, exited after ${exitedAfterMs} ms`);

    // The database was closed, not abandoned: the last connection's close checkpoints and removes the WAL.
    const file = path.join(server.dataDir, "homestead.sqlite");
    const wal = `${file}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const data = await openAppData(server.env);
    try {
      expect(await databaseIntegrity(data)).toBe("ok");
      const renamed = await data.db
        .selectFrom("user")
        .select("id")
        .where("name", "=", "Renamed During Shutdown")
        .execute();
      expect(renamed).toHaveLength(1);
    } finally {
      await data.close();
    }
  });
});
