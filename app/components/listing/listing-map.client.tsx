import "leaflet/dist/leaflet.css";
import { Icon } from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import type { ListingMapProps } from "./listing-map.tsx";

/** SPEC.md section 9. */
const ZOOM = 13;

// Leaflet finds its default marker images by reading a path out of its CSS, which breaks once a bundler
// renames the files; importing them gives Vite's hashed URLs instead. Sizes are Leaflet's defaults. No
// shadow: Leaflet ships it at 1x only, blurry on the phones most visitors use.
const pin = new Icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
});

/** Leaflet map centred on the listing, scroll-wheel zoom off, with a marker whose popup shows the location. */
export default function LeafletMap({ lat, lng, location, tileUrl, attribution }: ListingMapProps) {
  return (
    <MapContainer center={[lat, lng]} zoom={ZOOM} scrollWheelZoom={false} className="h-full w-full">
      {/* detectRetina: on a high-density screen, four tiles of the next zoom level per tile, so the map is
          as sharp as the page (zoom 13 stays the map's zoom). */}
      <TileLayer url={tileUrl} attribution={attribution} detectRetina />
      <Marker position={[lat, lng]} icon={pin} alt={`Map marker: ${location}`} title={location}>
        <Popup>{location}</Popup>
      </Marker>
    </MapContainer>
  );
}
