import type { MetaDescriptor } from "react-router";

// What every page tells search engines and link previews, apart from a listing's own details
// (listing.seo.ts): kept small and on its own, since list pages load it on their first visit.

/** The site's name when SITE_NAME is not set. */
export const SITE_NAME = "Homestead";

/** What a route's meta function is given about the pages above it (the root's loader data among them). */
type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site's name (SITE_NAME) as the root loader hands it to every page, for titles and previews. */
export function siteNameOf(matches: readonly MetaMatchLike[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { site?: { name?: string } }
    | undefined;
  return root?.site?.name ?? SITE_NAME;
}

/** A page's title with the site's name after it: "Sign in · Homestead". */
export function pageTitle(title: string, matches: readonly MetaMatchLike[]): MetaDescriptor {
  return { title: `${title} · ${siteNameOf(matches)}` };
}

/**
 * `path` on this site as an absolute URL ("https://homestead.example/category/rent/abc"), keeping any base path;
 * a URL that already is absolute (a photo on IMAGE_BASE_URL) stays as it is.
 */
export function absoluteUrl(publicUrl: string, path: string) {
  if (/^https?:\/\//.test(path)) return path;
  return `${publicUrl.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Title, description and canonical link of a list page (a category or the offers); later pages point to the first. */
export function listMeta(
  title: string,
  description: string,
  path: string,
  publicUrl: string,
  siteName = SITE_NAME,
): MetaDescriptor[] {
  return [
    { title: `${title} · ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: absoluteUrl(publicUrl, path) },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(publicUrl, path) },
    { property: "og:type", content: "website" },
  ];
}
