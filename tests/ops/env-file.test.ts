import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startAppServer } from "#tests/support/app-server.ts";
import { OPS_ENV, SKIP_REASON } from "./ops-support.ts";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
});

describe.skipIf(SKIP_REASON)("a .env file", () => {
  it("configures the server `npm run serve` starts in its folder, and the environment wins over it", async () => {
    // A deployment folder as npm runs the script in it: the built app, and a .env of its own.
    const folder = await mkdtemp(path.join(tmpdir(), "homestead-env-file-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    for (const entry of ["server.ts", "build", "app", "package.json"]) {
      await symlink(path.join(REPO_ROOT, entry), path.join(folder, entry));
    }
    await mkdir(path.join(folder, "state"));
    await writeFile(
      path.join(folder, ".env"),
      ["PUBLIC_URL=https://homes.example.test", "DATA_DIR=./state", "PORT=1", ""].join("\n"),
    );
    const scripts = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).scripts;
    const [node, ...args] = (scripts.serve as string).split(" ");
    expect(node).toBe("node");

    const server = await startAppServer({
      args,
      cwd: folder,
      dataDir: path.join(folder, "state"),
      // PORT comes from the environment (it wins over the file's PORT=1); the rest only from .env.
      env: { ...OPS_ENV, PUBLIC_URL: undefined, DATA_DIR: undefined },
    });
    cleanups.push(server.cleanup);

    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://homes.example.test/sitemap.xml");
    expect(existsSync(path.join(folder, "state", "homestead.sqlite"))).toBe(true);
  });
});
