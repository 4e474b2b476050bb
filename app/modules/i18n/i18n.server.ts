import { logger } from "#app/logger.server.ts";
import { GERMAN } from "./i18n.catalogue.de.ts";
import {
  type Catalogue,
  createI18n,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  type I18n,
  type I18nSettings,
  languageOf,
} from "./i18n.ts";

// The catalogues by language subtag. Only the server imports them: a page receives the one it needs as data.
const CATALOGUES: Readonly<Record<string, Catalogue>> = { de: GERMAN };

/**
 * The settings pages receive (root loader) and the server's own texts (toasts, errors, e-mails, feeds) for
 * LOCALE and CURRENCY. English is the keys themselves; a language without a catalogue shows English texts
 * with LOCALE's formats, and says so once, at start.
 */
export function createServerI18n({ locale, currency }: { locale: string; currency: string }): {
  i18n: I18n;
  settings: I18nSettings;
} {
  const key = `${locale}|${currency}`;
  const known = built.get(key);
  if (known) return known;
  const language = languageOf(locale);
  const messages = CATALOGUES[language] ?? {};
  if (language !== "en" && !CATALOGUES[language]) {
    logger.warn(
      { locale, languages: ["en", ...Object.keys(CATALOGUES)] },
      `LOCALE=${locale}: no texts in "${language}", English is shown (prices and dates follow ${locale})`,
    );
  }
  const settings = { locale, currency, messages };
  const made = { i18n: createI18n(settings), settings };
  built.set(key, made);
  return made;
}

// One per setting: the warning is said once, and background jobs (which get the config, not the services)
// share the formatters the requests use.
const built = new Map<string, { i18n: I18n; settings: I18nSettings }>();

/** The server's texts and formats for the configuration's LOCALE and CURRENCY (the defaults without them). */
export function serverI18n(config: { i18n?: { locale: string; currency: string } }) {
  return createServerI18n(config.i18n ?? { locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY }).i18n;
}
