import type { I18n } from "#app/modules/i18n/i18n.ts";
import "leaflet/dist/leaflet.css";
import "./search-map.css";
import { DivIcon, type LatLngBoundsExpression, type Map as LeafletMap } from "leaflet";
import { useEffect, useRef } from "react";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { mapPin } from "#app/components/listing/map-pin.client.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";
import { formatPrice } from "#app/modules/listing/listing.rules.ts";
import { clampArea, type MapPoint } from "#app/modules/search/search.map.ts";
import type { Bbox } from "#app/modules/search/search.rules.ts";
import type { LeafletSearchMapProps } from "./search-map.tsx";

/** Pans and zooms settle for this long before the results follow (debounced). */
const MOVE_DEBOUNCE_MS = 400;
/** The whole world once, never repeated sideways: areas stay within ±180°. */
const WORLD_BOUNDS: LatLngBoundsExpression = [
  [-90, -180],
  [90, 180],
];

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

/** The search map: server clusters as counted circles (a click zooms in), listings as pins (a click shows the card). */
export default function LeafletSearchMap({
  points,
  area,
  tileUrl,
  attribution,
  onMove,
  onSelect,
}: LeafletSearchMapProps) {
  return (
    <MapContainer
      bounds={[
        [area.south, area.west],
        [area.north, area.east],
      ]}
      maxBounds={WORLD_BOUNDS}
      maxBoundsViscosity={1}
      minZoom={2}
      worldCopyJump={false}
      className="h-full w-full"
    >
      <TileLayer url={tileUrl} attribution={attribution} detectRetina noWrap />
      <MoveWatcher onMove={onMove} />
      <Points points={points} onSelect={onSelect} />
    </MapContainer>
  );
}

function MoveWatcher({ onMove }: { onMove: (area: Bbox) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const map = useMapEvents({
    moveend() {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onMove(areaOf(map)), MOVE_DEBOUNCE_MS);
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return null;
}

function areaOf(map: LeafletMap): Bbox {
  const bounds = map.getBounds();
  return clampArea({
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  });
}

function Points({ points, onSelect }: { points: MapPoint[]; onSelect: (listing: ListingSummary) => void }) {
  const map = useMap();
  const i18n = useI18n();
  return (
    <>
      {points.map((point) =>
        point.listing ? (
          <Marker
            key={point.listing.id}
            position={[point.lat, point.lng]}
            icon={mapPin}
            title={`${point.listing.name}, ${formatPrice(point.listing, i18n)}`}
            alt={`${point.listing.name}, ${formatPrice(point.listing, i18n)}`}
            eventHandlers={{ click: () => onSelect(point.listing as ListingSummary) }}
          />
        ) : (
          <Marker
            key={`${point.lat},${point.lng},${point.count}`}
            position={[point.lat, point.lng]}
            icon={clusterIcon(point.count, i18n)}
            title={clusterLabel(point.count, i18n)}
            eventHandlers={{ click: () => zoomTo(map, point) }}
          />
        ),
      )}
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
