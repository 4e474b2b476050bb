import "leaflet/dist/leaflet.css";
import "./search-map.css";
import {
  DivIcon,
  type LatLngBoundsExpression,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
  latLngBounds,
} from "leaflet";
import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { MapContainer, Marker, Polygon, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { useI18n } from "#app/components/use-i18n.ts";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import { formatPrice, pinPrice } from "#app/modules/listing/listing.rules.ts";
import { type Corner, DRAWN_AREA_CORNERS } from "#app/modules/search/search.drawn-area.ts";
import type { MapPoint } from "#app/modules/search/search.map.ts";
import type { Bbox } from "#app/modules/search/search.rules.ts";
import { areaOfMap, type LeafletSearchMapProps } from "./search-map.tsx";

// The drawing tool loads only when the searcher opens it.
const AreaDrawing = lazy(() => import("./search-map.draw.client.tsx"));

/**
 * While drawing, each click or tap on the map places a corner. Listened here, not in the drawing's own chunk: a
 * searcher who clicks as soon as the tool opens must not lose corners while that chunk still loads.
 */
function CornerClicks({ corners, onCorner }: { corners: Corner[]; onCorner: (corner: Corner) => void }) {
  useMapEvents({
    click(event) {
      if (corners.length < DRAWN_AREA_CORNERS.max) onCorner([event.latlng.lat, event.latlng.lng]);
    },
  });
  return null;
}

/** Pans and zooms settle for this long before the results follow (debounced). */
const MOVE_DEBOUNCE_MS = 400;
/** The whole world once, never repeated sideways: areas stay within ±180°. */
const WORLD_BOUNDS: LatLngBoundsExpression = [
  [-90, -180],
  [90, 180],
];
/**
 * Room kept around the results when the map fits them, in pixels: a price pin stands about 32 px above its
 * point and runs about 45 px to each side, a cluster's circle 28 px around it; none is cut at the edge.
 */
const FIT_PADDING: [number, number] = [56, 56];
/** A fitted map comes no closer than a street's scale (one result is a point). */
const FIT_MAX_ZOOM = 16;

function clusterIcon(count: number, i18n: I18n) {
  const size = count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 48 : 56;
  return new DivIcon({
    className: "search-cluster",
    // The count for the eye, the whole phrase for a screen reader (Leaflet makes the marker a button).
    html: `<span aria-hidden="true">${i18n.number(count)}</span><span class="sr-only">${clusterLabel(count, i18n)}</span>`,
    iconSize: [size, size],
  });
}

function clusterLabel(count: number, i18n: I18n) {
  return i18n.t("{count} homes: zoom in", { count: i18n.number(count) });
}

/** A home's pin: its short price on a tag; a screen reader hears its name and full price. */
function priceIcon(listing: ListingSummary, i18n: I18n) {
  const html = document.createElement("span");
  const price = html.appendChild(document.createElement("span"));
  price.setAttribute("aria-hidden", "true");
  price.textContent = pinPrice(listing, i18n);
  const name = html.appendChild(document.createElement("span"));
  name.className = "sr-only";
  name.textContent = `${listing.name}, ${formatPrice(listing, i18n)}`;
  // Sized by its text; it stands above its point (search-map.css), so no size or anchor here.
  return new DivIcon({ className: "search-price-pin", html, iconSize: undefined });
}

/** The search map: server clusters as counted circles (a click zooms in), homes as price pins (a click shows the card). */
export default function LeafletSearchMap({
  data,
  fitKey,
  drawnArea,
  draft,
  tiles,
  onReady,
  ...props
}: LeafletSearchMapProps) {
  const first = fitArea(data.area, data.fit ? drawnArea : null);
  return (
    <MapContainer
      bounds={first}
      boundsOptions={data.fit ? { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } : undefined}
      maxBounds={WORLD_BOUNDS}
      maxBoundsViscosity={1}
      minZoom={0}
      worldCopyJump={false}
      className="h-full w-full"
      ref={(map) => {
        if (map) onReady(map);
      }}
    >
      <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} detectRetina noWrap />
      <Refit data={data} fitKey={fitKey} drawnArea={drawnArea} />
      <MoveWatcher onMove={props.onMove} />
      {drawnArea ? <Polygon positions={drawnArea} className="search-drawn-area" /> : null}
      {draft ? (
        <>
          <CornerClicks corners={draft} onCorner={props.onDraftCorner} />
          <Suspense fallback={null}>
            <AreaDrawing corners={draft} onDone={props.onDraftDone} />
          </Suspense>
        </>
      ) : (
        <Points
          points={data.points}
          active={props.active}
          onActive={props.onActive}
          onSelect={props.onSelect}
        />
      )}
    </MapContainer>
  );
}

/** The box a map fits: the results' area, with the drawn area when there is one. */
function fitArea(area: Bbox, drawnArea: Corner[] | null) {
  const bounds = latLngBounds([area.south, area.west], [area.north, area.east]);
  for (const corner of drawnArea ?? []) bounds.extend(corner);
  return bounds;
}

/** A new search (other filters) fits the map to its results; the first view was fitted by MapContainer. */
function Refit({ data, fitKey, drawnArea }: Pick<LeafletSearchMapProps, "data" | "fitKey" | "drawnArea">) {
  const map = useMap();
  const fitted = useRef(fitKey);
  useEffect(() => {
    if (fitted.current === fitKey || !data.fit) return;
    fitted.current = fitKey;
    // Unanimated, the fit's moveend comes within this call (and none when the view stays the same).
    fitting.add(map);
    map.fitBounds(fitArea(data.area, drawnArea), {
      padding: FIT_PADDING,
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
    fitting.delete(map);
  }, [map, data, fitKey, drawnArea]);
  return null;
}

/** Maps being fitted to a new search's results: that move is the page's, and the search keeps no area for it. */
const fitting = new WeakSet<LeafletMap>();

function MoveWatcher({ onMove }: { onMove: (area: Bbox) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const map = useMapEvents({
    moveend() {
      clearTimeout(timer.current);
      if (fitting.has(map)) return;
      timer.current = setTimeout(() => onMove(areaOfMap(map)), MOVE_DEBOUNCE_MS);
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return null;
}

function Points({
  points,
  active,
  onActive,
  onSelect,
}: {
  points: MapPoint[];
  active: string | null;
  onActive: (id: string | null) => void;
  onSelect: (listing: ListingSummary) => void;
}) {
  const map = useMap();
  const i18n = useI18n();
  const markers = useRef(new Map<string, LeafletMarker>());
  // One icon per point for as long as the points stay: a new icon would replace the marker's element, and a
  // hover that re-renders the map (the card it highlights) would lose the click under way and the focus.
  const icons = useMemo(
    () =>
      points.map((point) =>
        point.listing ? priceIcon(point.listing, i18n) : clusterIcon(point.count, i18n),
      ),
    [points, i18n],
  );

  // The card hovered or focused in the list: its pin is raised and highlighted (without redrawing it, so a
  // focused pin keeps its focus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: new points are new markers, marked again
  useEffect(() => {
    for (const [id, marker] of markers.current) {
      marker.getElement()?.classList.toggle("is-active", id === active);
      marker.setZIndexOffset(id === active ? 1000 : 0);
    }
  }, [active, points]);

  return (
    <>
      {points.map((point, index) => {
        const listing = point.listing;
        const icon = icons[index]!;
        return listing ? (
          <Marker
            key={listing.id}
            ref={(marker) => {
              if (marker) markers.current.set(listing.id, marker);
              else markers.current.delete(listing.id);
            }}
            position={[point.lat, point.lng]}
            icon={icon}
            title={`${listing.name}, ${formatPrice(listing, i18n)}`}
            eventHandlers={{
              click: () => onSelect(listing),
              mouseover: () => onActive(listing.id),
              mouseout: () => onActive(null),
              // Leaflet's keyboard focus is on the marker's element.
              add: (event) => {
                const element = (event.target as LeafletMarker).getElement();
                element?.addEventListener("focus", () => onActive(listing.id));
                element?.addEventListener("blur", () => onActive(null));
              },
            }}
          />
        ) : (
          <Marker
            key={`${point.lat},${point.lng},${point.count}`}
            position={[point.lat, point.lng]}
            icon={icon}
            title={clusterLabel(point.count, i18n)}
            eventHandlers={{ click: () => zoomTo(map, point) }}
          />
        );
      })}
    </>
  );
}

/** Shows the cluster's homes: its box, or closer in when they share one spot. */
function zoomTo(map: LeafletMap, { bounds, lat, lng }: MapPoint) {
  if (bounds.east - bounds.west < 1e-6 && bounds.north - bounds.south < 1e-6) {
    map.setView([lat, lng], Math.min(map.getZoom() + 3, map.getMaxZoom()));
    return;
  }
  map.fitBounds(
    [
      [bounds.south, bounds.west],
      [bounds.north, bounds.east],
    ],
    { padding: [40, 40] },
  );
}
