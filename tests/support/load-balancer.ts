import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getFreePort, probePort } from "./app-server.ts";

/**
 * A load balancer on loopback in front of several app instances: Debian's nginx (package nginx), run as a
 * child process in the foreground with its own configuration, pid file, logs and temporary folders in a
 * temporary directory, so it touches nothing of a system nginx. Round-robin over the upstreams, with the
 * proxy headers of docs/deploy.md's example ("Several instances"). Open-source nginx has no active health
 * checks: a dead upstream is noticed when a request to it fails, and that request goes to the next one.
 */
export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

/** Why a load balancer cannot be started here, or undefined when it can. */
export function loadBalancerUnavailable(): string | undefined {
  return existsSync(NGINX_BIN)
    ? undefined
    : `no nginx at ${NGINX_BIN} (Debian: apt-get install nginx; or set NGINX_BIN)`;
}

export type LoadBalancer = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  process: ChildProcess;
  /** One line per request answered so far: "<method> <uri> <status> <upstream addresses tried>". */
  accessLog(): Promise<string[]>;
  /** What nginx wrote to its error log (startup problems, upstreams found down). */
  errorLog(): Promise<string>;
  /** Stops nginx (SIGTERM: the master stops its workers; SIGKILL after 5 s) and removes its folder. */
  stop(): Promise<void>;
};

/** Starts nginx on `port` (default: a free one) balancing over `upstreams` ("127.0.0.1:3001", ...). */
export async function startLoadBalancer({
  upstreams,
  port,
}: {
  upstreams: string[];
  port?: number;
}): Promise<LoadBalancer> {
  const unavailable = loadBalancerUnavailable();
  if (unavailable) throw new Error(unavailable);
  const listen = port ?? (await getFreePort());
  const dir = await mkdtemp(path.join(tmpdir(), "homestead-nginx-"));
  // Run as root, nginx's workers switch to "nobody", who must reach the temporary folders inside.
  await chmod(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  await writeFile(file("nginx.conf"), nginxConf(dir, listen, upstreams));

  const child = spawn(
    NGINX_BIN,
    ["-p", dir, "-c", file("nginx.conf"), "-e", file("error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const onExit = () => child.kill("SIGTERM");
  process.once("exit", onExit);

  const errorLog = async () => `${stderr}${await readFile(file("error.log"), "utf8").catch(() => "")}`;
  const stop = async () => {
    process.off("exit", onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  // Listening, and by this nginx: one that exited at once (port taken) must not pass for ready.
  while ((await probePort(listen)) !== "accepted" || child.exitCode !== null) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await errorLog();
      await stop();
      throw new Error(`nginx did not start on port ${listen}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${listen}`,
    port: listen,
    process: child,
    accessLog: async () =>
      (await readFile(file("access.log"), "utf8").catch(() => "")).split("\n").filter(Boolean),
    errorLog,
    stop,
  };
}

function nginxConf(dir: string, port: number, upstreams: string[]) {
  const servers = upstreams.map((upstream) => `    server ${upstream};`).join("\n");
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format balanced '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log balanced;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream homestead {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 20m;
    location / {
      proxy_pass http://homestead;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}
