import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { SearchViewToggle } from "./search-view-toggle.tsx";

// The map's code (and Leaflet's, behind it) loads only where a map is shown: beside the list on a wide screen,
// or in the map view a phone switches to. The list pages' first load never carries it.
const SearchMap = lazy(() => import("./search-map.tsx"));

/** Wide enough for the list and the map side by side (Tailwind's `lg`). */
const SIDE_BY_SIDE = "(min-width: 1024px)";

export type MapTiles = { tileUrl: string; attribution: string };

type Props = {
  /** What stands above the list, beside the map on a wide screen: the heading and the filters. */
  top: ReactNode;
  /** The page's list of cards. */
  list: ReactNode;
  /** What the page's path fixes, as URL parameters the map's points are asked with ("type=rent", "offer=1"). */
  fixed: string;
  view: "list" | "map";
  tiles: MapTiles;
};

/**
 * A list of homes with its map: side by side on a wide screen (the map sticky beside the list), the List / Map
 * switch on a phone. A card hovered or focused highlights its pin, and a pin its card.
 */
export function SearchMapLayout({ top, list, fixed, view, tiles }: Props) {
  const { t } = useI18n();
  const location = useLocation();
  const hydrated = useHydrated();
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const [active, setActive] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const switchRef = useRef<HTMLDivElement>(null);
  const showMap = hydrated && (wide || view === "map");

  // On a phone the map view is the map: the page opens at the List / Map switch with the map filling the screen
  // under it (the heading and the filters a scroll up), and stays there as the search changes (an area drawn,
  // the map moved), rather than opening on the filters with the map below the fold.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (location.search) scrolls back too
  useEffect(() => {
    if (!hydrated || view !== "map" || window.matchMedia(SIDE_BY_SIDE).matches) return;
    switchRef.current?.scrollIntoView({ block: "start" });
  }, [hydrated, view, location.search]);

  // The pin's home: its card is marked (styled like a hovered card) while the pointer or focus is on the pin.
  useEffect(() => {
    const root = listRef.current;
    if (!root) return;
    for (const card of root.querySelectorAll("[data-map-active]")) card.removeAttribute("data-map-active");
    if (active)
      root.querySelector(`[data-listing-id="${CSS.escape(active)}"]`)?.setAttribute("data-map-active", "");
  }, [active]);

  // A card under the pointer or holding the focus marks its pin (listened on the list, for every card).
  useEffect(() => {
    const root = listRef.current;
    if (!root) return;
    const fromCard = (event: Event) => {
      const card = (event.target as Element).closest?.("[data-listing-id]");
      setActive(card?.getAttribute("data-listing-id") ?? null);
    };
    const none = () => setActive(null);
    root.addEventListener("mouseover", fromCard);
    root.addEventListener("focusin", fromCard);
    root.addEventListener("mouseleave", none);
    root.addEventListener("focusout", none);
    return () => {
      root.removeEventListener("mouseover", fromCard);
      root.removeEventListener("focusin", fromCard);
      root.removeEventListener("mouseleave", none);
      root.removeEventListener("focusout", none);
    };
  }, []);

  const placeholder = (
    <div className="flex h-full items-center justify-center rounded-2xl bg-surface-2 text-sm font-semibold text-muted">
      {t("Loading map")}
    </div>
  );
  return (
    <div className="search-map-layout">
      <div className="min-w-0">
        {top}
        <div ref={switchRef} className="pt-2 lg:hidden">
          <SearchViewToggle view={view} hrefs={viewHrefs(location.pathname, location.search)} />
        </div>
        <div ref={listRef} className={`beside-map ${view === "map" ? "max-lg:hidden" : ""}`}>
          {list}
        </div>
      </div>
      <section aria-label={t("Map")} className={`search-map-aside ${view === "map" ? "" : "max-lg:hidden"}`}>
        {showMap ? (
          <Suspense fallback={placeholder}>
            <SearchMap fixed={fixed} tiles={tiles} active={active} onActive={setActive} />
          </Suspense>
        ) : (
          placeholder
        )}
      </section>
    </div>
  );
}

/** Whether the media query matches now (false in the server's HTML), kept up to date as the window changes. */
function useMediaQuery(query: string) {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(query);
    setMatches(media.matches);
    const update = () => setMatches(media.matches);
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/** The same search in the list and in the map view, from its first page. */
function viewHrefs(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("cursor");
  params.delete("view");
  const list = params.toString();
  params.set("view", "map");
  return { list: `${pathname}${list ? `?${list}` : ""}`, map: `${pathname}?${params}` };
}
