import type { ComponentProps, ReactNode } from "react";
import { SaveSearchForm } from "#app/components/saved/save-search-form.tsx";
import { type MapTiles, SearchMapLayout } from "./search-map-layout.tsx";
import { ServerHtml } from "./server-html.tsx";

// The page every list of homes shares (/search, /category/{rent|sale}, /offers): the heading with Save this
// search, an optional line under it, the filters the server rendered, then the list with its map.

type Props = {
  heading: ReactNode;
  /** A line under the heading, when the page has one. */
  intro?: string;
  save: ComponentProps<typeof SaveSearchForm>;
  filtersHtml: string;
  /** The page's list of cards. */
  list: ReactNode;
  /** The map beside the list; without tiles (the browser's fallback) the list stands alone. */
  map: { tiles: MapTiles | null; fixed: string; view: "list" | "map" };
};

export function ListPage({ heading, intro, save, filtersHtml, list, map }: Props) {
  const top = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className={intro ? "page-heading mb-2" : "page-heading"}>{heading}</h1>
        {/* On a line of their own under a long heading they stay at the right, where Save's panel opens. */}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <SaveSearchForm {...save} />
        </div>
      </div>
      {intro ? <p className="mb-8 text-muted">{intro}</p> : null}
      {filtersHtml ? <ServerHtml html={filtersHtml} /> : null}
    </>
  );
  return (
    <main className="page map-page">
      {map.tiles ? (
        <SearchMapLayout top={top} list={list} fixed={map.fixed} view={map.view} tiles={map.tiles} />
      ) : (
        <>
          {top}
          {list}
        </>
      )}
    </main>
  );
}

/** A fixed list's loader data in the browser's fallback, when the server could not be reached. */
export const FIXED_LIST_FALLBACK = {
  search: null,
  filtersHtml: "",
  filtered: false,
  listKey: "",
  total: 0,
  searchSaved: false,
  searchKey: "",
  tiles: null,
  view: "list" as const,
};
