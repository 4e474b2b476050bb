import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuthorizationMatrix,
  expectNotYours,
  expectSignIn,
  unchangedBy,
} from "#tests/ops/support/authz-matrix.ts";
import { type HostileApp, startHostileApp } from "#tests/ops/support/hostile-app.ts";
import { listingEntries, publishListing, validListing } from "#tests/ops/support/listing-forms.ts";
import {
  createUpload,
  makeJpeg,
  patchUpload,
  TUS,
  uploadMetadata,
  uploadPhoto,
} from "#tests/ops/support/tus-client.ts";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import { type FormEntries, postForm, send, toastMessage } from "#tests/support/http.ts";
import { postgresUrlFromEnv } from "#tests/support/pg.ts";
import { SKIP_REASON } from "./ops-support.ts";

/**
 * Issue 5, authorization: every write, by a visitor, by another signed-in user and by the owner, against the
 * production server. Only the owner's attempt may change anything: a visitor is sent to sign in (or gets a
 * 401 from the APIs), another user is refused with the spec's message (or as if the thing did not exist), and
 * the whole app state is compared before and after each refused attempt. The matrix is printed at the end.
 */
const postgres = postgresUrlFromEnv();

describe.skipIf(SKIP_REASON)(`authorization matrix (${postgres ? "PostgreSQL" : "SQLite"})`, () => {
  const matrix = new AuthorizationMatrix();
  const ownerAccount = newAccount("Olivia Owner");
  let app: HostileApp;
  let url: string;
  let owner: string; // session cookies
  let other: string;
  let ownerId: string;

  beforeAll(async () => {
    app = await startHostileApp("authz");
    url = app.url;
    owner = await postSignUp(url, ownerAccount);
    other = await postSignUp(url, newAccount("Mallory Other"));
    ownerId = (await app.state.userId(ownerAccount.email)) ?? "";
  }, 180_000);

  afterAll(async () => {
    if (app) console.log(`authorization matrix on ${app.engine}:\n${matrix.table()}`);
    await app?.close();
  });

  /** A listing of the owner's with `photos` photos; returns its id and photo ids (cover first). */
  async function ownersListing(name: string, photos = 1) {
    const ids: string[] = [];
    for (let index = 0; index < photos; index++)
      ids.push(await uploadPhoto(url, owner, ["#1d4ed8", "#be123c"][index]));
    return { id: await publishListing(url, owner, validListing(ids, name)), photos: ids };
  }

  /** Posts `entries` to `path` as a visitor and as the other user, each refused and changing nothing. */
  async function refusedForOthers(operation: string, path: string, entries: FormEntries, refusal?: string) {
    const visitor = await unchangedBy(app, () => postForm(`${url}${path}`, entries));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const intruder = await unchangedBy(app, () => postForm(`${url}${path}`, entries, { cookie: other }));
    if (refusal) expect(intruder.body).toContain(refusal);
    matrix.record(operation, "other user", intruder, refusal && `refused: ${refusal}`);
    return intruder;
  }

  it("create a listing with the owner's photo", async () => {
    const photo = await uploadPhoto(url, owner);
    const form = listingEntries(validListing([photo], "Owner's new flat"));
    const refusal = "Some images are no longer available";
    const intruder = await refusedForOthers(
      "create listing (owner's photo)",
      "/create-listing",
      form,
      refusal,
    );
    expect(intruder.status).toBe(400);
    const own = await postForm(`${url}/create-listing`, form, { cookie: owner });
    matrix.record("create listing (owner's photo)", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    const id = own.location?.split("/").at(-1) ?? "";
    expect(await app.state.listingImageIds(id)).toEqual([photo]);
  });

  it("open the edit form of a listing", async () => {
    const { id } = await ownersListing("Flat to be looked at");
    const operation = "open edit form";
    const visitor = await unchangedBy(app, () => send(`${url}/edit-listing/${id}`));
    expectSignIn(visitor);
    matrix.record(operation, "visitor", visitor);
    const intruder = await unchangedBy(app, () => send(`${url}/edit-listing/${id}`, { cookie: other }));
    expectNotYours(intruder);
    matrix.record(operation, "other user", intruder);
    const own = await send(`${url}/edit-listing/${id}`, { cookie: owner });
    expect(own.status).toBe(200);
    expect(own.body).toContain("Flat to be looked at");
    matrix.record(operation, "owner", own, "the form, filled in");
  });

  it("edit a listing", async () => {
    const { id, photos } = await ownersListing("Flat before the edit");
    const form = listingEntries(validListing(photos, "Flat after the edit"));
    expectNotYours(await refusedForOthers("edit listing", `/edit-listing/${id}`, form));
    const own = await postForm(`${url}/edit-listing/${id}`, form, { cookie: owner });
    matrix.record("edit listing", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    expect((await app.state.row("listing", id))?.name).toBe("Flat after the edit");
  });

  it("delete a photo by saving the listing without it", async () => {
    const { id, photos } = await ownersListing("Flat with two photos", 2);
    const form = listingEntries(validListing([photos[0]!], "Flat with two photos"));
    expectNotYours(await refusedForOthers("delete a photo (edit)", `/edit-listing/${id}`, form));
    const before = await app.state.snapshot();
    const own = await postForm(`${url}/edit-listing/${id}`, form, { cookie: owner });
    matrix.record("delete a photo (edit)", "owner", own);
    expect(toastMessage(own)).toBe("Listing saved");
    expect(await app.state.listingImageIds(id)).toEqual([photos[0]]);
    expect(await app.state.row("image", photos[1]!)).toBeUndefined();
    expect((await app.state.snapshot()).files.images.count).toBeLessThan(before.files.images.count);
  });

  it("delete a listing", async () => {
    const { id } = await ownersListing("Flat to be deleted");
    const form: FormEntries = [
      ["intent", "delete-listing"],
      ["listingId", id],
    ];
    const intruder = await refusedForOthers(
      "delete listing",
      "/profile",
      form,
      "You can not delete that listing",
    );
    expect(intruder.status).toBe(403);
    const own = await postForm(`${url}/profile`, form, { cookie: owner });
    matrix.record("delete listing", "owner", own);
    expect(toastMessage(own)).toBe("Successfully deleted listings");
    expect(await app.state.row("listing", id)).toBeUndefined();
  });

  it("change the owner's name, by the profile form and by better-auth's API", async () => {
    const ownerRow = () => app.state.row("user", ownerId);
    const form = (name: string): FormEntries => [
      ["intent", "update-name"],
      ["name", name],
      ["userId", ownerId],
      ["email", ownerAccount.email],
    ];
    const api = (cookie: string | undefined, name: string) =>
      send(`${url}/api/auth/update-user`, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ name, userId: ownerId, id: ownerId }),
      });
    for (const [operation, attempt] of [
      [
        "change name (profile form)",
        (cookie: string | undefined, name: string) => postForm(`${url}/profile`, form(name), { cookie }),
      ],
      ["change name (auth API)", api],
    ] as const) {
      const visitor = await unchangedBy(app, () => attempt(undefined, "Renamed by a visitor"));
      expect([302, 401]).toContain(visitor.status);
      matrix.record(operation, "visitor", visitor);
      // The other user may rename themselves; whatever the request names, the owner's row stays as it was.
      const before = await ownerRow();
      const intruder = await attempt(other, "Renamed by Mallory");
      expect(intruder.status).toBe(200);
      expect(await ownerRow()).toEqual(before);
      matrix.record(operation, "other user", intruder, "own name only; owner's unchanged");
      const own = await attempt(owner, `Olivia ${operation.includes("API") ? "Api" : "Form"}`);
      expect(own.status).toBe(200);
      expect((await ownerRow())?.name).toBe(`Olivia ${operation.includes("API") ? "Api" : "Form"}`);
      matrix.record(operation, "owner", own, "renamed");
    }
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

  it("see the landlord's contact page (signed-in users only; it shows the e-mail address)", async () => {
    const path = `/contact/${ownerId}?listingName=Flat`;
    const visitor = await unchangedBy(app, () => send(`${url}${path}`));
    expectSignIn(visitor);
    expect(visitor.body).not.toContain(ownerAccount.email);
    matrix.record("contact landlord (GET)", "visitor", visitor);
    for (const [actor, cookie] of [
      ["other user", other],
      ["owner", owner],
    ] as const) {
      const page = await unchangedBy(app, () => send(`${url}${path}`, { cookie }));
      expect(page.status).toBe(200);
      expect(page.body).toContain(`mailto:${ownerAccount.email}`);
      matrix.record("contact landlord (GET)", actor, page, "the page, with the e-mail");
    }
  });
});
