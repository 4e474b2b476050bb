import type { ColumnType, Insertable, Selectable } from "kysely";

/**
 * Row types of every table, as the database holds them. Booleans are 0/1 integers on SQLite and booleans on
 * PostgreSQL; repos convert them, nowhere else. Timestamps we own are epoch milliseconds (bigint), so keyset
 * pagination compares plain numbers on both engines. better-auth's own tables keep its conventions.
 */
type DbBoolean = ColumnType<boolean | number, boolean, boolean>;
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: DbBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
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
  userRef: string;
  type: "rent" | "sale";
  name: string;
  bedrooms: number;
  bathrooms: number;
  parking: DbBoolean;
  furnished: DbBoolean;
  location: string;
  offer: DbBoolean;
  regularPrice: number;
  discountedPrice: number | null;
  lat: number;
  lng: number;
  timestamp: ColumnType<number, number, number>;
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
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  listing: ListingTable;
  image: ImageTable;
}

export type ListingRow = Selectable<ListingTable>;
export type NewListingRow = Insertable<ListingTable>;
export type ImageRow = Selectable<ImageTable>;
