// Starts the HTTP server: the production build by default, or Vite's dev server with `--dev`.
// Runs directly under Node 24 (type stripping); everything else is bundled by Vite into build/server.
import { createServer } from "node:http";
import compression from "compression";
import express from "express";

const dev = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

type ServerBuild = {
  app: express.Express;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

const app = express();
app.disable("x-powered-by");
app.use(compression());

let build: ServerBuild;
let stopping = false;
if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
  build = (await viteDevServer.ssrLoadModule("./server/app.ts")) as ServerBuild;
  app.use(async (req, res, next) => {
    try {
      const fresh = (await viteDevServer.ssrLoadModule("./server/app.ts")) as ServerBuild;
      fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // A variable path: the build does not exist when the type checker runs.
  const buildPath = "./build/server/index.js";
  build = (await import(buildPath)) as ServerBuild;
  // Fingerprinted assets never change; everything else in the client build may.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
  app.use(build.app);
}

await build.start();
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
server.listen(port, host, () => {
  console.log(JSON.stringify({ level: 30, msg: `Homestead listening on http://localhost:${port}` }));
});

// SIGTERM (orchestrators) and SIGINT (Ctrl+C): stop taking connections, let requests in flight finish, then
// close the database. A second signal, or 10 seconds, forces the exit.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await build.stop();
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
