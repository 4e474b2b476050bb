import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostileApp, startHostileApp } from "#tests/ops/support/hostile-app.ts";
import { createUpload, makeJpeg, patchUpload, TUS, uploadMetadata } from "#tests/ops/support/tus-client.ts";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { AuthorizationMatrix, unchangedBy } from "#tests/support/authz-matrix.ts";
import { postForm, send, toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { SKIP_REASON } from "./ops-support.ts";

/**
 * Authorization of what only the server process answers: the tus upload endpoint (create, resume, finish,
 * abandon) and better-auth's HTTP API (update-user, and its admin endpoints, closed to everyone), by a visitor,
 * an unverified user, another user, the owner, a suspended user and an administrator. Only the owner's attempt
 * may change anything, and the whole app state is compared before and after each refused attempt. Every page's
 * loader and action is held to the same matrix in tests/routes/authorization.test.ts.
 */
const postgres = postgresUrlFromEnv();

describe.skipIf(SKIP_REASON)(`authorization matrix (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  const matrix = new AuthorizationMatrix();
  const ownerAccount = newAccount("Olivia Owner");
  const otherAccount = newAccount("Mallory Other");
  const unverifiedAccount = newAccount("Una Unverified");
  let app: HostileApp;
  let url: string;
  let owner: string; // session cookies
  let other: string;
  let unverified: string;
  let ownerId: string;
  let admin: string;
  let suspended: string; // the cookie a suspended user had before the suspension
  let suspendedId: string;
  const adminAccount = { ...newAccount("Ada Admin"), email: "ada-admin@example.com" };

  beforeAll(async () => {
    app = await startHostileApp("authz", {
      ADMIN_EMAILS: adminAccount.email,
    });
    url = app.url;
    owner = await postSignUp(url, ownerAccount);
    other = await postSignUp(url, otherAccount);
    unverified = await postSignUp(url, unverifiedAccount, { verified: false });
    ownerId = (await app.state.userId(ownerAccount.email)) ?? "";
    admin = await postSignUp(url, adminAccount);
    const suspendedAccount = newAccount("Sid Suspended");
    suspended = await postSignUp(url, suspendedAccount);
    suspendedId = (await app.state.userId(suspendedAccount.email)) ?? "";
    const suspension = await postForm(
      `${url}/admin`,
      { intent: "suspend-user", id: suspendedId },
      { cookie: admin },
    );
    expect(toastMessage(suspension)).toBe("User suspended");
  }, 180_000);

  afterAll(async () => {
    if (app) console.log(`authorization matrix on ${app.engine}:\n${matrix.table()}`);
    await app?.close();
  });

  it("change the owner's name by better-auth's API", async () => {
    const ownerRow = () => app.state.row("user", ownerId);
    const operation = "change name (auth API)";
    const attempt = (cookie: string | undefined, name: string) =>
      send(`${url}/api/auth/update-user`, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ name, userId: ownerId, id: ownerId }),
      });
    const visitor = await unchangedBy(app, () => attempt(undefined, "Renamed by a visitor"));
    expect([302, 401]).toContain(visitor.status);
    matrix.record(operation, "visitor", visitor);
    // The other user may rename themselves; whatever the request names, the owner's row stays as it was.
    const before = await ownerRow();
    const intruder = await attempt(other, "Renamed by Mallory");
    expect(intruder.status).toBe(200);
    expect(await ownerRow()).toEqual(before);
    matrix.record(operation, "other user", intruder, "own name only; owner's unchanged");
    const own = await attempt(owner, "Olivia Api");
    expect(own.status).toBe(200);
    expect((await ownerRow())?.name).toBe("Olivia Api");
    matrix.record(operation, "owner", own, "renamed");
  });

  it("start an upload (tus POST): signed-in, verified users only", async () => {
    const operation = "upload: POST (create)";
    const create = (cookie?: string) =>
      send(`${url}/api/uploads`, {
        method: "POST",
        cookie,
        headers: {
          ...TUS,
          "Upload-Length": "1000",
          "Upload-Metadata": uploadMetadata({ filename: "a.jpg" }),
        },
      });
    for (const [actor, cookie] of [
      ["visitor", undefined],
      ["unverified", unverified],
    ] as const) {
      const refused = await unchangedBy(app, () => create(cookie));
      expect(refused.status).toBe(401);
      matrix.record(operation, actor, refused, "refused: sign in (verified)");
    }
    const own = await create(owner);
    expect(own.status).toBe(201);
    matrix.record(operation, "owner", own, "created");
  });

  it("resume, finish and abandon the owner's upload (tus HEAD, PATCH, DELETE)", async () => {
    const photo = await makeJpeg("#4d7c0f");
    const half = Math.floor(photo.byteLength / 2);
    const start = async () => {
      const created = await createUpload(url, owner, {
        "Upload-Length": String(photo.byteLength),
        "Upload-Metadata": uploadMetadata({ filename: "garden.jpg" }),
      });
      const location = new URL(created.location ?? "", url).href;
      expect((await patchUpload(location, owner, 0, photo.subarray(0, half))).status).toBe(204);
      return location;
    };
    const upload = await start();
    const head = (cookie?: string) => send(upload, { method: "HEAD", cookie, headers: TUS });
    const finish = (cookie?: string) => patchUpload(upload, cookie, half, photo.subarray(half));
    for (const [operation, attempt, ownStatus] of [
      ["upload: HEAD (resume)", head, 200],
      ["upload: PATCH (finish)", finish, 204],
    ] as const) {
      const visitor = await unchangedBy(app, () => attempt(undefined));
      expect(visitor.status).toBe(401);
      matrix.record(operation, "visitor", visitor, "refused: sign in");
      const intruder = await unchangedBy(app, () => attempt(other));
      expect(intruder.status).toBe(404); // someone else's upload answers like a missing one
      matrix.record(operation, "other user", intruder, "refused: as if missing");
      const own = await attempt(owner);
      expect(own.status).toBe(ownStatus);
      matrix.record(operation, "owner", own, ownStatus === 200 ? `offset ${half}` : "finished: image stored");
    }
    const abandoned = await start();
    const remove = (cookie?: string) => send(abandoned, { method: "DELETE", cookie, headers: TUS });
    const visitor = await unchangedBy(app, () => remove());
    expect(visitor.status).toBe(401);
    matrix.record("upload: DELETE (abandon)", "visitor", visitor, "refused: sign in");
    const intruder = await unchangedBy(app, () => remove(other));
    expect(intruder.status).toBe(404);
    matrix.record("upload: DELETE (abandon)", "other user", intruder, "refused: as if missing");
    const before = await app.state.snapshot();
    const own = await remove(owner);
    expect(own.status).toBe(204);
    expect((await app.state.snapshot()).files.staging.count).toBeLessThan(before.files.staging.count);
    matrix.record("upload: DELETE (abandon)", "owner", own, "staging removed");
  });

  it("better-auth's admin endpoints over HTTP are closed to everyone, administrators included", async () => {
    for (const [path, body] of [
      ["/api/auth/admin/set-role", { userId: ownerId, role: "admin" }],
      ["/api/auth/admin/ban-user", { userId: ownerId }],
      ["/api/auth/admin/impersonate-user", { userId: ownerId }],
      ["/api/auth/admin/set-user-password", { userId: ownerId, newPassword: "taken-over-123" }],
    ] as const) {
      const operation = `auth API ${path.replace("/api/auth", "")}`;
      for (const [actor, cookie] of [
        ["visitor", undefined],
        ["unverified", unverified],
        ["other user", other],
        ["owner", owner],
        ["suspended", suspended],
        ["admin", admin],
      ] as const) {
        const answer = await unchangedBy(app, () =>
          send(`${url}${path}`, {
            method: "POST",
            cookie,
            headers: { "content-type": "application/json", origin: url },
            body: JSON.stringify(body),
          }),
        );
        expect(answer.status).toBe(404);
        matrix.record(operation, actor, answer, "closed (404)");
      }
    }
  });
});
