import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import { CONFIG_VARIABLES, loadConfig } from "./config.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

// .env.example: every variable the configuration reads, commented out, with its default; then a section of
// what only compose.yaml reads.
const [appPart = "", composePart = ""] = read(".env.example").split(/^# --- compose\.yaml only$/m);
/** The `NAME=value` lines of a part, uncommented. */
const assignments = (part: string) =>
  part
    .split("\n")
    .map((line) => line.replace(/^#\s?/, ""))
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line));
const names = (part: string) => assignments(part).map((line) => line.slice(0, line.indexOf("=")));

const dataDir = mkdtempSync(path.join(tmpdir(), "homestead-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe(".env.example", () => {
  it("lists every variable of the configuration once, and nothing else", () => {
    const listed = names(appPart);
    expect(listed.toSorted()).toEqual([...CONFIG_VARIABLES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("shows each variable's default: its values configure exactly what no value does", () => {
    const example = parseEnv(assignments(appPart).join("\n"));
    // The data folder and secret are pinned: the defaults would write ./data/auth-secret here.
    const pinned = { DATA_DIR: dataDir, AUTH_SECRET: "s".repeat(32) };
    expect(loadConfig({ ...example, ...pinned })).toEqual(loadConfig(pinned));
  });

  it("lists, apart, exactly the variables compose.yaml reads that the app does not", () => {
    const composeVariables = new Set(
      [...read("compose.yaml").matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
    );
    const composeOnly = [...composeVariables].filter((name) => !CONFIG_VARIABLES.includes(name!));
    expect(names(composePart).toSorted()).toEqual(composeOnly.sort());
  });
});

// README's "Configuration" table: the first cell of each row names one or more variables in backticks.
const readmeConfiguration = read("README.md")
  .split(/^## /m)
  .find((section) => section.startsWith("Configuration\n"));

describe("README's configuration table", () => {
  it("lists every variable of the configuration once, and nothing else", () => {
    if (!readmeConfiguration) throw new Error('README.md has no "## Configuration" section');
    const listed = readmeConfiguration
      .split("\n")
      .filter((line) => /^\| `[A-Z]/.test(line))
      .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
    expect(listed.toSorted()).toEqual([...CONFIG_VARIABLES].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe("the npm scripts", () => {
  it("read .env when it exists wherever they start the server or read its settings", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["start", "serve", "dev", "seed", "migrate", "backup", "restore"]) {
      expect(scripts[name], name).toMatch(/\bnode --env-file-if-exists=\.env /);
    }
  });
});

describe("loadConfig", () => {
  const base = { DATA_DIR: dataDir, AUTH_SECRET: "s".repeat(32) };

  it("takes IMAGE_BASE_URL without its trailing slash, and nothing by default", () => {
    expect(loadConfig(base).images.baseUrl).toBe("");
    expect(loadConfig({ ...base, IMAGE_BASE_URL: "https://cdn.example.com/homes/" }).images.baseUrl).toBe(
      "https://cdn.example.com/homes",
    );
    expect(() => loadConfig({ ...base, IMAGE_BASE_URL: "ftp://cdn.example.com" })).toThrow(/IMAGE_BASE_URL/);
  });

  it("takes LISTING_PHOTOS_MAX from 1 to 40, the spec's limit by default", () => {
    expect(loadConfig(base).listingPhotosMax).toBe(LISTING_LIMITS.maxImages);
    expect(loadConfig({ ...base, LISTING_PHOTOS_MAX: "8" }).listingPhotosMax).toBe(8);
    expect(
      loadConfig({ ...base, LISTING_PHOTOS_MAX: String(LISTING_LIMITS.photosCeiling) }).listingPhotosMax,
    ).toBe(40);
    for (const bad of ["0", "41", "7.5", "many"]) {
      expect(() => loadConfig({ ...base, LISTING_PHOTOS_MAX: bad })).toThrow(/LISTING_PHOTOS_MAX/);
    }
  });

  it("takes AREA_UNIT m2 or ft2, by default ft² for en-US and m² elsewhere", () => {
    expect(loadConfig({ ...base, LOCALE: "en-US" }).areaUnit).toBe("ft2");
    expect(loadConfig({ ...base, LOCALE: "en-GB" }).areaUnit).toBe("m2");
    expect(loadConfig({ ...base, LOCALE: "de-DE" }).areaUnit).toBe("m2");
    expect(loadConfig({ ...base, LOCALE: "en-US", AREA_UNIT: "m2" }).areaUnit).toBe("m2");
    expect(loadConfig({ ...base, LOCALE: "de-DE", AREA_UNIT: "ft2" }).areaUnit).toBe("ft2");
    expect(() => loadConfig({ ...base, AREA_UNIT: "sqm" })).toThrow(/AREA_UNIT/);
  });

  it("takes LISTING_RULES none, de, fr, gb or ie, none by default", () => {
    expect(loadConfig(base).listingRules).toBe("none");
    expect(loadConfig({ ...base, LISTING_RULES: "" }).listingRules).toBe("none");
    for (const rules of ["de", "fr", "gb", "ie"]) {
      expect(loadConfig({ ...base, LISTING_RULES: rules }).listingRules).toBe(rules);
    }
    expect(() => loadConfig({ ...base, LISTING_RULES: "uk" })).toThrow(/LISTING_RULES/);
  });

  it("takes a read replica with PostgreSQL only", () => {
    const database = loadConfig({
      ...base,
      DATABASE_URL: "postgres://db/primary",
      DATABASE_READ_URL: "postgres://replica/primary",
    }).database;
    expect(database).toMatchObject({ kind: "postgres", readUrl: "postgres://replica/primary" });
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: "postgres://replica/primary" })).toThrow(
      /DATABASE_READ_URL: a read replica needs PostgreSQL/,
    );
  });

  it("migrates on start unless told not to, and refuses a short metrics token", () => {
    expect(loadConfig(base).migrateOnStart).toBe(true);
    expect(loadConfig({ ...base, MIGRATE_ON_START: "false" }).migrateOnStart).toBe(false);
    expect(loadConfig(base).metrics).toEqual({ token: undefined, port: undefined, host: "127.0.0.1" });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("takes LOCALE and CURRENCY (en-US and USD by default), refusing what Intl does not know", () => {
    expect(loadConfig(base).i18n).toEqual({ locale: "en-US", currency: "USD" });
    expect(loadConfig({ ...base, LOCALE: "de-de", CURRENCY: "eur" }).i18n).toEqual({
      locale: "de-DE",
      currency: "EUR",
    });
    expect(() => loadConfig({ ...base, LOCALE: "en_US" })).toThrow(/LOCALE: must be a BCP 47/);
    expect(() => loadConfig({ ...base, CURRENCY: "EURO" })).toThrow(/CURRENCY: must be an ISO 4217/);
  });
});

describe("a test environment", () => {
  const base = { DATA_DIR: dataDir, AUTH_SECRET: "s".repeat(32) };
  it("is refused on a PUBLIC_URL others can reach (better-auth relaxes its checks there)", () => {
    for (const env of [{ TEST: "true" }, { NODE_ENV: "test" }]) {
      expect(() => loadConfig({ ...base, ...env, PUBLIC_URL: "https://homes.example.com" })).toThrow(
        /NODE_ENV, TEST: a test environment .* runs only with a loopback PUBLIC_URL/,
      );
    }
  });
  it("runs on loopback", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
      expect(loadConfig({ ...base, TEST: "true", PUBLIC_URL: url }).publicUrl).toBe(url);
    }
  });
});
