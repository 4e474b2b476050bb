import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "#tests/support/app-server.ts";
import { loadBalancerUnavailable } from "#tests/support/load-balancer.ts";
import { pgAvailable, postgresUrlFromEnv } from "#tests/support/pg.ts";
import { send } from "./raw-http.ts";
import { TUS } from "./tus-client.ts";

/**
 * For tests/ops/multi-instance.test.ts: what it needs beyond the other ops helpers (tus.ts, listings.ts), as
 * requests that can each be aimed at one instance.
 */

/** Why the multi-instance test cannot run here, or undefined when it can. */
export async function multiInstanceSkipReason(): Promise<string | undefined> {
  if (!existsSync(path.join(REPO_ROOT, "build/server/index.js"))) {
    return "no production build (build/server/index.js): run `npx react-router build` first";
  }
  if (!(await pgAvailable())) {
    const server = new URL(postgresUrlFromEnv() ?? "postgres://127.0.0.1:5432");
    return `no PostgreSQL at ${server.host} (several instances need one database)`;
  }
  return loadBalancerUnavailable();
}

/** HEAD: the offset the server has for an upload (`uploadUrl`), or null when it does not answer 200. */
export async function uploadOffset(uploadUrl: string, cookie: string) {
  const response = await fetch(uploadUrl, { method: "HEAD", headers: { ...TUS, cookie } });
  return response.status === 200 ? Number(response.headers.get("Upload-Offset")) : null;
}

/** The listing page at `url` and the bytes of the first photo it shows; throws unless both answer 200. */
export async function listingPageAndPhoto(url: string) {
  const page = await send(url);
  const src = /src="(\/images\/[^"]+\.webp)"/.exec(page.body)?.[1];
  if (page.status !== 200 || !src) throw new Error(`${url} answered ${page.status}, photo ${src ?? "none"}`);
  const photo = await fetch(new URL(src, url));
  const bytes = Buffer.from(await photo.arrayBuffer());
  if (photo.status !== 200) throw new Error(`${src} answered ${photo.status}`);
  return { html: page.body, type: photo.headers.get("content-type"), bytes };
}

/**
 * A sign-in with a wrong password from `clientIp`, which the app believes because the request comes from a
 * loopback proxy (TRUST_PROXY=loopback); returns the status (401 refused, 429 rate limited).
 */
export async function failedSignIn(baseUrl: string, email: string, clientIp: string) {
  const answer = await send(`${baseUrl}/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientIp },
    body: new URLSearchParams({ email, password: "not-the-password" }),
  });
  return answer.status;
}
