import { SKIP_REASON } from "#tests/ops/ops-support.ts";
import { postForm, send } from "#tests/support/http.ts";
import { loadBalancerUnavailable } from "#tests/support/load-balancer.ts";
import { postgresServerForSuite } from "#tests/support/pg.ts";
import { TUS } from "./tus-client.ts";

/**
 * For tests/ops/multi-instance.test.ts: what it needs beyond the other ops helpers (tus-client.ts,
 * listing-forms.ts), as requests that can each be aimed at one instance.
 */

/**
 * Where the instances' shared database goes: the PostgreSQL server of the run (DATABASE_URL; one that does not
 * answer fails the suite) or, on a SQLite run, the local one. A reason instead when the test cannot run here.
 */
export async function multiInstanceServer(): Promise<{ postgres: string } | { skip: string }> {
  if (SKIP_REASON) return { skip: SKIP_REASON };
  const postgres = await postgresServerForSuite();
  if (!postgres) return { skip: "no PostgreSQL on 127.0.0.1:5432 (several instances need one database)" };
  const balancer = await loadBalancerUnavailable();
  return balancer ? { skip: balancer } : { postgres };
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
  const fields = { email, password: "not-the-password" };
  const answer = await postForm(`${baseUrl}/sign-in`, fields, { headers: { "x-forwarded-for": clientIp } });
  return answer.status;
}
