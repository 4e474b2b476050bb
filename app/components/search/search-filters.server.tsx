import { renderToStaticMarkup } from "react-dom/server";
import { SearchFilters } from "./search-filters.tsx";

/**
 * The filter bar's HTML, for a list page's loader. The bar is a plain GET form with links: it works the same
 * before, after and without JavaScript, so the browser gets its markup and none of its code (the list pages'
 * 125 KB first-load budget). A submission loads the new search as a page.
 */
export function renderSearchFilters(props: Parameters<typeof SearchFilters>[0]) {
  return renderToStaticMarkup(<SearchFilters {...props} />);
}
