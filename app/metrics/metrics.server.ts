import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { logger } from "#app/logger.server.ts";

// The process's Prometheus metrics (decision 023). One registry per process, built by the composition root;
// modules never import it, they are handed the small interfaces below (a DbObserver, a JobRunner, the cache
// counters). Every label takes values from a short list the code fixes (route patterns, not URLs; statement
// kinds, not SQL), so the number of series stays bounded whatever the traffic.

/** Which database a query or a pool belongs to: the primary, or the read replica of DATABASE_READ_URL. */
export type DatabaseRole = "primary" | "replica";

/** A PostgreSQL pool's counts, read at each scrape. */
export type PoolCounts = {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
};

/** Page-cache hits and misses by cache name (the page cache calls these; "page" is counted from the start). */
export type CacheMetrics = { hit(cache: string): void; miss(cache: string): void };

/** Runs one pass of a background job and counts it: running now, runs by result, duration, last success. */
export type JobRunner = <T>(job: string, work: () => Promise<T>) => Promise<T>;

export type Metrics = {
  registry: Registry;
  /** One answered request: the route pattern ("/category/:categoryName"), never the raw URL. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** What createDb reports for `database`: each statement by kind (select, insert, ...), and its pool. */
  database(database: DatabaseRole): {
    query(sql: string, seconds: number, failed: boolean): void;
    pool(pool: PoolCounts): void;
  };
  /** Asks `count` for the photos uploaded but not yet in a saved listing at every scrape. */
  watchPendingUploads(count: () => Promise<number>): void;
  cache: CacheMetrics;
  runJob: JobRunner;
};

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATEMENTS = new Set(["select", "insert", "update", "delete", "with", "begin", "commit", "rollback"]);

/** A fresh registry with the app's metrics and Node's process metrics (CPU, memory, event loop, GC). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: "homestead_http_request_duration_seconds",
    help: "Time from a request's arrival to its response's last byte, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queries = new Histogram({
    name: "homestead_db_query_duration_seconds",
    help: "Time of each database statement, by database (primary or replica) and statement kind",
    labelNames: ["database", "statement"] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const queryErrors = new Counter({
    name: "homestead_db_query_errors_total",
    help: "Database statements that failed, by database and statement kind",
    labelNames: ["database", "statement"] as const,
    registers: [registry],
  });

  const pools = new Map<DatabaseRole, PoolCounts>();
  new Gauge({
    name: "homestead_db_pool_connections",
    help: "PostgreSQL pool connections by database and state (idle, busy), and the pool's maximum (max)",
    labelNames: ["database", "state"] as const,
    registers: [registry],
    collect() {
      for (const [database, pool] of pools) {
        this.set({ database, state: "idle" }, pool.idleCount);
        this.set({ database, state: "busy" }, pool.totalCount - pool.idleCount);
        this.set({ database, state: "max" }, pool.options.max ?? 10);
      }
    },
  });
  new Gauge({
    name: "homestead_db_pool_waiting_requests",
    help: "Queries waiting for a free PostgreSQL pool connection, by database",
    labelNames: ["database"] as const,
    registers: [registry],
    collect() {
      for (const [database, pool] of pools) this.set({ database }, pool.waitingCount);
    },
  });

  const cacheRequests = new Counter({
    name: "homestead_cache_requests_total",
    help: "Cache lookups by cache and result (hit or miss)",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
  });
  cacheRequests.inc({ cache: "page", result: "hit" }, 0);
  cacheRequests.inc({ cache: "page", result: "miss" }, 0);
  cacheRequests.inc({ cache: "read", result: "hit" }, 0);
  cacheRequests.inc({ cache: "read", result: "miss" }, 0);

  let countPendingUploads: (() => Promise<number>) | undefined;
  new Gauge({
    name: "homestead_uploads_pending",
    help: "Photos uploaded but not yet part of a saved listing (the whole database's, the same on every instance)",
    registers: [registry],
    async collect() {
      if (!countPendingUploads) return;
      try {
        this.set(await countPendingUploads());
      } catch (error) {
        // A scrape during a database outage still answers; the gauge keeps its last value.
        logger.warn({ err: error }, "metrics: could not count pending uploads");
      }
    },
  });

  const jobsRunning = new Gauge({
    name: "homestead_background_jobs_running",
    help: "Background job passes running now in this process, by job",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "homestead_background_job_runs_total",
    help: "Background job passes finished, by job and result (success or failure)",
    labelNames: ["job", "result"] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "homestead_background_job_duration_seconds",
    help: "Time of each background job pass, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: "homestead_background_job_last_success_timestamp_seconds",
    help: "When each background job last finished a pass without error (Unix time)",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const verb = METHODS.has(method) ? method : "other";
      requests.observe({ route, method: verb, status: String(status) }, seconds);
    },
    database: (database) => ({
      query(sql, seconds, failed) {
        const statement = statementKind(sql);
        queries.observe({ database, statement }, seconds);
        if (failed) queryErrors.inc({ database, statement });
      },
      pool(pool) {
        pools.set(database, pool);
      },
    }),
    watchPendingUploads(count) {
      countPendingUploads = count;
    },
    cache: {
      hit: (cache) => cacheRequests.inc({ cache, result: "hit" }),
      miss: (cache) => cacheRequests.inc({ cache, result: "miss" }),
    },
    async runJob(job, work) {
      jobsRunning.inc({ job });
      const stopTimer = jobDuration.startTimer({ job });
      try {
        const result = await work();
        jobRuns.inc({ job, result: "success" });
        jobLastSuccess.set({ job }, Date.now() / 1000);
        return result;
      } catch (error) {
        jobRuns.inc({ job, result: "failure" });
        throw error;
      } finally {
        stopTimer();
        jobsRunning.dec({ job });
      }
    },
  };
}

/** "select", "insert", ...: the statement's first word, or "other" (pragmas, DDL, anything unexpected). */
export function statementKind(sql: string) {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? "";
  return STATEMENTS.has(word) ? word : "other";
}
