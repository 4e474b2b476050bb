import type { Map as LeafletMap } from "leaflet";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import {
  type Corner,
  DRAWN_AREA_CORNERS,
  formatDrawnArea,
  readDrawnArea,
} from "#app/modules/search/search.drawn-area.ts";
import { clampArea, type MapData } from "#app/modules/search/search.map.ts";
import { type Bbox, formatBbox } from "#app/modules/search/search.rules.ts";
import type { MapTiles } from "./search-map-layout.tsx";

export type LeafletSearchMapProps = {
  data: MapData;
  /** Changes when the map should fit the data's area again (a new search, not a moved map). */
  fitKey: string;
  /** The drawn area of the URL, drawn over the map. */
  drawnArea: Corner[] | null;
  /** The corners placed so far while drawing an area; null when not drawing. */
  draft: Corner[] | null;
  onDraftCorner: (corner: Corner) => void;
  onDraftDone: () => void;
  active: string | null;
  onActive: (id: string | null) => void;
  /** Called (debounced) after the searcher pans or zooms, with the area now in view. */
  onMove: (area: Bbox) => void;
  onSelect: (listing: ListingSummary) => void;
  onReady: (map: LeafletMap) => void;
  tiles: MapTiles;
};

// Leaflet (about 45 KB gzipped) loads in a chunk of its own, after this one.
const LeafletSearchMap = lazy(() => import("./search-map.client.tsx"));

/** URL parameters the map's points do not depend on. */
const NOT_FILTERS = ["cursor", "view"];

/**
 * The map of a list of homes: price pins and counted clusters from the server, the card of the pin last
 * chosen over the map, "Search as I move the map" (or "Search this area" when it is off), and an area drawn
 * on the map (`poly=` in the URL) with "Remove area".
 */
export default function SearchMap({
  fixed,
  tiles,
  active,
  onActive,
}: {
  fixed: string;
  tiles: MapTiles;
  active: string | null;
  onActive: (id: string | null) => void;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [data, setData] = useState<MapData | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<ListingSummary | null>(null);
  const [followMap, setFollowMap] = useState(true);
  const [movedTo, setMovedTo] = useState<Bbox | null>(null);
  const [draft, setDraft] = useState<Corner[] | null>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const selectedRef = useRef<HTMLElement>(null);

  const current = new URLSearchParams(location.search);
  const query = mapQuery(current, fixed);
  const drawnArea = readDrawnArea(current.get("poly"));
  // A new search (other filters) fits the map to its results again; a moved map or a drawn area does not.
  const fitKey = mapQuery(current, fixed, ["bbox", "poly"]);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/map?${query}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<MapData>) : Promise.reject(response)))
      .then((read) => {
        setData(read);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [query]);

  useEffect(() => {
    if (selected) selectedRef.current?.focus();
  }, [selected]);

  /** The page's URL with `change` applied; the list starts again from its first page. */
  function go(change: (params: URLSearchParams) => void) {
    const params = new URLSearchParams(location.search);
    params.delete("cursor");
    change(params);
    const next = params.toString();
    void navigate(`${location.pathname}${next ? `?${next}` : ""}`, {
      replace: true,
      preventScrollReset: true,
    });
  }

  function searchArea(area: Bbox) {
    setMovedTo(null);
    go((params) => params.set("bbox", formatBbox(area)));
  }

  function onMove(area: Bbox) {
    if (followMap) searchArea(area);
    else setMovedTo(area);
  }

  function finishDrawing(corners: Corner[]) {
    setDraft(null);
    if (corners.length < DRAWN_AREA_CORNERS.min) return;
    go((params) => params.set("poly", formatDrawnArea(corners)));
  }

  function removeArea() {
    const map = mapRef.current;
    go((params) => {
      params.delete("poly");
      // The list follows the map: without the area it shows what is in view.
      if (followMap && map) params.set("bbox", formatBbox(areaOfMap(map)));
    });
  }

  function addCentre() {
    const centre = mapRef.current?.getCenter();
    if (centre) setDraft((corners) => [...(corners ?? []), [centre.lat, centre.lng]]);
  }

  const drawing = draft !== null;
  return (
    <div className="flex h-full flex-col gap-2">
      {/* The same row while drawing (the map below keeps its place); the drawing's controls are over the map. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={followMap}
            onChange={(event) => setFollowMap(event.target.checked)}
          />
          {t("Search as I move the map")}
        </label>
        <div className="ml-auto flex gap-2">
          {drawnArea && !drawing ? (
            <button type="button" className="btn-secondary btn-small" onClick={removeArea}>
              {t("Remove area")}
            </button>
          ) : null}
          <button
            type="button"
            className="btn-secondary btn-small"
            onClick={() => setDraft([])}
            disabled={drawing}
          >
            {drawnArea ? t("Draw again") : t("Draw an area")}
          </button>
        </div>
      </div>
      <div className="relative isolate min-h-0 grow overflow-hidden rounded-2xl border border-line bg-surface-2 shadow-sm">
        {data ? (
          <Suspense fallback={<MapMessage text={t("Loading map")} />}>
            <LeafletSearchMap
              data={data}
              fitKey={fitKey}
              drawnArea={drawing ? null : drawnArea}
              draft={draft}
              onDraftCorner={(corner) => setDraft((corners) => [...(corners ?? []), corner])}
              onDraftDone={() => draft && finishDrawing(draft)}
              active={active}
              onActive={onActive}
              onMove={onMove}
              onSelect={setSelected}
              onReady={(map) => {
                mapRef.current = map;
              }}
              tiles={tiles}
            />
          </Suspense>
        ) : (
          <MapMessage text={failed ? t("Could not fetch listings") : t("Loading map")} />
        )}
        {movedTo && !drawing ? (
          <div className="pointer-events-none absolute inset-x-0 top-3 z-[1000] flex justify-center">
            <button
              type="button"
              className="btn-primary btn-small pointer-events-auto shadow-lg"
              onClick={() => searchArea(movedTo)}
            >
              {t("Search this area")}
            </button>
          </div>
        ) : null}
        {drawing ? <div aria-hidden="true" className="search-map-crosshair" /> : null}
        {drawing ? (
          <div className="search-map-drawing">
            <DrawingControls
              corners={draft.length}
              onAddCentre={addCentre}
              onUndo={() => setDraft((corners) => corners?.slice(0, -1) ?? null)}
              onFinish={() => finishDrawing(draft)}
              onCancel={() => setDraft(null)}
            />
          </div>
        ) : null}
        {selected && !drawing ? (
          <section
            ref={selectedRef}
            tabIndex={-1}
            aria-label={t("Selected on the map")}
            className="search-map-selected"
            onKeyDown={(event) => {
              if (event.key === "Escape") setSelected(null);
            }}
          >
            <ul className="grid grid-cols-1">
              <ListingCard listing={selected} listLabel={t("Search")} showType sizes="18rem" />
            </ul>
            <button
              type="button"
              onClick={() => setSelected(null)}
              className="btn-secondary btn-small absolute top-2 left-2 shadow-md"
            >
              {t("Close")}
            </button>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function MapMessage({ text }: { text: string }) {
  return (
    <div className="flex h-full items-center justify-center text-sm font-semibold text-muted">{text}</div>
  );
}

/** While drawing: how to place corners (a click or a tap; or, from the keyboard, the map's centre), and Finish. */
function DrawingControls({
  corners,
  onAddCentre,
  onUndo,
  onFinish,
  onCancel,
}: {
  corners: number;
  onAddCentre: () => void;
  onUndo: () => void;
  onFinish: () => void;
  onCancel: () => void;
}) {
  const { t, tn } = useI18n();
  return (
    <>
      <p className="w-full text-sm text-muted" role="status">
        {t("Click or tap the map at each corner of your area, then Finish.")}{" "}
        {tn(corners, "1 corner", "{count} corners")}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-secondary btn-small" onClick={onAddCentre}>
          {t("Add the map's centre")}
        </button>
        <button type="button" className="btn-secondary btn-small" onClick={onUndo} disabled={corners === 0}>
          {t("Undo")}
        </button>
        <button type="button" className="btn-secondary btn-small" onClick={onCancel}>
          {t("Cancel")}
        </button>
        <button
          type="button"
          className="btn-primary btn-small"
          onClick={onFinish}
          disabled={corners < DRAWN_AREA_CORNERS.min}
        >
          {t("Finish")}
        </button>
      </div>
    </>
  );
}

/** The query the map's points are read with: the page's filters and what its path fixes, without `omit`. */
function mapQuery(current: URLSearchParams, fixed: string, omit: string[] = []) {
  const params = new URLSearchParams(current);
  for (const name of [...NOT_FILTERS, ...omit]) params.delete(name);
  for (const [name, value] of new URLSearchParams(fixed)) params.set(name, value);
  params.sort();
  return params.toString();
}

/** The area in view, kept on the globe. */
export function areaOfMap(map: LeafletMap): Bbox {
  const bounds = map.getBounds();
  return clampArea({
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  });
}
