import { useRouteLoaderData } from "react-router";
import { createI18n, ENGLISH, type I18n, type I18nPayload } from "#app/modules/i18n/i18n.ts";

// The root loader sends the configured locale and currency with every page and navigation, and the catalogue
// with the page only (root.tsx): the formatters built from the first are kept for the navigations after it.
let cached: { key: string; messages: I18nPayload["messages"]; i18n: I18n } | null = null;

function fromPayload(payload: I18nPayload | undefined): I18n {
  // The root loader failed (its error page): the settings seen last, else the defaults.
  if (!payload) return cached?.i18n ?? ENGLISH;
  const key = `${payload.locale}|${payload.currency}`;
  if (cached?.key === key && (payload.messages === null || payload.messages === cached.messages)) {
    return cached.i18n;
  }
  const i18n = createI18n({ ...payload, messages: payload.messages ?? {} });
  cached = { key, messages: payload.messages, i18n };
  return i18n;
}

/** The texts and formats of this site's LOCALE and CURRENCY: `const { t } = useI18n()`. */
export function useI18n(): I18n {
  return fromPayload((useRouteLoaderData("root") as { i18n?: I18nPayload } | undefined)?.i18n);
}

/** The same for a route's meta function, from the root's data among its `matches`. */
export function i18nOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): I18n {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { i18n?: I18nPayload }
    | undefined;
  return fromPayload(root?.i18n);
}
