import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BrowserContext } from "@playwright/test";
import {
  Events,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  OAuth2Server,
} from "oauth2-mock-server";

/**
 * A loopback OpenID Connect provider standing in for Google (oauth2-mock-server: real discovery, JWKS,
 * RS256-signed id_tokens, PKCE). Its /authorize redirects straight back with a code, no login page.
 *
 * Which identity an authorization returns, first match wins:
 *   1. the `e2e_oidc_identity` cookie on the issuer's origin, set with `useGoogleIdentity(context, ...)`:
 *      per browser context, so parallel tests never take each other's identity;
 *   2. the queue filled by `POST <issuer>/next-user` ({ email, name?, sub?, emailVerified? }), one per
 *      authorization (`DELETE <issuer>/next-user` empties it): shared by all workers, so racy in parallel;
 *   3. DEFAULT_IDENTITY.
 * `GET <issuer>/authorizations` lists the authorization requests received (client_id, redirect_uri, scope,
 * PKCE method, the e-mail handed out), so a test can assert what the app asked for.
 *
 * Tokens carry sub, email, email_verified, name, given_name, family_name (and picture when given), with
 * aud = the client id; /userinfo answers the same claims for the access token.
 */
export type GoogleIdentity = {
  email: string;
  /** Defaults to the name part of the e-mail. */
  name?: string;
  /** Defaults to a value derived from the e-mail, so the same address is the same Google account. */
  sub?: string;
  /** Defaults to true. */
  emailVerified?: boolean;
  picture?: string;
};

export type Authorization = {
  at: string;
  clientId: string | undefined;
  redirectUri: string | undefined;
  scope: string | undefined;
  codeChallengeMethod: string | undefined;
  hasCodeChallenge: boolean;
  hasNonce: boolean;
  email: string;
};

export type OidcProvider = {
  /** e.g. `http://127.0.0.1:<port>`; equals the `iss` of its tokens and the discovery document's issuer. */
  issuerUrl: string;
  /** For the app's GOOGLE_DISCOVERY_URL. */
  discoveryUrl: string;
  clientId: string;
  /** Queues the identity for the next authorization that carries no identity cookie. */
  setNextUser(identity: GoogleIdentity): void;
  authorizations: Authorization[];
  stop(): Promise<void>;
};

export const IDENTITY_COOKIE = "e2e_oidc_identity";
export const DEFAULT_IDENTITY: GoogleIdentity = { email: "google.user@example.com", name: "Google User" };

type Claims = Record<string, string | boolean>;

/** Starts the provider on a free loopback port. `clientId` is the audience of its id_tokens. */
export async function startOidcProvider({ clientId = "test-client" } = {}): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");

  const queue: GoogleIdentity[] = [];
  const authorizations: Authorization[] = [];
  const claimsByCode = new Map<string, Claims>();
  const claimsByAccessToken = new Map<string, Claims>();
  const service = server.service;

  service.on(Events.BeforeAuthorizeRedirect, (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const code = redirect.url.searchParams.get("code");
    if (!code) return;
    const identity = identityFromCookie(req.headers.cookie) ?? queue.shift() ?? DEFAULT_IDENTITY;
    const claims = toClaims(identity);
    claimsByCode.set(code, claims);
    const query = new URL(req.url ?? "/", "http://127.0.0.1").searchParams;
    authorizations.push({
      at: new Date().toISOString(),
      clientId: query.get("client_id") ?? undefined,
      redirectUri: query.get("redirect_uri") ?? undefined,
      scope: query.get("scope") ?? undefined,
      codeChallengeMethod: query.get("code_challenge_method") ?? undefined,
      hasCodeChallenge: query.has("code_challenge"),
      hasNonce: query.has("nonce"),
      email: String(claims.email),
    });
  });

  // Runs for the access token and the id_token of a code exchange alike.
  service.on(
    Events.BeforeTokenSigning,
    (token: MutableToken, req: IncomingMessage & { body?: { code?: string } }) => {
      const code = req.body?.code;
      const claims = (code && claimsByCode.get(code)) || toClaims(DEFAULT_IDENTITY);
      Object.assign(token.payload, claims, { aud: clientId });
    },
  );

  service.on(
    Events.BeforeResponse,
    (response: MutableResponse, req: IncomingMessage & { body?: { code?: string } }) => {
      const code = req.body?.code;
      if (!code || typeof response.body !== "object") return;
      const claims = claimsByCode.get(code);
      claimsByCode.delete(code);
      const accessToken = response.body.access_token;
      if (claims && typeof accessToken === "string") claimsByAccessToken.set(accessToken, claims);
    },
  );

  service.on(Events.BeforeUserinfo, (response: MutableResponse, req: IncomingMessage) => {
    const accessToken = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    response.body = (accessToken && claimsByAccessToken.get(accessToken)) || toClaims(DEFAULT_IDENTITY);
  });

  service.addRoute("POST", "/next-user", (req, res) => {
    const identity = req.body as Partial<GoogleIdentity> | undefined;
    if (!identity || typeof identity.email !== "string") {
      sendJson(res, 400, { error: "body must be JSON with at least an email" });
      return;
    }
    queue.push(identity as GoogleIdentity);
    sendJson(res, 200, { queued: queue.length });
  });
  service.addRoute("DELETE", "/next-user", (_req, res) => {
    queue.length = 0;
    sendJson(res, 200, { queued: 0 });
  });
  service.addRoute("GET", "/authorizations", (_req, res) => sendJson(res, 200, authorizations));

  await server.start(0, "127.0.0.1");
  // The library names its issuer "localhost"; Node may resolve that to ::1 where nothing listens.
  const issuerUrl = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuerUrl;

  return {
    issuerUrl,
    discoveryUrl: `${issuerUrl}/.well-known/openid-configuration`,
    clientId,
    setNextUser: (identity) => {
      queue.push(identity);
    },
    authorizations,
    stop: () => server.stop(),
  };
}

function toClaims(identity: GoogleIdentity): Claims {
  const email = identity.email.toLowerCase();
  const name = identity.name ?? email.split("@")[0] ?? email;
  const [givenName = name, ...rest] = name.split(" ");
  const claims: Claims = {
    sub: identity.sub ?? `google-${createHash("sha256").update(email).digest("hex").slice(0, 20)}`,
    email,
    email_verified: identity.emailVerified ?? true,
    name,
    given_name: givenName,
    family_name: rest.join(" "),
  };
  if (identity.picture) claims.picture = identity.picture;
  return claims;
}

function identityFromCookie(cookieHeader: string | undefined): GoogleIdentity | undefined {
  const raw = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${IDENTITY_COOKIE}=`))
    ?.slice(IDENTITY_COOKIE.length + 1);
  if (!raw) return undefined;
  try {
    const identity = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as GoogleIdentity;
    return typeof identity.email === "string" ? identity : undefined;
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

// ---- Used from test workers: the provider itself runs in the global setup process. ----

/**
 * Makes "Sign in with Google" in this browser context come back as `identity`. Race-free: the identity
 * travels in a cookie that only this context sends to the provider.
 */
export async function useGoogleIdentity(context: BrowserContext, identity: GoogleIdentity): Promise<void> {
  await context.addCookies([
    {
      name: IDENTITY_COOKIE,
      value: Buffer.from(JSON.stringify(identity)).toString("base64url"),
      url: issuerUrlFromEnv(),
    },
  ]);
}

/** Queues the identity for the next authorization without an identity cookie (shared by all workers). */
export async function setNextGoogleUser(identity: GoogleIdentity): Promise<void> {
  const response = await fetch(`${issuerUrlFromEnv()}/next-user`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(identity),
  });
  if (!response.ok) throw new Error(`oidc provider: HTTP ${response.status}`);
}

/** The authorization requests the provider has received, oldest first. */
export async function fetchAuthorizations(): Promise<Authorization[]> {
  const response = await fetch(`${issuerUrlFromEnv()}/authorizations`);
  if (!response.ok) throw new Error(`oidc provider: HTTP ${response.status}`);
  return (await response.json()) as Authorization[];
}

function issuerUrlFromEnv(): string {
  const value = process.env.E2E_OIDC_ISSUER_URL;
  if (!value)
    throw new Error("E2E_OIDC_ISSUER_URL is not set: is tests/e2e/global-setup.ts the globalSetup?");
  return value;
}
