import type { ColumnType, Insertable, Selectable } from "kysely";

/**
 * Row types of every table, as the database holds them. Booleans are 0/1 integers on SQLite and booleans on
 * PostgreSQL; repos convert them, nowhere else. Timestamps we own are epoch milliseconds (bigint), so keyset
 * pagination compares plain numbers on both engines. better-auth's own tables keep its conventions.
 */
type DbBoolean = ColumnType<boolean | number, boolean, boolean>;
type NullableBoolean = ColumnType<boolean | number | null, boolean | null | undefined, boolean | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** An energy class of any scale (listing.energy.ts): A-G, Germany's A+ to H, Ireland's A1 to G. */
type EnergyClassValue =
  | "A+"
  | "A"
  | "A1"
  | "A2"
  | "A3"
  | "B"
  | "B1"
  | "B2"
  | "B3"
  | "C"
  | "C1"
  | "C2"
  | "C3"
  | "D"
  | "D1"
  | "D2"
  | "E"
  | "E1"
  | "E2"
  | "F"
  | "G"
  | "H";
type FurnishedValue = "unfurnished" | "partly" | "furnished";
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  /** The lister's choice: their listings take enquiries through the site only, never by e-mail. */
  keepEmailPrivate: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** better-auth's admin plugin: "admin" for the people ADMIN_EMAILS names, else "user" (or null). */
  role: ColumnType<string | null, string | null | undefined, string | null>;
  /** Suspended by a moderator (the admin plugin's ban): cannot sign in, their listings are not listed. */
  banned: ColumnType<boolean | number, boolean | undefined, boolean>;
  banReason: ColumnType<string | null, string | null | undefined, string | null>;
  banExpires: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** better-auth's organization plugin: the agency the session works in (unused by our pages). */
  activeOrganizationId: Nullable<string>;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** An agency: better-auth's organization, with the agency's profile as its additional fields (decision 061). */
export interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: Nullable<string>;
  metadata: Nullable<string>;
  createdAt: AuthDate;
  about: string;
  officeAddress: string;
  officeLat: number;
  officeLng: number;
  phone: Nullable<string>;
  legalName: string;
  registrationNumber: Nullable<string>;
  /** Where the site reaches the agency; never shown to anyone. */
  contactEmail: string;
  /** Set while an administrator suspends the agency (epoch ms): its listings are hidden from the public. */
  suspendedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A user's membership of an agency, with their role there ("owner", "admin", "agent"). */
export interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: AuthDate;
}

/** An invitation to join an agency, bound to one address; "pending" until accepted, canceled or rejected. */
export interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  inviterId: string;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number, number | bigint, number | bigint>;
}

export interface ListingTable {
  id: string;
  /** The lister: the private owner, or for an agency's listing its listing agent. */
  userRef: string;
  /** The agency the listing is published as (decision 061); null for a private lister's. */
  agencyId: Nullable<string>;
  type: "rent" | "sale";
  name: string;
  bedrooms: number;
  bathrooms: number;
  parking: DbBoolean;
  /** Unfurnished, partly or fully (text on both engines: SQLite's integer column keeps the words). */
  furnished: FurnishedValue;
  location: string;
  offer: DbBoolean;
  regularPrice: number;
  discountedPrice: number | null;
  lat: number;
  lng: number;
  timestamp: ColumnType<number, number, number>;
  status: ColumnType<ListingStatusValue, ListingStatusValue | undefined, ListingStatusValue>;
  /** When it was first published (epoch ms); null: its timestamp (rows older than the column, tools). */
  publishedAt: NullableMs;
  /** Its last change: a save, a status, a renewal; null: its timestamp. */
  changedAt: NullableMs;
  /** When its owner last said it is current (publish, edit, Confirm, Renew, Mark as available); null: its timestamp. */
  confirmedAt: NullableMs;
  /** When "Is your home still available?" went out since the last confirmation; null when none did. */
  reminderSentAt: NullableMs;
  /** When it was hidden for want of a confirmation; null while it is not. */
  expiredAt: NullableMs;
  /** When a moderator hid it (epoch ms); null while it is public. */
  hiddenAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether the page shows the house number and a pin (else the street and a circle); true by default. */
  exactAddress: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** With the exact address hidden, the owner's exact address and pin (location, lat, lng are the public ones); else null. */
  exactLocation: ColumnType<string | null, string | null | undefined, string | null>;
  exactLat: ColumnType<number | null, number | null | undefined, number | null>;
  exactLng: ColumnType<number | null, number | null | undefined, number | null>;
  /** The lister's own reference (RESO ListingId), unique per agency or per private lister; null when none. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  // What the listing tells about the home (null on listings saved before these were asked): areas in m², money
  // in whole units of the site's currency, availableFrom a date (YYYY-MM-DD) or "now".
  description: Nullable<string>;
  propertyType: Nullable<"flat" | "house" | "townhouse" | "studio" | "room" | "land">;
  livingArea: Nullable<number>;
  plotArea: Nullable<number>;
  rooms: Nullable<number>;
  yearBuilt: Nullable<number>;
  condition: Nullable<"newBuild" | "good" | "needsRenovation">;
  floor: Nullable<number>;
  floorsTotal: Nullable<number>;
  lift: NullableBoolean;
  stepFree: NullableBoolean;
  availableFrom: Nullable<string>;
  leaseMonths: Nullable<number>;
  deposit: Nullable<number>;
  monthlyCharges: Nullable<number>;
  heatingIncluded: NullableBoolean;
  serviceCharge: Nullable<number>;
  pets: Nullable<"allowed" | "notAllowed" | "byArrangement">;
  tourUrl: Nullable<string>;
  // Its energy (null on listings saved before it was asked): the rating is a class of the site's scale
  // (listing.energy.ts), energy use in kWh/m²·year, validity a date (YYYY-MM-DD), costs in whole units.
  energyCertificate: Nullable<"certificate" | "exempt" | "appliedFor">;
  energyRating: Nullable<EnergyClassValue>;
  energyUse: Nullable<number>;
  energyValidUntil: Nullable<string>;
  energyCertificateType: Nullable<"demand" | "consumption">;
  energySource: Nullable<
    "gas" | "oil" | "districtHeating" | "electricity" | "heatPump" | "wood" | "solar" | "other"
  >;
  ghgRating: Nullable<"A" | "B" | "C" | "D" | "E" | "F" | "G">;
  energyCostMin: Nullable<number>;
  energyCostMax: Nullable<number>;
  tenure: Nullable<"freehold" | "leasehold" | "shareOfFreehold">;
  councilTaxBand: Nullable<"A" | "B" | "C" | "D" | "E" | "F" | "G" | "H">;
  /** What a visitor pays: the discounted price with an offer, else the regular price. Generated by the database. */
  price: ColumnType<number, never, never>;
  /**
   * The price per square metre of living area (per month for a rent): the search's price-per-area sort.
   * Generated by the database; null without a living area.
   */
  pricePerArea: ColumnType<number | null, never, never>;
}

/**
 * SQLite only (search, decision 028): a stable integer key per listing, the key of its rows in the FTS5 table
 * `listing_fts` (folded name and address) and the R*Tree `listing_area`, all kept by triggers.
 */
export interface ListingKeyTable {
  key: number;
  listingId: string;
}

/**
 * The search map's cells (decision 044): per zoom level of a fixed grid (squares of 360 / 2^level degrees), how
 * many listed listings a cell holds and the sums of their coordinates. Kept by triggers; only read by the app.
 */
export interface MapCellTable {
  level: number;
  x: number;
  y: number;
  count: number;
  sumLat: number;
  sumLng: number;
}

type NullableMs = ColumnType<number | null, number | null | undefined, number | null>;
type ListingStatusValue = "available" | "let" | "sold";

/** A change of a listing's price (the price paid: the discounted one with an offer). */
export interface ListingPriceTable {
  id: string;
  listingId: string;
  previousPrice: number;
  price: number;
  changedAt: ColumnType<number, number, number>;
}

/** A processed photo. listingId is null while the photo is uploaded but not yet part of a saved listing. */
export interface ImageTable {
  id: string;
  userId: string;
  listingId: string | null;
  position: number;
  storageKey: string;
  width: number;
  height: number;
  createdAt: ColumnType<number, number, number>;
  /** A photo of the home, or one of its floor plans; set when a save attaches it ("photo" until then). */
  kind: ColumnType<ImageKind, ImageKind | undefined, ImageKind>;
  /** The lister's words for it (plain text), or null. */
  caption: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agency whose logo it is (decision 061); null for a listing's images and pending uploads. */
  agencyId: Nullable<string>;
  /** The URL it was fetched from (the API, imports), so the same URL is not fetched twice; null for an upload. */
  sourceUrl: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What an image of a listing shows: the home (gallery, cover) or a floor plan (its own section). */
export type ImageKind = "photo" | "floorPlan";

/** Enquiries about one listing between its owner and one enquirer (CONTACT_MODE=relay, or a private lister). */
export interface MessageThreadTable {
  id: string;
  listingId: string;
  ownerId: string;
  enquirerId: string;
  createdAt: ColumnType<number, number, number>;
  lastMessageAt: ColumnType<number, number, number>;
  /** Epoch ms up to which each side has read the thread; the other side's later messages are unread. */
  ownerReadAt: ColumnType<number, number | undefined, number>;
  enquirerReadAt: ColumnType<number, number | undefined, number>;
}

export interface MessageTable {
  id: string;
  threadId: string;
  authorId: string;
  body: string;
  createdAt: ColumnType<number, number, number>;
}

/** `blockerId` takes no more messages from `blockedId`. */
export interface UserBlockTable {
  id: string;
  blockerId: string;
  blockedId: string;
  createdAt: ColumnType<number, number, number>;
}

/** One counted action of a limit (app/modules/limits); `member` tells apart what a distinct limit counts. */
export interface LimitHitTable {
  id: string;
  rule: string;
  key: string;
  member: string;
  at: ColumnType<number, number, number>;
}

/** A photo upload started by `userId`, with its declared size; counts toward the pending-photo caps. */
export interface UploadClaimTable {
  id: string;
  userId: string;
  bytes: ColumnType<number, number, number>;
  createdAt: ColumnType<number, number, number>;
}

type Millis = ColumnType<number, number, number>;

/** A home a user saved (the heart). No foreign key to the listing: a deleted home stays, shown as removed. */
export interface SavedListingTable {
  userId: string;
  listingId: string;
  /** The listing's name when saved, shown once the listing is gone. */
  name: string;
  /** The price the saver last heard of (saved at, or the last price-drop digest), for the next drop. */
  notifiedPrice: number | null;
  /** The status the saver last heard of (let, sold), for the digest; null: available when saved. */
  notifiedStatus: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Millis;
}

export type AlertFrequency = "instant" | "daily" | "weekly" | "off";

/** A search a user saved: its /search query string, and how often it e-mails new matches. */
export interface SavedSearchTable {
  id: string;
  userId: string;
  query: string;
  frequency: AlertFrequency;
  createdAt: Millis;
  /** Listings published after this are new to the search (its next alert starts here). */
  lastAlertAt: Millis;
  /** When a daily or weekly search is next due (instant ones are due at every sweep). */
  nextRunAt: Millis;
  /** Set when its e-mails kept bouncing: no alerts until the user turns it on again. */
  pausedAt: Millis | null;
}

/** An alert e-mail to send (or sent): written with the sweep's step, claimed by one sender at a time. */
export interface AlertDeliveryTable {
  id: string;
  /** "search": a saved search's news; "digest": saved homes' news; "openHouse": new open houses (decision 072). */
  kind: "search" | "digest" | "openHouse";
  userId: string;
  savedSearchId: string | null;
  /** JSON array of listing ids the e-mail shows. */
  listingIds: string;
  createdAt: Millis;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Millis;
  claimedUntil: ColumnType<number, number | undefined, number>;
  claimToken: string | null;
  sentAt: Millis | null;
  pausedAt: Millis | null;
  lastError: string | null;
  /**
   * JSON array of the price drops the e-mail shows: { listingId, previousPrice, price }; for "openHouse", the
   * open houses it tells of: { listingId, openHouseId }.
   */
  changes: ColumnType<string, string | undefined, string>;
}

/** A listing a saved search has announced, and the price it last told (a lower one is a price drop). */
export interface SavedSearchListingTable {
  savedSearchId: string;
  listingId: string;
  price: number;
  announcedAt: Millis;
}

/** How often a user hears of their saved homes' news; no row: instant. */
export interface SavedHomeAlertTable {
  userId: string;
  frequency: AlertFrequency;
  /** When a daily or weekly user is next due (instant ones are due at every sweep). */
  nextRunAt: Millis;
}

export type ReportReason = "scam" | "wrong-information" | "offensive" | "unavailable" | "other";
export type ReportStatus = "open" | "dismissed" | "actioned";

/**
 * A report of a listing, open until a moderator acts on it or dismisses it: a user's (reporterId), or a
 * visitor's who confirmed their address (reporterEmail, kept until the outcome is told).
 */
export interface ReportTable {
  id: string;
  listingId: string;
  reporterId: string | null;
  reporterEmail: ColumnType<string | null, string | null | undefined, string | null>;
  reason: ReportReason;
  details: string | null;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  createdAt: ColumnType<number, number, number>;
  resolvedAt: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the report went out in the administrators' digest; null until then. */
  digestedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

export type AuditAction =
  | "hide-listing"
  | "restore-listing"
  | "suspend-user"
  | "lift-suspension"
  | "dismiss-report"
  | "close-review"
  | "suspend-agency"
  | "lift-agency-suspension";

/** Every moderator action: who, what, when (names copied so the log outlives what it names). */
export interface AuditLogTable {
  id: string;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  listingId: string | null;
  listingName: string | null;
  targetUserId: string | null;
  targetUserName: string | null;
  reportId: string | null;
  createdAt: ColumnType<number, number, number>;
}

/** A visitor's report waiting for its e-mailed link to be followed (only a hash of the link's token is kept). */
export interface ReportRequestTable {
  id: string;
  listingId: string;
  /** The visitor's address, lower case. */
  email: string;
  reason: ReportReason;
  details: string | null;
  tokenHash: string;
  createdAt: ColumnType<number, number, number>;
  expiresAt: ColumnType<number, number, number>;
}

export type HideReason = "scam" | "wrong-information" | "offensive" | "duplicate" | "other";

/** A moderator's decision to hide a listing: why, in words for the owner, and the owner's one review request. */
export interface ListingDecisionTable {
  id: string;
  listingId: string;
  reason: HideReason;
  note: string;
  moderatorId: string | null;
  createdAt: ColumnType<number, number, number>;
  reviewRequestedAt: ColumnType<number | null, number | null | undefined, number | null>;
  reviewMessage: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a moderator answered the review (restored, or kept hidden); null while it waits. */
  reviewClosedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One row ("reports"): when the last report digest was sent, claimed by one instance at a time. */
export interface ReportDigestTable {
  id: string;
  sentAt: ColumnType<number, number, number>;
}

/** A named background job's lease (app/modules/jobs): epoch milliseconds; leaseUntil 0 when nobody holds it. */
export interface JobLeaseTable {
  name: string;
  holder: string | null;
  leaseUntil: ColumnType<number, number | undefined, number>;
  nextRunAt: ColumnType<number, number | undefined, number>;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastError: string | null;
}

/** An e-mail the app owes (app/modules/mail): queued with the write it belongs to, sent by the job "mail-outbox". */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** JSON object of extra headers (List-Unsubscribe ...), or null. */
  headers: string | null;
  createdAt: Millis;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Millis;
  claimedUntil: ColumnType<number, number | undefined, number>;
  claimToken: string | null;
  sentAt: Millis | null;
  /** Set after the last attempt failed: the row stays, out of the queue. */
  failedAt: Millis | null;
  lastError: string | null;
  /** JSON array of { filename, contentType, content } (calendar files), or null. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

/** RESO OpenHouse: a span of viewing times of a listing (decision 067). */
export interface OpenHouseTable {
  id: string;
  listingId: string;
  /** "openHouse": anyone may come (up to `capacity` bookings); "slots": `slotMinutes`-long appointments. */
  kind: "openHouse" | "slots";
  startsAt: Millis;
  endsAt: Millis;
  slotMinutes: number | null;
  capacity: number | null;
  /** Live bookings of an open house (the cap's counter). */
  booked: ColumnType<number, number | undefined, number>;
  confirmByHand: DbBoolean;
  remarks: string | null;
  /** The listing's IANA time zone when the times were set. */
  timeZone: string;
  status: ColumnType<"active" | "cancelled", "active" | "cancelled" | undefined, "active" | "cancelled">;
  createdById: string | null;
  createdAt: Millis;
  announcedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** RESO ShowingAppointment: one visitor's booking of a viewing time (decision 067). */
export interface ShowingAppointmentTable {
  id: string;
  openHouseId: string;
  listingId: string;
  visitorId: string;
  startsAt: Millis;
  endsAt: Millis;
  /** A live slot booking's claim ("openHouseId@startsAt"), unique; null for an open house or once cancelled. */
  slotClaim: string | null;
  status: "requested" | "confirmed" | "cancelled";
  message: string | null;
  cancelReason: string | null;
  sequence: ColumnType<number, number | undefined, number>;
  createdAt: Millis;
  confirmedAt: ColumnType<number | null, number | null | undefined, number | null>;
  cancelledAt: ColumnType<number | null, number | null | undefined, number | null>;
  reminderSentAt: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One row (id 1): bumped by triggers on every write that changes a visitor's page (decision 041). */
/** An API key (decision 065): its SHA-256, never the key; it acts as its maker, or as `agencyId`. */
export interface ApiKeyTable {
  id: string;
  userId: string;
  agencyId: string | null;
  name: string;
  scope: "read" | "write";
  hash: string;
  /** The key's first characters ("hs_3fA9"), to tell keys apart in lists. */
  start: string;
  createdAt: ColumnType<number, number, number>;
  lastUsedAt: ColumnType<number | null, number | null | undefined, number | null>;
  revokedAt: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PageCacheVersionTable {
  id: number;
  version: ColumnType<number, number, number>;
}

/** A listing's figures for one UTC day ("2026-11-29"), for its lister (decision 063). */
export interface ListingStatDayTable {
  listingId: string;
  day: string;
  views: ColumnType<number, number | undefined, number>;
  saves: ColumnType<number, number | undefined, number>;
  enquiries: ColumnType<number, number | undefined, number>;
}

/** The day's random salt of view hashes, shared by every instance; deleted once the day is over. */
export interface ListingViewSaltTable {
  day: string;
  salt: string;
}

/** A view already counted that day: a hash of (salt, client address, user agent, listing), nothing else. */
export interface ListingViewSeenTable {
  day: string;
  hash: string;
}

/**
 * A lister's export feeds (app/modules/exchange): one secret link per agency (`agencyId`) or private lister
 * (`userId`, the other null); the link holds the id and the token, compared in constant time.
 */
export interface ExportFeedTable {
  id: string;
  agencyId: string | null;
  userId: string | null;
  token: string;
  createdAt: Millis;
}

/** A feed URL an agency imports on a schedule (app/modules/exchange, exchange.import.*). */
export interface ImportFeedTable {
  id: string;
  agencyId: string;
  url: string;
  /** "kyero" | "openImmo" | "csv". */
  format: string;
  /** A full feed: what it no longer holds is withdrawn. */
  full: DbBoolean;
  createdBy: string | null;
  createdAt: Millis;
  lastRunAt: number | null;
}

/** One import into an agency: an upload, the command line or a scheduled feed; its counts and refusals. */
export interface ImportRunTable {
  id: string;
  agencyId: string;
  /** Who it acted as; null once that account is gone. */
  userId: string | null;
  /** "upload" | "cli" | "feed". */
  source: string;
  fileName: string;
  feedId: string | null;
  full: DbBoolean;
  startedAt: Millis;
  finishedAt: number | null;
  created: ColumnType<number, number | undefined, number>;
  changed: ColumnType<number, number | undefined, number>;
  withdrawn: ColumnType<number, number | undefined, number>;
  unchanged: ColumnType<number, number | undefined, number>;
  refused: ColumnType<number, number | undefined, number>;
  /** The run's line ("12 new, 3 changed, ..."), or the file's refusal. */
  summary: ColumnType<string, string | undefined, string>;
  /** Every refused listing, JSON: [{ place, message, vars }]. */
  refusals: ColumnType<string, string | undefined, string>;
  /** Why the run changed nothing (a refused file, an unconfirmed withdrawal); null when it ran. */
  error: string | null;
  /**
   * "planned" (an upload's dry run, waiting for Import), "queued" (Import pressed), "running", "done" or
   * "failed" (it stopped, or changed nothing: see `error`). Feed and command-line runs start running.
   */
  status: string;
  /** The kept upload a planned or queued run imports (exchange.import-upload.server.ts). */
  uploadId: string | null;
  /** The user confirmed withdrawing more than a fifth (pressing Import with the box ticked). */
  confirmWithdrawals: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The dry run would withdraw more than a fifth: Import needs the confirmation. */
  needsConfirmation: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The job runner running it, while it runs. */
  claimedBy: string | null;
  /** A running run is taken up again by another runner after this (epoch ms; 0 when not running). */
  leaseUntil: ColumnType<number, number | undefined, number>;
}

/**
 * The fingerprint of the feed item an import last saved a listing from, and the listing's timestamp then: it
 * counts only while the listing still has that timestamp (nothing else wrote it since).
 */
export interface ImportFingerprintTable {
  listingId: string;
  fingerprint: string;
  listingTimestamp: Millis;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  listing: ListingTable;
  image: ImageTable;
  listing_key: ListingKeyTable;
  mapCell: MapCellTable;
  messageThread: MessageThreadTable;
  message: MessageTable;
  userBlock: UserBlockTable;
  limitHit: LimitHitTable;
  uploadClaim: UploadClaimTable;
  savedListing: SavedListingTable;
  savedSearch: SavedSearchTable;
  alertDelivery: AlertDeliveryTable;
  savedSearchListing: SavedSearchListingTable;
  savedHomeAlert: SavedHomeAlertTable;
  report: ReportTable;
  auditLog: AuditLogTable;
  reportDigest: ReportDigestTable;
  reportRequest: ReportRequestTable;
  listingDecision: ListingDecisionTable;
  jobLease: JobLeaseTable;
  mailOutbox: MailOutboxTable;
  openHouse: OpenHouseTable;
  showingAppointment: ShowingAppointmentTable;
  listingPrice: ListingPriceTable;
  pageCacheVersion: PageCacheVersionTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  listingStatDay: ListingStatDayTable;
  listingViewSalt: ListingViewSaltTable;
  listingViewSeen: ListingViewSeenTable;
  apiKey: ApiKeyTable;
  exportFeed: ExportFeedTable;
  importFeed: ImportFeedTable;
  importRun: ImportRunTable;
  importFingerprint: ImportFingerprintTable;
}

/** The owner's exact address and pin: read by the owner alone, never with the listing. */
export type OwnerOnlyListingColumn = "exactLocation" | "exactLat" | "exactLng" | "reference";
/** A listing's row as read with the listing (listing.fields.ts' LISTING_SELECT): without the owner's own columns. */
export type ListingRow = Omit<Selectable<ListingTable>, OwnerOnlyListingColumn>;
export type NewListingRow = Insertable<ListingTable>;
export type ImageRow = Selectable<ImageTable>;
export type NewImageRow = Insertable<ImageTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
