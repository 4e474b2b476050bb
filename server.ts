// Starts the HTTP server: the production build by default, or Vite's dev server with `--dev`.
// Runs directly under Node 24 (type stripping); everything else is bundled by Vite into build/server.
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import { enableCompileCache, flushCompileCache } from "node:module";
import compression from "compression";
import express from "express";
import { type Config, loadConfig, secureDataDir } from "#app/config.server.ts";
import type { Services } from "#app/services.server.ts";

// V8 keeps the code it compiled for the build's modules in the OS temp folder: the next start (a restart, a
// second instance, each server a test suite starts) skips compiling them, 1.1 s to listen instead of 1.7.
enableCompileCache();

// Whatever this process writes (the database, photos, uploads, the outbox) is readable by its user only.
process.umask(0o077);
// The environment is read here, once: a bad variable stops the start with a message that names it.
const config = loadConfig();
secureDataDir(config.dataDir);
const dev = process.argv.includes("--dev") || config.env === "development";
// React (imported with the build below) picks its production or development code from NODE_ENV: unset, as
// `npm start` leaves it, it would serve with the development code, several times slower.
process.env.NODE_ENV = dev ? "development" : config.env;

/** What server/app.ts exports (see there). */
type ServerBuild = {
  start: (config: Config) => Promise<Services>;
  stop: (services: Services) => Promise<void>;
  createApp: (services: Services) => express.Express;
  requestMetrics: (services: Services) => express.RequestHandler;
  createMetricsApp: (services: Services) => express.Express;
};

const app = express();
app.disable("x-powered-by");
app.use(compression());

let build: ServerBuild;
let services: Services;
let stopping = false;
if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  build = (await viteDevServer.ssrLoadModule("./server/app.ts")) as ServerBuild;
  services = await build.start(config);
  app.use(build.requestMetrics(services));
  app.use(viteDevServer.middlewares);
  // An edit reloads the app's modules; the services (database, workers, timers) stay those started above.
  let current: { build: ServerBuild; app: express.Express } | undefined;
  app.use(async (req, res, next) => {
    try {
      const fresh = (await viteDevServer.ssrLoadModule("./server/app.ts")) as ServerBuild;
      if (current?.build !== fresh) current = { build: fresh, app: fresh.createApp(services) };
      current.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // A variable path: the build does not exist when the type checker runs.
  const buildPath = "./build/server/index.js";
  build = (await import(buildPath)) as ServerBuild;
  services = await build.start(config);
  app.use(build.requestMetrics(services));
  // Fingerprinted assets never change; everything else in the client build may.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // Only the paths of the files there (favicon, icons) look on disk: any other request would cost a stat in
  // libuv's thread pool and a 404 error object before reaching the pages.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  const publicNames = new Set(readdirSync("build/client").filter((name) => name !== "assets"));
  app.use((req, res, next) => {
    if (publicNames.has(req.path.split("/", 2)[1] ?? "")) publicFiles(req, res, next);
    else next();
  });
  app.use(build.createApp(services));
}

const server = createServer(app);
server.keepAliveTimeout = 65_000;
// Once close() is called Node stops accepting connections, but a keep-alive connection whose request was in
// flight stays open after its response, and close() waits for it (up to keepAliveTimeout). So while
// stopping, close each connection as soon as its last response has gone out.
server.on("request", (_req, res) => {
  res.once("finish", () => {
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
});
server.listen(config.port, config.host, () => {
  console.log(JSON.stringify({ level: 30, msg: `Homestead listening on http://localhost:${config.port}` }));
  // Written now, not only at exit: a process that is killed would otherwise leave nothing for the next start.
  flushCompileCache();
});

// METRICS_PORT: /metrics on a listener of its own, bound where the operator says (METRICS_HOST), no token.
const metricsServer = config.metrics.port ? createServer(build.createMetricsApp(services)) : undefined;
metricsServer?.listen(config.metrics.port, config.metrics.host, () => {
  const where = `http://${config.metrics.host}:${config.metrics.port}/metrics`;
  console.log(JSON.stringify({ level: 30, msg: `Metrics on ${where}` }));
});

// SIGTERM (orchestrators) and SIGINT (Ctrl+C): stop taking connections, let requests in flight finish, then
// close the database. A second signal, or 10 seconds, forces the exit.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    server.close(async () => {
      await build.stop(services);
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
