import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
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
  SEED: booleanFlag(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default("127.0.0.1"),
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
    auth: {
      secret: raw.AUTH_SECRET ?? readOrCreateSecret(dataDir),
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
    site: { name: raw.SITE_NAME, logoUrl: raw.SITE_LOGO_URL ?? null },
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

/** The secret signs sessions; it must survive restarts, so it lives in the data folder, never in code. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process sharing the data folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}
