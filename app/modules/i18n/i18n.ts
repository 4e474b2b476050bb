import type { GermanCatalogue } from "./i18n.catalogue.de.ts";

// The site's texts and formats (browser-safe). Gettext style: the English text is the key, so SPEC.md's words
// stay written once, in the code, and English needs no catalogue. Another language's catalogue maps each key to
// its translation; the server picks the configured one and hands only that one to the page (root loader), so
// no catalogue module is ever part of the browser's JavaScript.

/** A plural text's forms by Intl.PluralRules category; `other` is required, `one` is what English uses. */
export type PluralForms = { one?: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** Every text the product shows in one language: a translation per English key. */
export type Catalogue = Readonly<Record<string, string | PluralForms>>;

/** A key whose text has one form. The German catalogue lists them all, so a key it lacks is a type error. */
export type MessageKey = {
  [K in keyof GermanCatalogue & string]: GermanCatalogue[K] extends string ? K : never;
}[keyof GermanCatalogue & string];

/** A plural text's key: its English `other` form ("{count} Bedrooms"). */
export type PluralKey = Exclude<keyof GermanCatalogue & string, MessageKey>;

type Vars = Record<string, string | number>;

/** The settings and the one catalogue they need. */
export type I18nSettings = { locale: string; currency: string; messages: Catalogue };

/** What the root loader sends: the catalogue with a page, none with a client-side navigation's data. */
export type I18nPayload = Omit<I18nSettings, "messages"> & { messages: Catalogue | null };

export const DEFAULT_LOCALE = "en-US";
export const DEFAULT_CURRENCY = "USD";

/**
 * Marks an English text that is translated later, where it is shown (a Zod message, a thrown error's words):
 * the completeness test finds it as it finds a `t` call.
 */
export function msg<Key extends MessageKey>(key: Key): Key {
  return key;
}

/** The language subtag of a BCP 47 tag: "de" for "de-DE". */
export function languageOf(locale: string) {
  return new Intl.Locale(locale).language;
}

/** The texts and formats of one locale and currency. */
export function createI18n({ locale, currency, messages }: I18nSettings) {
  const language = languageOf(locale);
  // English plural rules with English texts (a language with no catalogue shows English).
  const plurals = new Intl.PluralRules(Object.keys(messages).length > 0 ? locale : "en");
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const money = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  // A map pin's price: three figures at most ("£450k" in en-GB, "$1.25M", "1,25 Mio. €").
  const shortMoney = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    maximumSignificantDigits: 3,
  });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });

  /** The text of `key` in this language with its `{name}` placeholders filled. */
  function t(key: MessageKey, vars?: Vars) {
    return translate(key, vars);
  }

  /** A text that reaches this code as data (a toast, a Zod message, a server error): English when unknown. */
  function translate(key: string, vars?: Vars) {
    const text = messages[key];
    return fill(typeof text === "string" ? text : key, vars);
  }

  /** "1 Bedroom" or "3 Bedrooms": the form Intl.PluralRules picks for `count`, which fills `{count}`. */
  function tn(count: number, one: string, other: PluralKey, vars?: Vars) {
    const category = plurals.select(count);
    const forms = messages[other];
    const text =
      typeof forms === "object" ? (forms[category] ?? forms.other) : category === "one" ? one : other;
    return fill(text, { ...vars, count: numbers.format(count) });
  }

  return {
    locale,
    currency,
    language,
    t,
    translate,
    tn,
    /** 1234567 → "1,234,567" (en-US), "1.234.567" (de-DE). */
    number: (value: number) => numbers.format(value),
    /** 1850 → "$1,850" (en-US, USD), "1.850 €" (de-DE, EUR): whole units, as prices are stored. */
    money: (value: number) => money.format(value),
    /** The locale's short form of a large amount: 450000 → "£450k" (en-GB), "$450K" (en-US); whole units. */
    compactMoney: (value: number) => shortMoney.format(value),
    /** The currency's sign as prices show it: "$", "€", "CHF". */
    currencySymbol: money.formatToParts(0).find((part) => part.type === "currency")?.value ?? currency,
    /** -3, "day" → "3 days ago"; -1, "day" → "yesterday". */
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) => relative.format(value, unit),
    /** A date in this locale, formatted as `options` ask. */
    date: (ms: number, options: Intl.DateTimeFormatOptions, dateLocale = locale) =>
      new Intl.DateTimeFormat(dateLocale, options).format(ms),
  };
}

export type I18n = ReturnType<typeof createI18n>;

function fill(text: string, vars?: Vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** English with the spec's dollars: the default, and what tests of English texts use. */
export const ENGLISH = createI18n({ locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY, messages: {} });
