import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { getFreePort } from "#tests/support/app-server.ts";

/** Where Debian's nginx package puts the binary. */
export const NGINX_BINARY = "/usr/sbin/nginx";
export const NGINX_INSTALL_HINT =
  "apt-get install -y nginx  (Debian/Ubuntu; the bench runs it itself, on loopback)";

/** A page saved as the app rendered it. */
export type SavedPage = { path: string; html: string };

/** nginx serving saved pages, as a ceiling for what serving those bytes can cost. */
export type StaticNginx = { url: string; stop(): Promise<void> };

/**
 * Serves `pages` as static files with nginx in a temporary folder (config, pid, logs and files), on a free
 * loopback port, as a child process in the foreground. One worker process, like the one Node process it is
 * compared with.
 */
export async function startStaticNginx(pages: SavedPage[]): Promise<StaticNginx> {
  return startNginx((dir, port) => {
    const site = path.join(dir, "site");
    for (const page of pages) {
      const file = page.path === "/" ? path.join(site, "index.html") : path.join(site, `${page.path}.html`);
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
      writeFileSync(file, page.html, { mode: 0o644 });
    }
    return nginxConfig(
      dir,
      port,
      `root ${site};
    location = / { try_files /index.html =404; }
    location / { try_files $uri.html =404; }`,
    );
  });
}

/**
 * nginx in front of the app at `upstream` with docs/deploy.md's shared cache for visitors' pages ("Several
 * instances"): what a deployment that follows that page gets from its front.
 */
export async function startCachingNginx(upstream: string): Promise<StaticNginx> {
  const { host } = new URL(upstream);
  return startNginx((dir, port) =>
    nginxConfig(
      dir,
      port,
      `location / {
      proxy_pass http://homestead;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_cache homestead;
      proxy_cache_bypass $homestead_personal;
      proxy_no_cache $homestead_personal;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale updating error timeout;
      proxy_cache_background_update on;
    }`,
      `upstream homestead { server ${host}; keepalive 32; }
  proxy_cache_path ${path.join(dir, "cache")} keys_zone=homestead:10m max_size=100m inactive=10m;
  map $http_cookie $homestead_personal {
    default 0;
    "~session_token" 1;
    "~(^|;)[ \\t]*toast[ \\t]*=" 1;
  }`,
    ),
  );
}

async function startNginx(configure: (dir: string, port: number) => string): Promise<StaticNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), "homestead-nginx-"));
  // Workers run as an unprivileged user when nginx starts as root: they must be able to read the files.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, "temp"), { mode: 0o755 });
  const port = await getFreePort();
  const config = path.join(dir, "nginx.conf");
  writeFileSync(config, configure(dir, port));
  const child = spawn(
    NGINX_BINARY,
    ["-p", dir, "-c", config, "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, () => stderr);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function nginxConfig(dir: string, port: number, server: string, http = ""): string {
  const temp = (name: string) => path.join(dir, "temp", name);
  return `worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  default_type text/html;
  charset utf-8;
  keepalive_requests 1000000;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  ${http}
  server {
    listen 127.0.0.1:${port};
    ${server}
  }
}
`;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output()}`);
    // Any answer means it listens ("/" itself may be a 404: only the compared pages are saved).
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  // SIGTERM, not SIGKILL: the master process stops its worker on the way out, SIGKILL would orphan it.
  child.kill("SIGTERM");
  throw new Error(`nginx did not answer within 10 s: ${output()}`);
}

/** Whether the nginx binary is there. */
export function nginxInstalled(): boolean {
  return existsSync(NGINX_BINARY);
}
