import { randomUUID } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { newAccount, signUp, type TestAccount } from "#tests/support/accounts.ts";
import { getFreePort, startAppServer } from "#tests/support/app-server.ts";

const PAGES = ["/", "/offers", "/category/rent", "/sign-in", "/sign-up", "/forgot-password"];
const EVIL_ORIGIN = "https://evil.example";
const SESSION_COOKIE = "better-auth.session_token";
// A visitor's page is the same for every visitor and kept (decision 041); a signed-in one is theirs alone.
const VISITOR_CACHING = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;
const SIGNED_IN_CACHING = "private, no-store";

/**
 * Signs up through the form (no JavaScript: a plain POST), then signs in (signing up signs nobody in); the
 * context keeps the session cookie, and `response` is the sign-in's.
 */
async function signUpByForm(request: APIRequestContext, account: TestAccount = newAccount()) {
  const signUp = await request.post("/sign-up", { form: account, maxRedirects: 0 });
  expect(signUp.status(), await signUp.text()).toBe(302);
  const form = { email: account.email, password: account.password };
  const response = await request.post("/sign-in", { form, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return { account, response };
}

function setCookies(response: APIResponse) {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

/** The script-src directive's nonce; fails the test when the policy does not hold one. */
function cspNonce(response: APIResponse) {
  const policy = response.headers()["content-security-policy"] ?? "";
  const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc, policy).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  expect(nonce, `script-src has no nonce: ${policy}`).toBeTruthy();
  return { policy, nonce: nonce! };
}

async function expectSecurePage(response: APIResponse, caching: RegExp | string = VISITOR_CACHING) {
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const { policy, nonce } = cspNonce(response);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBeTruthy();
  expect(headers["x-powered-by"]).toBeUndefined();
  // Signed-in pages name who is signed in: no shared cache may keep them. A visitor's page is everyone's.
  if (typeof caching === "string") expect(headers["cache-control"]).toBe(caching);
  else expect(headers["cache-control"]).toMatch(caching);
  // Every script the page carries, inline or not, runs only by this response's nonce.
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

test.describe("security headers", () => {
  for (const path of PAGES) {
    test(`${path} carries the policy headers and a nonce on every script`, async ({ request }) => {
      await expectSecurePage(await request.get(path, { maxRedirects: 0 }));
    });
  }

  test("/profile (signed in) too, and the session cookie is HttpOnly and SameSite=Lax", async ({
    request,
  }) => {
    const { response } = await signUpByForm(request);
    const session = setCookies(response).find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(session, setCookies(response).join("\n")).toBeTruthy();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    await expectSecurePage(await request.get("/profile", { maxRedirects: 0 }), SIGNED_IN_CACHING);
  });

  test("HEAD answers with the page's headers and no body", async ({ request }) => {
    const response = await request.head("/category/rent");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers()["cache-control"]).toMatch(VISITOR_CACHING);
    expect(await response.body()).toHaveLength(0);
  });

  test("a client-side navigation's data is cached as its page is, and logging out clears the browser's cache", async ({
    request,
  }) => {
    const data = await request.get("/category/rent.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toMatch(VISITOR_CACHING);
    await signUpByForm(request);
    // A list's data is the visitors' for a signed-in user too (decision 070); their own page's is theirs.
    const signedIn = await request.get("/category/rent.data");
    expect(signedIn.headers()["cache-control"]).toMatch(VISITOR_CACHING);
    const own = await request.get("/profile.data");
    expect(own.headers()["cache-control"]).toBe(SIGNED_IN_CACHING);
    const logout = await request.post("/logout", { maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    expect(logout.headers()["clear-site-data"]).toBe('"cache"');
  });

  test("nonces differ between renderings: each signed-in page, and each visitor's page", async ({
    request,
  }) => {
    // A visitor's page kept in memory keeps the nonce (and policy) it was rendered with (decision 041).
    const signIn = cspNonce(await request.get("/sign-in")).nonce;
    expect(cspNonce(await request.get("/sign-up")).nonce).not.toBe(signIn);
    await signUpByForm(request);
    const first = cspNonce(await request.get("/profile")).nonce;
    const second = cspNonce(await request.get("/profile")).nonce;
    expect(first).not.toBe(second);
  });
});

test.describe("cross-site form posts", () => {
  const crossSite = { Origin: EVIL_ORIGIN };

  test("/sign-up from another site is refused and creates no account", async ({ request }) => {
    const account = newAccount();
    const refused = await request.post("/sign-up", { form: account, headers: crossSite, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(setCookies(refused)).toEqual([]);
    const signIn = await request.post("/sign-in", {
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).not.toBe(302);
  });

  test("/sign-in from another site is refused and signs nobody in", async ({ playwright, baseURL }) => {
    const setup = await playwright.request.newContext({ baseURL });
    const { account } = await signUpByForm(setup);
    await setup.dispose();
    const visitor = await playwright.request.newContext({ baseURL });
    const refused = await visitor.post("/sign-in", {
      form: { email: account.email, password: account.password },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(setCookies(refused)).toEqual([]);
    expect((await visitor.get("/profile", { maxRedirects: 0 })).status()).toBe(302);
    await visitor.dispose();
  });

  test("/profile and /create-listing from another site are refused and change nothing", async ({
    request,
  }) => {
    const { account } = await signUpByForm(request);
    const rename = await request.post("/profile", {
      form: { intent: "update-name", name: "Renamed By Evil" },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(rename.status()).toBe(403);
    // A browser that sends no Origin still says where the request came from.
    const renameNoOrigin = await request.post("/profile", {
      form: { intent: "update-name", name: "Renamed By Evil" },
      headers: { "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(renameNoOrigin.status()).toBe(403);

    const listingName = `Evil listing ${randomUUID()}`;
    const create = await request.post("/create-listing", {
      form: {
        type: "rent",
        name: listingName,
        bedrooms: "1",
        bathrooms: "1",
        location: "Paris",
        regularPrice: "100",
      },
      headers: crossSite,
      maxRedirects: 0,
    });
    expect(create.status()).toBe(403);

    const profile = await (await request.get("/profile")).text();
    expect(profile).toContain(account.name);
    expect(profile).not.toContain("Renamed By Evil");
    expect(profile).not.toContain(listingName);
  });
});

test.describe("read-only addresses", () => {
  for (const path of [
    "/sitemap.xml",
    "/sitemap-1.xml",
    "/robots.txt",
    "/manifest.webmanifest",
    "/auth/google",
    "/images/abc-400.webp",
  ]) {
    test(`POST ${path} answers 405 and says which methods it takes`, async ({ request }) => {
      const response = await request.post(path, { form: { anything: "1" }, maxRedirects: 0 });
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe("GET, HEAD");
      expect(await response.text()).toMatch(/^Method not allowed: .+ is only read \(GET\)\.$/);
    });
  }
});

test.describe("content security policy in the browser", () => {
  test("/, /sign-in and /profile load without a single CSP violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/content security policy|content-security-policy/i.test(message.text()))
        violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(`pageerror: ${error.message}`));
    // Runs before any page script, outside the page's CSP: records what the browser blocks.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(
          `Content Security Policy violation on ${location.pathname}: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        );
      });
    });

    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.goto("/sign-in");
    await page.waitForLoadState("networkidle");
    await signUp(page);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});

test.describe("behind HTTPS (PUBLIC_URL https://)", () => {
  test("responses carry HSTS and the session cookie is Secure", async ({ playwright }) => {
    test.setTimeout(180_000);
    const port = await getFreePort();
    const server = await startAppServer({
      port,
      env: { PUBLIC_URL: `https://localhost:${port}`, SEED: "false", LOG_LEVEL: "warn" },
    });
    // The TLS terminates in front of the app (a load balancer); the app itself is reached over plain HTTP.
    const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
    try {
      const home = await request.get("/");
      expect(home.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);

      const { response: signIn } = await signUpByForm(request);
      expect(signIn.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
      const cookies = setCookies(signIn);
      // better-auth names its cookies __Secure-... when they are Secure.
      const session = cookies.find((cookie) => cookie.startsWith(`__Secure-${SESSION_COOKIE}=`));
      expect(session, cookies.join("\n")).toBeTruthy();
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    } finally {
      await request.dispose();
      await server.cleanup();
    }
  });
});
