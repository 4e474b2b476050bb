import type { I18n } from "#app/modules/i18n/i18n.ts";

// The Atom feed of a search, announced on its page (safe for the browser: only the link is built here).

/** A list page's search as a /search query string: what its path fixes (`type=rent`, `offer=1`) and its filters. */
export function listQuery(fixed: string, filters: string) {
  return filters ? `${fixed}&${filters}` : fixed;
}

/** The path of the Atom feed of a /search query string. */
export function feedPath(query: string) {
  return query ? `/feed.atom?${query}` : "/feed.atom";
}

/** The `<link rel="alternate">` a list page puts in its head, as a meta descriptor. */
export function feedLink(query: string, title: string, t: I18n["t"]) {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: t("{title} (Atom feed)", { title }),
    href: feedPath(query),
  } as const;
}
