import { CircleMarker, Polyline, useMapEvents } from "react-leaflet";
import type { Corner } from "#app/modules/search/search.drawn-area.ts";
import { DRAWN_AREA_CORNERS } from "#app/modules/search/search.drawn-area.ts";

/**
 * Drawing an area: each click or tap on the map places a corner; the line joins them, and a click on the
 * first corner (from the third on) closes the area. Loaded only when the searcher opens the tool.
 */
export default function AreaDrawing({
  corners,
  onCorner,
  onDone,
}: {
  corners: Corner[];
  onCorner: (corner: Corner) => void;
  onDone: () => void;
}) {
  useMapEvents({
    click(event) {
      if (corners.length < DRAWN_AREA_CORNERS.max) onCorner([event.latlng.lat, event.latlng.lng]);
    },
  });
  const closable = corners.length >= DRAWN_AREA_CORNERS.min;
  return (
    <>
      {corners.length > 1 ? (
        <Polyline
          positions={closable ? [...corners, corners[0]!] : corners}
          className="search-drawn-area"
          dashArray="6 6"
        />
      ) : null}
      {corners.map((corner, index) => (
        <CircleMarker
          // biome-ignore lint/suspicious/noArrayIndexKey: a corner is its place in the ring
          key={index}
          center={corner}
          radius={index === 0 && closable ? 9 : 6}
          className="search-drawn-corner"
          bubblingMouseEvents={false}
          eventHandlers={{
            click: () => {
              if (index === 0 && closable) onDone();
            },
          }}
        />
      ))}
    </>
  );
}
