import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "#tests/support/browser.ts";

export type AuditBrowser = { port: number; close(): Promise<void> };

/**
 * Starts a headless Chromium for Lighthouse to drive over the DevTools protocol: Debian's (the one the tests
 * use) or Playwright's. The flags of tests/support/browser.ts keep it off the network: no component
 * updates, sync or other background connections on a machine without internet.
 */
export async function launchChromium(): Promise<AuditBrowser> {
  const executable = chromiumExecutable ?? chromium.executablePath();
  const profile = await mkdtemp(path.join(tmpdir(), "homestead-audit-chromium-"));
  const child = spawn(
    executable,
    [
      ...chromiumArgs,
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await debuggingPort(child);
  return {
    port,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Chromium prints "DevTools listening on ws://127.0.0.1:<port>/..." on stderr once it accepts connections. */
function debuggingPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => fail(new Error("Chromium did not open its DevTools port in 30 s")),
      30_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${error.message}\n${seen.slice(-2000)}`));
    };
    child.once("exit", (code) => fail(new Error(`Chromium exited (code ${code}) before it was ready`)));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      // Keep draining stderr (a full pipe would block Chromium), without keeping what it says.
      child.stderr?.removeAllListeners("data");
      child.stderr?.resume();
      resolve(Number(match[1]));
    });
  });
}
