import type { MetaDescriptor } from "react-router";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import { formatRadius } from "#app/modules/saved/saved-search.filter.ts";
import { absoluteUrl } from "#app/modules/seo/seo.rules.ts";
import { isPlainCategory, type SearchParams, searchQueryString } from "./search.rules.ts";

/**
 * Title, description, canonical link and robots of /search (the site's name is added by the page). Only a
 * plain category (no filter but the type) is indexed, and it names the category page as canonical; any other
 * search is `noindex`, its canonical the search itself without the view, the area or the page.
 */
export function searchMeta(params: SearchParams, publicUrl: string, i18n: I18n) {
  const { t } = i18n;
  const plain = isPlainCategory(params);
  const query = searchQueryString({ ...params, view: "list", bbox: null });
  const canonical = plain && params.type ? `/category/${params.type}` : `/search${query ? `?${query}` : ""}`;
  const tags: MetaDescriptor[] = [
    {
      name: "description",
      content: t("Search homes for rent and for sale by place, price, rooms and more, on a list or a map."),
    },
    ...(plain ? [] : [{ name: "robots", content: "noindex" }]),
    { tagName: "link", rel: "canonical", href: absoluteUrl(publicUrl, canonical) },
  ];
  return { title: searchHeading(params, i18n), tags };
}

/** The page's heading and title: the radius around a place, the words, or "Find a home". */
export function searchHeading(params: SearchParams, i18n: I18n) {
  const { t } = i18n;
  const q = params.q.trim();
  if (params.near && params.radius != null && params.place) {
    const distance = formatRadius(params.radius, params, i18n);
    return t("Homes within {distance} of {place}", { distance, place: params.place });
  }
  return q ? t("Homes matching “{words}”", { words: q }) : t("Find a home");
}
