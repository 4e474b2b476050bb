import { createHash, timingSafeEqual } from "node:crypto";
import express, { type RequestHandler, type Response } from "express";
import type { RouteLabel } from "#app/http/request-context.ts";
import type { Metrics } from "./metrics.server.ts";

// How the metrics meet HTTP: every request observed by route pattern, and the /metrics endpoint, either on
// the main port behind METRICS_TOKEN or on a listener of its own (METRICS_PORT).

/** The label of requests answered before any route (static files, built assets, Vite in development). */
export const STATIC_ROUTE = "static";

/** The route label of this response, shared with the router's instrumentation (entry.server.tsx). */
export function routeLabel(res: Response): RouteLabel {
  res.locals.routeLabel ??= {};
  return res.locals.routeLabel as RouteLabel;
}

/** Times every request from arrival to its last byte (or to the client going away, as status 499). */
export function observeRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const label = routeLabel(res);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observeRequest(label.pattern ?? STATIC_ROUTE, req.method, status, seconds);
    });
    next();
  };
}

/**
 * GET /metrics on the main port: only with `Authorization: Bearer <METRICS_TOKEN>`, else 401. Without a
 * token configured it is not mounted at all, and the path answers 404 like any unknown page.
 */
export function metricsEndpoint(metrics: Metrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res) => {
    routeLabel(res).pattern = "/metrics";
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
    // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digest(given), expected)) {
      res
        .status(401)
        .set({ "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Unauthorized");
      return;
    }
    await sendMetrics(metrics, res);
  };
}

/** The app of the METRICS_PORT listener: GET /metrics without a token (the operator chose where it listens). */
export function createMetricsApp(metrics: Metrics): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", (_req, res) => sendMetrics(metrics, res));
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  return app;
}

async function sendMetrics(metrics: Metrics, res: Response) {
  const body = await metrics.registry.metrics();
  res
    .status(200)
    .set({ "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" })
    .send(body);
}

function digest(text: string) {
  return createHash("sha256").update(text).digest();
}
