import "leaflet/dist/leaflet.css";
import type { Map as LeafletMap, Marker as LeafletMarker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapContainer, Marker, TileLayer, useMap } from "react-leaflet";
import { mapPin } from "#app/components/listing/map-pin.client.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import type { PinMapProps } from "./pin-field.tsx";

/** One press of a move button or an arrow key moves the pin this many screen pixels, at any zoom. */
const STEP_PX = 12;

const MOVES = [
  { key: "ArrowUp", label: msg("Move pin north"), arrow: "↑", dx: 0, dy: -1 },
  { key: "ArrowLeft", label: msg("Move pin west"), arrow: "←", dx: -1, dy: 0 },
  { key: "ArrowRight", label: msg("Move pin east"), arrow: "→", dx: 1, dy: 0 },
  { key: "ArrowDown", label: msg("Move pin south"), arrow: "↓", dx: 0, dy: 1 },
] as const;

/**
 * The listing form's map: a pin the lister drags to the home. Keyboard users move it with the arrow keys
 * while it has the focus, or with the buttons under the map (also "Put the pin in the middle of the map", after
 * panning the map with its own arrow keys).
 */
export default function PinMap({ pin, zoom, placed, tileUrl, attribution, onMove }: PinMapProps) {
  const { t } = useI18n();
  const [map, setMap] = useState<LeafletMap | null>(null);
  const marker = useRef<LeafletMarker>(null);

  function step(dx: number, dy: number) {
    if (!map) return;
    const point = map.latLngToContainerPoint([pin.lat, pin.lng]);
    const next = map.containerPointToLatLng([point.x + dx * STEP_PX, point.y + dy * STEP_PX]);
    onMove({ lat: next.lat, lng: next.lng });
    map.panInside(next, { padding: [40, 40] });
  }

  // Arrow keys on the focused pin move it (Leaflet's own keyboard handling pans the map, from the map only).
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      const move = MOVES.find((candidate) => candidate.key === event.key);
      if (!move) return;
      event.preventDefault();
      event.stopPropagation();
      step(move.dx, move.dy);
    };
    element.addEventListener("keydown", onKey);
    return () => element.removeEventListener("keydown", onKey);
  });

  return (
    <div className="flex h-full flex-col">
      <MapContainer
        ref={setMap}
        center={[pin.lat, pin.lng]}
        zoom={zoom}
        scrollWheelZoom={false}
        className="min-h-0 w-full flex-1"
      >
        <TileLayer url={tileUrl} attribution={attribution} detectRetina />
        <Recentre pin={pin} zoom={zoom} placed={placed} />
        <Marker
          ref={marker}
          position={[pin.lat, pin.lng]}
          icon={mapPin}
          draggable
          autoPan
          alt={t("The home's pin: drag it, or use the arrow keys")}
          title={t("Drag the pin to the home")}
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as LeafletMarker).getLatLng();
              onMove({ lat, lng });
            },
          }}
        />
      </MapContainer>
      <fieldset className="flex flex-wrap items-center gap-1 border-t border-line bg-surface px-2 py-1.5">
        <legend className="float-left mr-1 text-xs font-semibold text-muted">{t("Move pin")}</legend>
        {MOVES.map((move) => (
          <button
            key={move.key}
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg border border-line bg-surface text-base font-bold text-ink hover:bg-surface-2"
            aria-label={t(move.label)}
            title={t(move.label)}
            onClick={() => step(move.dx, move.dy)}
          >
            <span aria-hidden="true">{move.arrow}</span>
          </button>
        ))}
        <button
          type="button"
          className="ml-auto rounded-lg px-2 py-1.5 text-xs font-semibold text-brand hover:bg-surface-2"
          onClick={() => {
            if (!map) return;
            const centre = map.getCenter();
            onMove({ lat: centre.lat, lng: centre.lng });
          }}
        >
          {t("Put the pin in the middle of the map")}
        </button>
      </fieldset>
    </div>
  );
}

/** A newly placed address centres the map on it; drags and moves do not. */
function Recentre({ pin, zoom, placed }: Pick<PinMapProps, "pin" | "zoom" | "placed">) {
  const map = useMap();
  const last = useRef(placed);
  useEffect(() => {
    if (last.current === placed) return;
    last.current = placed;
    map.setView([pin.lat, pin.lng], zoom);
  }, [map, pin, zoom, placed]);
  return null;
}
