import { existsSync, readFileSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer, tempFolder } from "./ops-support.ts";

const defer = cleanupAfterAll();

describe.skipIf(SKIP_REASON)("a .env file", () => {
  it("configures the server `npm run serve` starts in its folder, and the environment wins over it", async () => {
    // A deployment folder as npm runs the script in it: the built app, and a .env of its own.
    const folder = await tempFolder(defer, "homestead-env-file-");
    for (const entry of ["server.ts", "build", "app", "package.json"]) {
      await symlink(path.join(REPO_ROOT, entry), path.join(folder, entry));
    }
    await mkdir(path.join(folder, "state"));
    await writeFile(
      path.join(folder, ".env"),
      ["PUBLIC_URL=https://homes.example.test", "DATA_DIR=./state", "PORT=1", ""].join("\n"),
    );
    const scripts = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).scripts;
    // After the environment it sets (NAME=value: server/node-flags.ts's SERVER_ENV, which the test servers get
    // too), the command.
    const words = (scripts.serve as string).split(" ");
    const [node, ...args] = words.slice(words.findIndex((word) => !/^[A-Z_]+=/.test(word)));
    expect(node).toBe("node");

    // PORT comes from the environment (it wins over the file's PORT=1); the rest only from .env.
    const server = await startOpsServer(
      defer,
      { PUBLIC_URL: undefined, DATA_DIR: undefined },
      { args, cwd: folder, dataDir: path.join(folder, "state") },
    );

    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Sitemap: https://homes.example.test/sitemap.xml");
    expect(existsSync(path.join(folder, "state", "homestead.sqlite"))).toBe(true);
  });
});
