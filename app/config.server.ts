import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The environment, read once and validated. A bad value stops the server at start with a message naming the
 * variable. Every variable has a default that works on a single machine; README.md lists them all.
 */
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0"])
      .optional()
      .transform((value) => (value === undefined ? fallback : value === "true" || value === "1")),
  );

// LOCALE must be a BCP 47 tag Intl can format with, CURRENCY an ISO 4217 code it knows: a typo (en_US, EURO)
// would otherwise render every price and date in a fallback format without a word.
const localeTag = z.string().refine((value) => {
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical !== undefined && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0;
  } catch {
    return false;
  }
}, "must be a BCP 47 language tag this Node.js can format (en-US, de-DE, fr-CH)");
const currencyCode = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine(
    (value) => Intl.supportedValuesOf("currency").includes(value),
    "must be an ISO 4217 currency code (USD, EUR, GBP)",
  );

// The spec's photo limit (LISTING_LIMITS.maxImages), and the most a site may allow (LISTING_LIMITS.photosCeiling):
// the form, the gallery and a save stay quick.
const SPEC_PHOTOS_MAX = 6;
const PHOTOS_CEILING = 40;

/** The area unit a locale's readers expect: square feet in the United States, square metres elsewhere. */
function defaultAreaUnit(locale: string): "m2" | "ft2" {
  return Intl.getCanonicalLocales(locale)[0] === "en-US" ? "ft2" : "m2";
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
  .optional();

const DatabaseEnvSchema = z.object({
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(postgres(ql)?:\/\/|file:|sqlite:)/,
        "must start with postgres://, postgresql://, file: or sqlite:",
      )
      .optional(),
  ),
  DATABASE_READ_URL: z.preprocess(emptyToUndefined, postgresUrl),
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  ...DatabaseEnvSchema.shape,
  MIGRATE_ON_START: booleanFlag(true),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  TRUST_PROXY: z.string().default("loopback"),
  ADMIN_EMAILS: z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses"))),
  ),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  GEOCODER: z.enum(["offline", "nominatim", "google"]).default("offline"),
  GEOCODER_URL: optionalUrl,
  GOOGLE_GEOCODING_API_KEY: optionalString,
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(15),
  IMAGE_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  ),
  TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40).default("Homestead")),
  SITE_LOGO_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, "must be an https:// URL or a path on this site (/logo.svg)")
      .optional(),
  ),
  LOCALE: z.preprocess(emptyToUndefined, localeTag.default("en-US")),
  CURRENCY: z.preprocess(emptyToUndefined, currencyCode.default("USD")),
  CONTACT_MODE: z.enum(["email", "relay"]).default("email"),
  PARTNER_FEEDS: booleanFlag(false),
  LISTING_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  AREA_UNIT: z.preprocess(emptyToUndefined, z.enum(["m2", "ft2"]).optional()),
  LISTING_RULES: z.preprocess(emptyToUndefined, z.enum(["none", "de", "fr", "gb", "ie"]).default("none")),
  LISTING_PHOTOS_MAX: z.coerce.number().int().min(1).max(PHOTOS_CEILING).default(SPEC_PHOTOS_MAX),
  PAGE_CACHE_MB: z.coerce.number().min(0).default(64),
  PAGE_CACHE_SHARED_MAX_AGE: z.coerce.number().int().min(0).default(1),
  PAGE_CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).default(0),
  SEED: booleanFlag(true),
  ALERT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(240).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default("127.0.0.1"),
  LIMIT_LISTING_SAVES_PER_HOUR: positiveInt(20),
  LIMIT_ADDRESS_LOOKUPS_PER_HOUR: positiveInt(100),
  LIMIT_PENDING_PHOTOS: positiveInt(24),
  LIMIT_PENDING_PHOTOS_MB: z.coerce.number().positive().default(200),
  LIMIT_IMAGE_DECODES: positiveInt(2),
  LIMIT_AUTH_EMAILS_PER_HOUR: positiveInt(3),
  LIMIT_SIGN_IN_FAILURES: positiveInt(10),
  LIMIT_ENQUIRIES_PER_HOUR: positiveInt(10),
  LIMIT_CONTACT_OWNERS_PER_DAY: positiveInt(20),
  LIMIT_REPORTS_PER_DAY: positiveInt(10),
  LIMIT_GEOCODER_QUEUE: positiveInt(20),
  LIMIT_API_REQUESTS_PER_MINUTE: positiveInt(120),
  LIMIT_API_PUBLIC_REQUESTS_PER_MINUTE: positiveInt(60),
  IMPORT_ALLOW_PRIVATE_HOSTS: booleanFlag(false),
  IMPORT_FEED_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
});

/** Every variable the configuration reads (.env.example lists each of them; a test holds the two together). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape);

export type Config = ReturnType<typeof loadConfig>;

/** Parses `env` into the typed configuration; throws an error that names every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const raw = parseEnv(EnvSchema, env);
  const dataDir = path.resolve(raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, "");
  const database = databaseConfig(raw);
  // better-auth relaxes its origin and redirect checks in a test environment; ours are pinned on (auth.server.ts),
  // and a test setting on a server others can reach is refused outright.
  if ((raw.NODE_ENV === "test" || env.TEST) && !isLoopbackUrl(publicUrl)) {
    throw new Error(
      `Invalid configuration:\n  NODE_ENV, TEST: a test environment (NODE_ENV=test or TEST set) runs only with a loopback PUBLIC_URL (http://localhost:...), not ${publicUrl}`,
    );
  }
  if (raw.GEOCODER === "google" && !raw.GOOGLE_GEOCODING_API_KEY) {
    throw new Error("Invalid configuration:\n  GOOGLE_GEOCODING_API_KEY: required when GEOCODER=google");
  }
  if (raw.STORAGE === "s3" && !raw.S3_BUCKET) {
    throw new Error("Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3");
  }
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET)) {
    throw new Error(
      "Invalid configuration:\n  GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither",
    );
  }
  return {
    env: raw.NODE_ENV,
    port: raw.PORT,
    trustProxy: raw.TRUST_PROXY,
    host: raw.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith("https://"),
    dataDir,
    database,
    migrateOnStart: raw.MIGRATE_ON_START,
    logLevel: raw.LOG_LEVEL,
    seed: raw.SEED,
    /** How often search alerts are swept and sent (instant alerts arrive within 5 minutes of publication). */
    alertIntervalMs: raw.ALERT_INTERVAL_SECONDS * 1000,
    auth: {
      secret: raw.AUTH_SECRET ?? readOrCreateSecret(dataDir),
      /** The administrators (lower case): they moderate at /admin. */
      adminEmails: raw.ADMIN_EMAILS,
      rateLimit: { max: raw.AUTH_RATE_LIMIT_MAX, windowSeconds: raw.AUTH_RATE_LIMIT_WINDOW_SECONDS },
      google:
        raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
          ? {
              clientId: raw.GOOGLE_CLIENT_ID,
              clientSecret: raw.GOOGLE_CLIENT_SECRET,
              discoveryUrl: raw.GOOGLE_DISCOVERY_URL,
            }
          : undefined,
    },
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM ?? `${raw.SITE_NAME} <no-reply@localhost>`,
      outboxDir: path.join(dataDir, "outbox"),
      /** The outbox logs each message's text (its links, tokens included) in development only. */
      logText: raw.NODE_ENV === "development",
    },
    geocoder: { kind: raw.GEOCODER, url: raw.GEOCODER_URL, googleApiKey: raw.GOOGLE_GEOCODING_API_KEY },
    storage: {
      kind: raw.STORAGE,
      diskDir: path.join(dataDir, "images"),
      uploadDir: path.join(dataDir, "uploads"),
      maxUploadBytes: Math.round(raw.UPLOAD_MAX_MB * 1024 * 1024),
      s3: {
        bucket: raw.S3_BUCKET ?? "",
        region: raw.S3_REGION,
        endpoint: raw.S3_ENDPOINT,
        accessKeyId: raw.S3_ACCESS_KEY_ID,
        secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
        forcePathStyle: raw.S3_FORCE_PATH_STYLE,
      },
    },
    images: { baseUrl: raw.IMAGE_BASE_URL?.replace(/\/+$/, "") ?? "" },
    map: { tileUrl: raw.TILE_URL, attribution: raw.TILE_ATTRIBUTION },
    metrics: { token: raw.METRICS_TOKEN, port: raw.METRICS_PORT, host: raw.METRICS_HOST },
    pageCache: {
      maxBytes: Math.round(raw.PAGE_CACHE_MB * 1024 * 1024),
      sharedMaxAge: raw.PAGE_CACHE_SHARED_MAX_AGE,
      staleWhileRevalidate: raw.PAGE_CACHE_STALE_WHILE_REVALIDATE,
    },
    site: { name: raw.SITE_NAME, logoUrl: raw.SITE_LOGO_URL ?? null },
    /** Texts, prices and dates: LOCALE's language picks the catalogue (app/modules/i18n), CURRENCY the money. */
    i18n: { locale: Intl.getCanonicalLocales(raw.LOCALE)[0] ?? "en-US", currency: raw.CURRENCY },
    contact: { mode: raw.CONTACT_MODE },
    /** Whether /feeds/kyero.xml serves the site's own Kyero feed of every listed home (else 404). */
    partnerFeeds: raw.PARTNER_FEEDS,
    listingTtlDays: raw.LISTING_TTL_DAYS,
    /** The unit the form and pages use for areas (stored in m²): AREA_UNIT, else ft² for en-US, m² elsewhere. */
    areaUnit: raw.AREA_UNIT ?? defaultAreaUnit(raw.LOCALE),
    /** The most photos a listing may have (floor plans apart). */
    listingPhotosMax: raw.LISTING_PHOTOS_MAX,
    /** Whose law a listing follows (listing.country-rules.ts): its required fields and energy scale. */
    listingRules: raw.LISTING_RULES,
    limits: {
      listingSavesPerHour: raw.LIMIT_LISTING_SAVES_PER_HOUR,
      addressLookupsPerHour: raw.LIMIT_ADDRESS_LOOKUPS_PER_HOUR,
      pendingPhotos: raw.LIMIT_PENDING_PHOTOS,
      pendingPhotoBytes: Math.round(raw.LIMIT_PENDING_PHOTOS_MB * 1024 * 1024),
      imageDecodes: raw.LIMIT_IMAGE_DECODES,
      authEmailsPerHour: raw.LIMIT_AUTH_EMAILS_PER_HOUR,
      signInFailures: raw.LIMIT_SIGN_IN_FAILURES,
      enquiriesPerHour: raw.LIMIT_ENQUIRIES_PER_HOUR,
      contactOwnersPerDay: raw.LIMIT_CONTACT_OWNERS_PER_DAY,
      reportsPerDay: raw.LIMIT_REPORTS_PER_DAY,
      geocoderQueue: raw.LIMIT_GEOCODER_QUEUE,
      apiRequestsPerMinute: raw.LIMIT_API_REQUESTS_PER_MINUTE,
      apiPublicRequestsPerMinute: raw.LIMIT_API_PUBLIC_REQUESTS_PER_MINUTE,
    },
    /** Files fetched from URLs (photos by URL, feeds): whether loopback and private addresses may be asked. */
    imports: {
      allowPrivateHosts: raw.IMPORT_ALLOW_PRIVATE_HOSTS,
      /** How often each agency's feed URL is fetched and imported. */
      feedIntervalMs: raw.IMPORT_FEED_INTERVAL_MINUTES * 60 * 1000,
    },
  };
}

/**
 * Only the database settings (DATABASE_URL, DATABASE_READ_URL, DATA_DIR), for tools that touch nothing else:
 * unlike loadConfig it never writes the auth secret, so it runs where the data folder is read-only.
 */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env) {
  return databaseConfig(parseEnv(DatabaseEnvSchema, env));
}

function databaseConfig(raw: z.infer<typeof DatabaseEnvSchema>) {
  const database = raw.DATABASE_URL?.startsWith("postgres")
    ? ({ kind: "postgres", url: raw.DATABASE_URL, readUrl: raw.DATABASE_READ_URL } as const)
    : ({ kind: "sqlite", file: sqliteFile(raw.DATABASE_URL, path.resolve(raw.DATA_DIR)) } as const);
  if (raw.DATABASE_READ_URL && database.kind !== "postgres") {
    throw new Error(
      "Invalid configuration:\n  DATABASE_READ_URL: a read replica needs PostgreSQL (DATABASE_URL=postgres://...)",
    );
  }
  return database;
}

function parseEnv<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.infer<Schema> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

function sqliteFile(url: string | undefined, dataDir: string) {
  if (!url) return path.join(dataDir, "homestead.sqlite");
  return path.resolve(url.replace(/^(file|sqlite):(\/\/)?/, ""));
}

/** Whether `url` names this machine only (localhost, 127.x, ::1). */
export function isLoopbackUrl(url: string) {
  const host = URL.parse(url)?.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host ?? "");
}

/**
 * The data folder holds password hashes, session tokens and the auth secret: readable by this user only.
 * Creates it 0700 (tightening an existing one) and its top-level files (the SQLite file and its journal, the
 * secret) 0600; server.ts also sets the process umask so that everything written later is private too.
 */
export function secureDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(path.join(dataDir, entry.name), 0o600);
  }
}

/** The secret signs sessions; it must survive restarts, so it lives in the data folder, never in code. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process sharing the data folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
