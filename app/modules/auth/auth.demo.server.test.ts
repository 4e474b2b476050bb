import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#app/config.server.ts";
import { createMailer } from "#app/providers/mail/mail.server.ts";
import { createTestDb, type TestDb } from "#tests/support/test-db.ts";
import { CLIENT_IP_HEADER } from "./auth.constants.ts";
import {
  DEMO_LISTER,
  demoSignInAvailable,
  retirePublishedDemoPassword,
  signInAsDemoLister,
} from "./auth.demo.server.ts";
import { type Auth, createAuth } from "./auth.server.ts";

// The demo lister on a real database and better-auth: no published password survives a start, and the
// one-press demo sign-in works only on a loopback site for a local client.

const engine = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite";
let testDb: TestDb;
let dataDir: string;
let auth: Auth;
let config: ReturnType<typeof loadConfig>;

const from = (ip: string) =>
  new Request("http://localhost:3999/demo-sign-in", { headers: { [CLIENT_IP_HEADER]: ip } });

beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = mkdtempSync(path.join(tmpdir(), "homestead-demo-"));
  config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    AUTH_SECRET: "a-test-secret-that-is-long-enough-000",
    PUBLIC_URL: "http://localhost:3999",
    LOG_LEVEL: "silent",
  });
  auth = createAuth({ config, db: testDb.db, mailer: createMailer(config.mail) });
});
afterAll(async () => {
  await testDb?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`demo lister (${engine})`, () => {
  it("is offered only on a loopback site to a client on this machine", () => {
    expect(demoSignInAvailable(config, from("127.0.0.1"))).toBe(true);
    expect(demoSignInAvailable(config, from("::1"))).toBe(true);
    expect(demoSignInAvailable(config, from("::ffff:127.0.0.1"))).toBe(true);
    expect(demoSignInAvailable(config, from("203.0.113.5"))).toBe(false);
    expect(demoSignInAvailable(config, from(""))).toBe(false);
    const publicSite = { ...config, publicUrl: "https://homes.example.com" };
    expect(demoSignInAvailable(publicSite, from("127.0.0.1"))).toBe(false);
  });

  it("loses the password older versions published, and signs in with a fresh secret one each time", async () => {
    // An installation seeded by an older version: the account signs in with the README's password.
    await auth.api.signUpEmail({ body: { ...DEMO_LISTER, password: "demo-password" } });
    await auth.api.signInEmail({ body: { email: DEMO_LISTER.email, password: "demo-password" } });
    await retirePublishedDemoPassword(auth, testDb.db);
    await expect(
      auth.api.signInEmail({ body: { email: DEMO_LISTER.email, password: "demo-password" } }),
    ).rejects.toThrow();
    const cookies = await signInAsDemoLister(auth, testDb.db, from("127.0.0.1"));
    expect(cookies?.getSetCookie().join(";")).toMatch(/better-auth\.session_token=/);
  });
});
