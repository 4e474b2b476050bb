import { randomBytes, randomUUID } from "node:crypto";
import express from "express";
import { sql } from "kysely";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import type { Config } from "#app/config.server.ts";
import { drainUnreadBodies } from "#app/http/drain-unread-bodies.server.ts";
import { createPageHandler } from "#app/http/page-handler.server.ts";
import { markRecentWrites, readsFromPrimary } from "#app/http/read-replica.server.ts";
import { nonceContext, routeLabelContext } from "#app/http/request-context.ts";
import { securityHeaders } from "#app/http/security-headers.server.ts";
import { logger } from "#app/logger.server.ts";
import {
  createMetricsApp as metricsApp,
  metricsEndpoint,
  observeRequests,
  routeLabel,
} from "#app/metrics/metrics.http.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { retirePublishedDemoPassword } from "#app/modules/auth/auth.demo.server.ts";
import { hasOwnPartOfPage } from "#app/modules/me/me.audience.server.ts";
import { type Services, servicesContext, startServices, stopServices } from "#app/services.server.ts";
import { seedEmptyDatabaseInBackground } from "#tooling/demo-data/demo-data.start.server.ts";

/** Opens the database (migrating it) and everything else a request needs; called once before listening. */
export async function start(config: Config): Promise<Services> {
  const services = await startServices(config);
  await retirePublishedDemoPassword(services.auth, services.db);
  seedEmptyDatabaseInBackground(services);
  return services;
}

/** Called after the HTTP server stopped taking requests and finished those in flight. */
export async function stop(services: Services) {
  await stopServices(services);
}

/** Times every request by route; server.ts mounts it before the static files, so they are counted too. */
export function requestMetrics(services: Services): express.RequestHandler {
  return observeRequests(services.metrics);
}

/** The app of the separate metrics listener (METRICS_PORT): GET /metrics, nothing else. */
export function createMetricsApp(services: Services): express.Express {
  return metricsApp(services.metrics);
}

/**
 * A request's URL as logged: one-time tokens (password reset, e-mail verification) are replaced, so the log
 * never holds what would take over an account.
 */
export function redactTokens(url: string | undefined) {
  return (url ?? "")
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/g, "$1[redacted]");
}

/** The Express app that answers every request with `services`. */
export function createApp(services: Services): express.Express {
  const { config } = services;
  const replica = services.readDb !== services.db;
  // A request that reads from the replica sees these services, whose `db` is the replica.
  const readServices: Services = replica ? { ...services, db: services.readDb } : services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: redactTokens(req.url) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      // Probes and scrapes come every few seconds: their lines would drown the visitors'.
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/metrics" },
    }),
  );

  app.use((req, res, next) => {
    // The only client address the app believes: from the socket, or from a proxy that TRUST_PROXY trusts.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    res.locals.nonce = config.env === "development" ? "" : randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(config));
  app.use(drainUnreadBodies);

  app.get("/healthz", async (_req, res) => {
    routeLabel(res).pattern = "/healthz";
    const databases = replica
      ? ([
          ["database", services.db],
          ["read replica", services.readDb],
        ] as const)
      : ([["database", services.db]] as const);
    for (const [name, db] of databases) {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        logger.error({ err: error }, `health check failed: ${name} unreachable`);
        res.status(503).type("text/plain").send(`${name} unreachable`);
        return;
      }
    }
    res.status(200).type("text/plain").send("ok");
  });

  // Without METRICS_TOKEN, /metrics is not served here (404); METRICS_PORT serves it on its own listener.
  if (config.metrics.token) app.get("/metrics", metricsEndpoint(services.metrics, config.metrics.token));

  // React Router matches whole path segments only: a sitemap file reaches the sitemap route with its number.
  app.use((req, res, next) => {
    const page = /^\/sitemap-(\d+)\.xml$/.exec(req.path)?.[1];
    if (page) {
      routeLabel(res).pattern = "/sitemap-:page.xml";
      // The router builds its request from originalUrl.
      req.url = req.originalUrl = `/sitemap.xml?page=${page}`;
    }
    next();
  });

  if (replica) app.use(markRecentWrites({ secure: config.secureCookies }));

  app.all(
    "/{*splat}",
    createPageHandler({
      build: () => import("virtual:react-router/server-build"),
      publicUrl: config.publicUrl,
      // After a write its author reads from the primary, past the replica's cache (decision 024).
      pageCache: { cache: services.pageCache, usable: (req) => !replica || !readsFromPrimary(req) },
      // A rendered listing page counts its view in its loader; one from the cache is counted here.
      onCachedHit: (req, url) => {
        if (req.method === "GET") services.views.countCachedPage(url.pathname, (name) => req.get(name));
      },
      // A listing's lister and agency, and a visitor with a booking of it, get its page rendered for them
      // (decision 070); read where the page itself would be read from, the listing's part once per version.
      ownPart: (req, pathname) => {
        const db = readsFromPrimary(req) ? services.db : services.readDb;
        return hasOwnPartOfPage(db, req.get("cookie") ?? "", pathname, {
          remember: (key, read) => services.pageCache.remember(db, key, read),
        });
      },
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.nonce as string);
        context.set(servicesContext, readsFromPrimary(req) ? services : readServices);
        context.set(routeLabelContext, routeLabel(res));
        return context;
      },
    }),
  );
  return app;
}
