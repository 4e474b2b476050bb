import "leaflet/dist/leaflet.css";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingMapProps } from "./listing-map.tsx";
import { mapPin } from "./map-pin.client.ts";

/** SPEC.md section 9. */
const ZOOM = 13;

/** Leaflet map centred on the listing, scroll-wheel zoom off, with a marker whose popup shows the location. */
export default function LeafletMap({ lat, lng, location, tileUrl, attribution }: ListingMapProps) {
  const { t } = useI18n();
  return (
    <MapContainer center={[lat, lng]} zoom={ZOOM} scrollWheelZoom={false} className="h-full w-full">
      {/* detectRetina: on a high-density screen, four tiles of the next zoom level per tile, so the map is
          as sharp as the page (zoom 13 stays the map's zoom). */}
      <TileLayer url={tileUrl} attribution={attribution} detectRetina />
      <Marker
        position={[lat, lng]}
        icon={mapPin}
        alt={t("Map marker: {location}", { location })}
        title={location}
      >
        <Popup>{location}</Popup>
      </Marker>
    </MapContainer>
  );
}
