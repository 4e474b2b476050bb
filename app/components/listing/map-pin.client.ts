import { Icon } from "leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";

// Leaflet finds its default marker images by reading a path out of its CSS, which breaks once a bundler
// renames the files; importing them gives Vite's hashed URLs instead. Sizes are Leaflet's defaults. No
// shadow: Leaflet ships it at 1x only, blurry on the phones most visitors use.

/** The marker of one listing, on its page's map and on the search map. */
export const mapPin = new Icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
});
