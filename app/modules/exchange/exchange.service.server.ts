import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/db/db.server.ts";
import { ForbiddenError } from "#app/http/errors.ts";
import { requireAgencyManager } from "#app/modules/agency/agency.service.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { languageOf, msg } from "#app/modules/i18n/i18n.ts";
import { mailImageUrl } from "#app/modules/image/image.rules.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { findListingReferences } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { findOpenHousesOfListings } from "#app/modules/viewing/viewing.repo.server.ts";
import { writeListingsCsv } from "./exchange.csv.ts";
import { writeKyeroFeed } from "./exchange.kyero.ts";
import type { ExportFeed, ExportItem, ExportOpenHouse, FeedLinks } from "./exchange.model.ts";
import { writeOpenImmoFeed } from "./exchange.openimmo.ts";
import { listingReference } from "./exchange.reference.ts";
import {
  type FeedOwner,
  findAgencyName,
  findExportFeedById,
  findExportFeedOf,
  findFeedListings,
  findUserNames,
  replaceExportFeed,
} from "./exchange.repo.server.ts";

// A lister's export feeds: one secret link per agency (its owners and admins manage it) or private lister,
// serving a Kyero feed, an OpenImmo export and a CSV of their listed homes. The link names the feed's id and a
// random token; the token is compared in constant time, and regenerating replaces both, so an old link stops
// working at once. Every export is the public view of a listing: hidden addresses stay hidden.

/** The files a feed link serves. */
export const EXPORT_FILES = {
  "kyero.xml": { format: "kyero", contentType: "application/xml; charset=utf-8" },
  "openimmo.xml": { format: "openImmo", contentType: "application/xml; charset=utf-8" },
  "listings.csv": { format: "csv", contentType: "text/csv; charset=utf-8" },
} as const;
export type ExportFile = keyof typeof EXPORT_FILES;

export const FEED_MESSAGES = {
  created: msg("Feed links created"),
  regenerated: msg("New feed links made: the old ones no longer work"),
  notYours: msg("You can not manage these feeds"),
} as const;

/** The links of a feed, by file. */
export function feedLinks(publicUrl: string, feed: { id: string; token: string }): FeedLinks {
  const base = `${publicUrl}/feeds/${feed.id}/${feed.token}`;
  return {
    kyero: `${base}/kyero.xml`,
    openImmo: `${base}/openimmo.xml`,
    csv: `${base}/listings.csv`,
  };
}

/** The owner's feed links, or null while they have none. */
export async function findFeedLinks(db: Db, publicUrl: string, owner: FeedOwner) {
  const feed = await findExportFeedOf(db, owner);
  return feed ? feedLinks(publicUrl, feed) : null;
}

/** Makes (or remakes) the owner's feed links; an agency's by its owners and admins, a lister's by themself. */
export async function regenerateFeedLinks(db: Db, user: Pick<SessionUser, "id">, owner: FeedOwner) {
  if ("agencyId" in owner) await requireAgencyManager(db, owner.agencyId, user);
  else if (owner.userId !== user.id) throw new ForbiddenError(FEED_MESSAGES.notYours);
  const had = await findExportFeedOf(db, owner);
  await replaceExportFeed(db, owner, randomUUID(), randomBytes(32).toString("base64url"), Date.now());
  return had ? FEED_MESSAGES.regenerated : FEED_MESSAGES.created;
}

/** The owner of the feed a link names, when its token is the feed's; undefined otherwise (answered 404). */
export async function openFeedLink(db: Db, id: string, token: string): Promise<FeedOwner | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(id) || token.length > 100) return undefined;
  const feed = await findExportFeedById(db, id);
  if (!feed) return undefined;
  const given = Buffer.from(token);
  const kept = Buffer.from(feed.token);
  if (given.byteLength !== kept.byteLength || !timingSafeEqual(given, kept)) return undefined;
  if (feed.agencyId) return { agencyId: feed.agencyId };
  return feed.userId ? { userId: feed.userId } : undefined;
}

/** What an export needs of the site's settings. */
export type ExportSettings = {
  publicUrl: string;
  siteName: string;
  locale: string;
  currency: string;
};

function exportItem(
  listing: Listing,
  publicUrl: string,
  names: Map<string, string>,
  references: ReadonlyMap<string, string>,
): ExportItem {
  // JPEGs: Kyero takes no WebP, and the app makes a JPEG of any photo when first asked (image.rules.ts).
  const image = (entry: Listing["images"][number]) => ({
    url: mailImageUrl(entry, publicUrl),
    caption: entry.caption,
  });
  return {
    listing,
    ref: listingReference(listing, references),
    url: `${publicUrl}${listingPath(listing)}`,
    photos: listing.images.map(image),
    floorPlans: listing.floorPlans.map(image),
    contactName: names.get(listing.userRef) ?? "",
  };
}

/** The open houses still to end of `listings`, by listing, soonest first. */
async function findFeedOpenHouses(db: Db, listings: { id: string }[]) {
  const now = Date.now();
  const found: (ExportOpenHouse & { listingId: string })[] = [];
  for (let i = 0; i < listings.length; i += 500) {
    const ids = listings.slice(i, i + 500).map((listing) => listing.id);
    for (const time of await findOpenHousesOfListings(db, ids, now)) {
      found.push({
        listingId: time.listingId,
        kind: time.kind,
        startsAt: time.startsAt,
        endsAt: time.endsAt,
        timeZone: time.timeZone,
      });
    }
  }
  return Map.groupBy(found, (time) => time.listingId);
}

/**
 * The export `file` of the owner's listed homes, or, with no owner, the site's own feed of every listed home
 * (PARTNER_FEEDS).
 */
export async function renderExport(
  db: Db,
  settings: ExportSettings,
  owner: FeedOwner | null,
  file: ExportFile,
): Promise<string> {
  const listings = await findFeedListings(db, owner);
  const names = await findUserNames(db, [
    ...listings.map((listing) => listing.userRef),
    ...(owner && "userId" in owner ? [owner.userId] : []),
  ]);
  const publisher =
    owner === null
      ? { id: "site", name: settings.siteName }
      : "agencyId" in owner
        ? { id: owner.agencyId, name: (await findAgencyName(db, owner.agencyId)) ?? settings.siteName }
        : { id: owner.userId, name: names.get(owner.userId) ?? settings.siteName };
  const feed: ExportFeed = {
    publisher,
    siteName: settings.siteName,
    publicUrl: settings.publicUrl,
    currency: settings.currency,
    language: languageOf(settings.locale),
    generatedAt: Date.now(),
  };
  // The lister's own references are theirs: in their own exports, not in the site's partner feed.
  const references = owner
    ? await findListingReferences(
        db,
        listings.map((listing) => listing.id),
      )
    : new Map();
  const format = EXPORT_FILES[file].format;
  // Only OpenImmo has a place for viewing times (decision 072; Kyero v3 and the CSV template have none).
  const openHouses =
    format === "openImmo" ? await findFeedOpenHouses(db, listings) : new Map<string, ExportOpenHouse[]>();
  const items = listings.map((listing) => ({
    ...exportItem(listing, settings.publicUrl, names, references),
    openHouses: openHouses.get(listing.id) ?? [],
  }));
  if (format === "kyero") return writeKyeroFeed(feed, items);
  if (format === "openImmo") return writeOpenImmoFeed(feed, items);
  return writeListingsCsv(items);
}
