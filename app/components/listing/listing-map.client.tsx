import "leaflet/dist/leaflet.css";
import { Circle, MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import { useI18n } from "#app/components/use-i18n.ts";
import { AREA_RADIUS_M } from "#app/modules/listing/listing.address.ts";
import type { ListingMapProps } from "./listing-map.tsx";
import { mapPin } from "./map-pin.client.ts";

/** SPEC.md section 9. */
const ZOOM = 13;
/** Close enough to see the streets the circle spans. */
const AREA_ZOOM = 15;

/**
 * Leaflet map centred on the listing, scroll-wheel zoom off, with a marker whose popup shows the location, or,
 * for a listing without its exact address, a circle around the area.
 */
export default function LeafletMap({ lat, lng, location, exact, tileUrl, attribution }: ListingMapProps) {
  const { t } = useI18n();
  return (
    <MapContainer
      center={[lat, lng]}
      zoom={exact ? ZOOM : AREA_ZOOM}
      scrollWheelZoom={false}
      className="h-full w-full"
    >
      {/* detectRetina: on a high-density screen, four tiles of the next zoom level per tile, so the map is
          as sharp as the page (zoom 13 stays the map's zoom). */}
      <TileLayer url={tileUrl} attribution={attribution} detectRetina />
      {exact ? (
        <Marker
          position={[lat, lng]}
          icon={mapPin}
          alt={t("Map marker: {location}", { location })}
          title={location}
        >
          <Popup>{location}</Popup>
        </Marker>
      ) : (
        <Circle
          center={[lat, lng]}
          radius={AREA_RADIUS_M}
          pathOptions={{ color: "#047857", weight: 2, fillColor: "#047857", fillOpacity: 0.15 }}
        >
          <Popup>{location}</Popup>
        </Circle>
      )}
    </MapContainer>
  );
}
