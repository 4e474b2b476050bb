import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getFreePort } from "#tests/support/app-server.ts";
import { send } from "#tests/support/http.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "./ops-support.ts";

const TOKEN = "metrics-token-for-the-ops-test";

const defer = cleanupAfterAll();

const start = (env: Record<string, string> = {}) => startOpsServer(defer, env);

describe.skipIf(SKIP_REASON)("/metrics", () => {
  it("is not there without METRICS_TOKEN or METRICS_PORT", async () => {
    const server = await start();
    expect((await send(`${server.url}/metrics`)).status).toBe(404);
    expect(
      (await send(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
  });

  it("answers only the token on the main port, and anyone on METRICS_PORT, in Prometheus's format", async () => {
    const metricsPort = await getFreePort();
    const server = await start({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
    // Some traffic to count: a list, a listing that does not exist, a sitemap file.
    await send(`${server.url}/category/rent`);
    await send(`${server.url}/category/rent/${randomUUID()}`);
    await send(`${server.url}/sitemap-1.xml`);

    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const refused = await send(`${server.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status, authorization).toBe(401);
      expect(refused.body).not.toContain("homestead_");
    }

    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const name of [
      "homestead_http_request_duration_seconds_bucket",
      "homestead_db_query_duration_seconds_bucket",
      "homestead_db_pool_connections",
      "homestead_cache_requests_total",
      "homestead_uploads_pending",
      "homestead_background_jobs_running",
      "homestead_background_job_runs_total",
      "process_cpu_user_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, name).toContain(name);
    }
    // Requests are labelled by route pattern, never by the address asked for.
    const count = (route: string, status: number) =>
      new RegExp(
        `^homestead_http_request_duration_seconds_count\\{route="${route}",method="GET",status="${status}"\\} 1$`,
        "m",
      );
    expect(text).toMatch(count("/category/:categoryName", 200));
    expect(text).toMatch(count("/category/:categoryName/:listingId", 404));
    expect(text).toMatch(count("/sitemap-:page.xml", 200));
    expect(text).not.toContain('route="/category/rent');
    expect(text).toMatch(
      /^homestead_db_query_duration_seconds_count\{database="primary",statement="select"\} \d+$/m,
    );
    expect(text).toMatch(/^homestead_cache_requests_total\{cache="page",result="hit"\} 0$/m);
    expect(text).toMatch(/^homestead_uploads_pending 0$/m);

    const separate = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(separate.status).toBe(200);
    expect(await separate.text()).toContain("homestead_http_request_duration_seconds_bucket");
    expect((await send(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });
});
