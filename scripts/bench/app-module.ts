import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

/** The repository root (scripts/bench/ is two levels down). */
export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Imports an app module (a path from the repository root, e.g. "/app/modules/seed/seed.cli.server.ts") with
 * Vite's SSR loader, runs `use` with it and closes the loader. Plain Node cannot: app code imports through
 * the "~/" alias and without file extensions, as the bundler resolves them. The loader is a bare Vite (no
 * config file, so no React Router or Tailwind plugins): only the tsconfig paths are needed, and it starts
 * in a fraction of a second. Shared by scripts/seed.ts and the bench.
 */
export async function withAppModule<Module, Result>(
  modulePath: string,
  use: (module: Module) => Promise<Result>,
): Promise<Result> {
  const vite = await createServer({
    configFile: false,
    root: REPO_ROOT,
    logLevel: "error",
    appType: "custom",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await vite.ssrLoadModule(path.posix.join("/", modulePath))) as Module;
    return await use(module);
  } finally {
    await vite.close();
  }
}
