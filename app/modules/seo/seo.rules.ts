import type { MetaDescriptor } from "react-router";

// What every page tells search engines and link previews, apart from a listing's own details
// (listing.seo.ts): kept small and on its own, since list pages load it on their first visit.

export const SITE_NAME = "Homestead";

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
): MetaDescriptor[] {
  return [
    { title: `${title} · ${SITE_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: absoluteUrl(publicUrl, path) },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(publicUrl, path) },
    { property: "og:type", content: "website" },
  ];
}
