// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  type Histogram = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  };

  type Request = { method?: string; path: string; headers?: Record<string, string> };

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    maxOverallRequests?: number;
    timeout?: number;
    requests?: Request[];
    headers?: Record<string, string>;
  };

  type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}
