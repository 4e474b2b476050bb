import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { sql } from "kysely";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import type { Config } from "#app/config.server.ts";
import { drainUnreadBodies } from "#app/http/drain-unread-bodies.server.ts";
import { nonceContext } from "#app/http/request-context.ts";
import { securityHeaders } from "#app/http/security-headers.server.ts";
import { logger } from "#app/logger.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { type Services, servicesContext, startServices, stopServices } from "#app/services.server.ts";
import { seedEmptyDatabaseInBackground } from "#tooling/demo-data/demo-data.server.ts";

/** Opens the database (migrating it) and everything else a request needs; called once before listening. */
export async function start(config: Config): Promise<Services> {
  const services = await startServices(config);
  seedEmptyDatabaseInBackground(services);
  return services;
}

/** Called after the HTTP server stopped taking requests and finished those in flight. */
export async function stop(services: Services) {
  await stopServices(services);
}

/** The Express app that answers every request with `services`. */
export function createApp(services: Services): express.Express {
  const { config } = services;
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
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      autoLogging: { ignore: (req) => req.url === "/healthz" },
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
    try {
      await sql`select 1`.execute(services.db);
      res.status(200).type("text/plain").send("ok");
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).type("text/plain").send("database unreachable");
    }
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.nonce as string);
        context.set(servicesContext, services);
        return context;
      },
    }),
  );
  return app;
}
