import fc from "fast-check";
import { newAccount, postSignUp } from "#tests/support/accounts.ts";
import type { HostileApp } from "./hostile-app.ts";
import { publishListing, validListing } from "./listing-forms.ts";
import { createUpload, patchUpload, uploadMetadata, uploadPhoto } from "./tus-client.ts";

/**
 * What the hostile requests aim at, made through the app's own HTTP interface: a signed-in user with a
 * listing and a pending photo, and another user with a listing, a pending photo and a half-sent upload.
 */
export type HostileWorld = {
  url: string;
  /** The signed-in user's session cookie. */
  user: string;
  userEmail: string;
  ownListing: string;
  /** The user's uploaded photo that no listing uses yet. */
  ownPending: string;
  othersListing: string;
  /** The URL of another user's unfinished upload (500 of 1000 bytes sent). */
  othersUpload: string;
};

export async function buildHostileWorld(app: HostileApp): Promise<HostileWorld> {
  const { url } = app;
  const account = newAccount("Hostile Tester");
  const user = await postSignUp(url, account);
  const other = await postSignUp(url, newAccount("Other Owner"));
  const ownPending = await uploadPhoto(url, user);
  const ownListing = await publishListing(url, user, validListing([await uploadPhoto(url, user, "#c0392b")]));
  const othersPhoto = await uploadPhoto(url, other, "#7d3c98");
  const othersListing = await publishListing(url, other, validListing([othersPhoto], "Other owner's garden"));
  const started = await createUpload(url, other, {
    "Upload-Length": "1000",
    "Upload-Metadata": uploadMetadata({ filename: "half.jpg" }),
  });
  const othersUpload = new URL(started.location ?? "", url).href;
  const half = await patchUpload(othersUpload, other, 0, new Uint8Array(500));
  if (half.status !== 204) throw new Error(`half an upload answered ${half.status}: ${half.body}`);
  return {
    url,
    user,
    userEmail: account.email,
    ownListing,
    ownPending,
    othersListing,
    othersUpload,
  };
}

/** Who sends: a visitor, or (twice as often: more of the app runs for them) the signed-in user. */
export function actors(world: HostileWorld) {
  return fc.oneof(
    { arbitrary: fc.constant<[string, string | undefined]>(["visitor", undefined]), weight: 1 },
    { arbitrary: fc.constant<[string, string | undefined]>(["user", world.user]), weight: 2 },
  );
}
