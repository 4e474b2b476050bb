import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import type { MapPoint } from "#app/modules/search/search.map.ts";
import { type Bbox, type SearchParams, searchQueryString } from "#app/modules/search/search.rules.ts";

export type SearchMapProps = {
  points: MapPoint[];
  /** The search shown: a pan or a zoom keeps it and changes its area. */
  params: SearchParams;
  /** The area shown when the map opens: the URL's bbox, or the whole map. */
  area: Bbox;
  tileUrl: string;
  attribution: string;
};

export type LeafletSearchMapProps = Omit<SearchMapProps, "params"> & {
  /** Called (debounced) after the visitor pans or zooms, with the area now in view. */
  onMove: (area: Bbox) => void;
  onSelect: (listing: ListingSummary) => void;
};

// Leaflet (about 45 KB gzipped) loads only when the map view opens, in its own chunk: the list view, the
// categories and Explore never pay for it.
const LeafletSearchMap = lazy(() => import("./search-map.client.tsx"));

/**
 * The map of a search: clusters and markers from the server, and the card of the marker last clicked. A pan
 * or a zoom replaces the URL's bbox (so the view can be shared), and the page's loader answers for that area.
 */
export default function SearchMap({ params, ...props }: SearchMapProps) {
  const [selected, setSelected] = useState<ListingSummary | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  // Leaflet needs a browser: the server's HTML and the first render keep the map's place.
  const hydrated = useHydrated();
  const { t } = useI18n();
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm font-semibold text-muted">
      {t("Loading map")}
    </div>
  );

  function moveTo(area: Bbox) {
    const next = searchQueryString({ ...params, bbox: area });
    if (next === searchQueryString(params)) return;
    void navigate(`${location.pathname}?${next}`, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="isolate h-80 w-full overflow-hidden rounded-2xl border border-line bg-surface-2 shadow-sm md:h-[32rem]">
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <LeafletSearchMap {...props} onMove={moveTo} onSelect={setSelected} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      {selected ? (
        <section aria-label={t("Selected on the map")} className="relative">
          <ul className="grid grid-cols-1">
            <ListingCard listing={selected} listLabel={t("Search")} showType />
          </ul>
          <button
            type="button"
            onClick={() => setSelected(null)}
            className="btn-secondary btn-small absolute top-2 left-2"
          >
            {t("Close")}
          </button>
        </section>
      ) : null}
    </div>
  );
}
