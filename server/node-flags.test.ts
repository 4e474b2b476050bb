import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./node-flags.ts";

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");

describe("the server's memory settings", () => {
  it("are passed by npm start, npm run serve and the container: the flags before server.ts, the container's environment", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    const flags = SERVER_NODE_FLAGS.join(" ");
    expect(scripts.start).toMatch(new RegExp(`&& node --env-file-if-exists=\\.env ${flags} server\\.ts$`));
    expect(scripts.serve).toBe(`node --env-file-if-exists=.env ${flags} server.ts`);
    const dockerfile = read("Dockerfile");
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(command ?? "null")).toEqual(["node", ...SERVER_NODE_FLAGS, "server.ts"]);
    // The image's ENV instruction, continued over lines with backslashes.
    const imageEnv = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? "";
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(imageEnv).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it("are flags V8 knows (an unknown one would only print a warning)", () => {
    const known = execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8" });
    for (const flag of SERVER_NODE_FLAGS) expect(known).toContain(`  ${flag.split("=")[0]} (`);
  });
});
