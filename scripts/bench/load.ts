import autocannon from "autocannon";

/** What one load run measured. */
export type LoadFigures = {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  /** Requests without an answer within 10 s. */
  timeouts: number;
  non2xx: number;
  /**
   * Server CPU time per request, when the server's process is known: unlike throughput, it barely depends on
   * what else the machine is doing, and 1000 / it is what one core could serve.
   */
  cpuMsPerRequest: number | null;
};

// A ceiling on top of the duration, so a run can never go on sending: far above what one machine serves.
const MAX_REQUESTS_PER_SECOND = 100_000;

/**
 * Loads `baseUrl` (loopback only) with `connections` concurrent keep-alive connections for `seconds`, each
 * connection cycling through `paths`.
 */
export async function runLoad(
  label: string,
  baseUrl: string,
  paths: string[],
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const { hostname } = new URL(baseUrl);
  if (hostname !== "127.0.0.1") throw new Error(`the bench only loads 127.0.0.1, not ${hostname}`);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    maxOverallRequests: Math.max(connections, seconds * MAX_REQUESTS_PER_SECOND),
    timeout: 10,
    requests: paths.map((path) => ({ method: "GET", path, headers })),
  });
  return {
    label,
    connections,
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: null,
  };
}
