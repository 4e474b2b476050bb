import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listingEntries, validListing } from "#tests/ops/support/listing-forms.ts";
import { createUpload, TUS, uploadMetadata, uploadPhoto } from "#tests/ops/support/tus-client.ts";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { insertTestListing, openAppData, userIdByEmail } from "#tests/support/app-data.ts";
import { startAppServer } from "#tests/support/app-server.ts";
import { postForm, send } from "#tests/support/http.ts";
import { cleanupAfterAll, SKIP_REASON, startOpsServer } from "./ops-support.ts";

/**
 * Trust and abuse on the production server: what was tried against a fresh start and must now hold. A test setting
 * cannot open the reset-link takeover; tokens stay out of the logs; the data folder is private; limits
 * allow N and answer N+1 with 429, Retry-After and a message; an upload flood stops at the cap.
 */
const defer = cleanupAfterAll();
const MB = 1024 * 1024;

/** The token of the newest reset link in the outbox (its .eml files are quoted-printable). */
async function resetTokenFromOutbox(dataDir: string) {
  const outbox = path.join(dataDir, "outbox");
  const files = (await readdir(outbox)).sort();
  const mail = await readFile(path.join(outbox, files.at(-1) ?? ""), "utf8");
  const decoded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /\/reset-password\/([\w-]+)/.exec(decoded)?.[1];
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(SKIP_REASON)("trust and safety on the production server", () => {
  it("refuses to start with TEST set or NODE_ENV=test on an address others can reach", async () => {
    for (const env of [{ TEST: "true" }, { NODE_ENV: "test" }]) {
      const attempt = startAppServer({
        env: { SEED: "false", ...env, PUBLIC_URL: "https://homes.example.test" },
        timeoutMs: 15_000,
      });
      await expect(attempt).rejects.toThrow(/runs only with a loopback PUBLIC_URL/);
    }
  });

  it("with TEST=true on loopback, a reset link cannot carry its token to another site; tokens stay out of the log", async () => {
    const server = await startOpsServer(defer, { TEST: "true", LOG_LEVEL: "info" });
    const account = newAccount("Tess Takeover");
    await postSignUp(server.url, account);
    const json = { "content-type": "application/json", origin: server.url };
    // Asking for a reset that leads elsewhere is refused outright.
    const elsewhere = await send(`${server.url}/api/auth/request-password-reset`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: account.email, redirectTo: "https://evil.example/steal" }),
    });
    expect(elsewhere.status).toBe(403);
    // A genuine reset mail's link, opened with another site as its callback, does not go there.
    const asked = await postForm(`${server.url}/forgot-password`, { email: account.email });
    expect(asked.status).toBe(302);
    const token = await waitFor(() => resetTokenFromOutbox(server.dataDir));
    const hijacked = await send(
      `${server.url}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("https://evil.example/steal")}`,
    );
    expect(hijacked.location ?? "").not.toContain("evil.example");
    expect(hijacked.status).toBe(403);
    // The request log has the path without the token, and the outbox logs no link outside development.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = server.output();
    expect(log).toContain("/api/auth/reset-password/[redacted]");
    expect(log).toContain("mail written to outbox");
    expect(log).not.toContain(token);
    expect(log).not.toContain("verify-email?token=ey");
  });

  it("keeps the data folder to its user: the folder 0700, the database and the secret 0600", async () => {
    const server = await startOpsServer(defer);
    await postSignUp(server.url, newAccount("Penny Private"));
    const mode = async (name: string) => (await stat(path.join(server.dataDir, name))).mode & 0o777;
    expect(await mode(".")).toBe(0o700);
    expect(await mode("homestead.sqlite")).toBe(0o600);
    expect(await mode("auth-secret")).toBe(0o600);
    // The verification mail goes out after the answer.
    const outbox = await waitFor(async () => {
      const files = await readdir(path.join(server.dataDir, "outbox"));
      return files.length > 0 ? files : undefined;
    });
    expect(await mode("outbox")).toBe(0o700);
    for (const file of outbox) {
      expect(await mode(path.join("outbox", file))).toBe(0o600);
    }
  });

  it("in e-mail mode, /contact/<id> answers as missing, with no address, unless the id owns a visible listing", async () => {
    const server = await startOpsServer(defer);
    const data = await openAppData(server.env);
    defer(() => data.close());
    const signedUp = async (name: string) => {
      const account = newAccount(name);
      await postSignUp(server.url, account);
      return { ...account, id: await userIdByEmail(data.db, account.email) };
    };
    const lister = await signedUp("Lena Lister");
    const bystander = await signedUp("Bo Bystander");
    const hider = await signedUp("Hal Hidden");
    const cookie = await postSignUp(server.url, newAccount("Nora Nosy"));
    const listing = await insertTestListing(data, lister.id, { name: "Mill house", photos: 0 });
    const hidden = await insertTestListing(data, hider.id, {
      name: "Hidden hut",
      photos: 0,
      hiddenAt: Date.now(),
    });
    const get = (target: string) => send(`${server.url}${target}`, { cookie });

    // Someone without a listing (with or without another's listing in the query), someone whose only listing
    // a moderator hid: the page of a missing landlord, their name and address nowhere in it.
    for (const [target, account] of [
      [`/contact/${bystander.id}`, bystander],
      [`/contact/${bystander.id}?listingName=Mill%20house`, bystander],
      [`/contact/${bystander.id}?listingId=${listing.id}`, bystander],
      [`/contact/${hider.id}`, hider],
      [`/contact/${hider.id}?listingId=${hidden.id}`, hider],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, target).toBe(404);
      expect(answer.body).toContain("Could not get landlord data");
      expect(answer.body).not.toContain(account.email);
      expect(answer.body).not.toContain(account.name);
    }
    // The lister of a visible listing: the spec's mailto, with or without the listing in the query.
    for (const target of [`/contact/${lister.id}`, `/contact/${lister.id}?listingId=${listing.id}`]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(200);
      expect(answer.body).toContain(`mailto:${lister.email}`);
    }
  });

  it("allows N listing saves an hour and answers the next with 429, Retry-After and the message", async () => {
    const server = await startOpsServer(defer, { LIMIT_LISTING_SAVES_PER_HOUR: "2" });
    const cookie = await postSignUp(server.url, newAccount("Lars Limited"));
    for (let i = 0; i < 2; i++) {
      const saved = await postForm(
        `${server.url}/create-listing`,
        listingEntries(validListing([await uploadPhoto(server.url, cookie)], `Sunny flat number ${i + 1}`)),
        { cookie },
      );
      expect(saved.status).toBe(302);
    }
    const photo = await uploadPhoto(server.url, cookie);
    const refused = await postForm(`${server.url}/create-listing`, listingEntries(validListing([photo])), {
      cookie,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    expect(refused.body).toContain("You have saved many listings in the last hour");
  });

  it("stops an upload flood at the cap of pending photos (count and bytes)", async () => {
    // 10: the cap is never below one listing's photos and floor plans (6 + 3 by default).
    const server = await startOpsServer(defer, { LIMIT_PENDING_PHOTOS: "10", LIMIT_PENDING_PHOTOS_MB: "40" });
    const cookie = await postSignUp(server.url, newAccount("Flo Flood"));
    const start = (bytes: number) =>
      createUpload(server.url, cookie, {
        "Upload-Length": String(bytes),
        "Upload-Metadata": uploadMetadata({ filename: "big.png" }),
      });
    // 14 MB each, never finished: two pass the 40 MB cap, the third is refused.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await start(14 * MB));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
    expect(answers[2]?.body).toContain("You have many photos waiting to be saved");
    expect(Number(answers[2]?.retryAfter)).toBeGreaterThan(0);
    // Small ones: the count cap (10, with the two big ones pending) stops the flood too.
    const small = [];
    for (let i = 0; i < 10; i++) small.push((await start(1000)).status);
    expect(small).toEqual([...Array(8).fill(201), 429, 429]);
    // Another user is not affected.
    const other = await postSignUp(server.url, newAccount("Otto Other"));
    const theirs = await createUpload(server.url, other, { ...TUS, "Upload-Length": "1000" });
    expect(theirs.status).toBe(201);
  });
});
