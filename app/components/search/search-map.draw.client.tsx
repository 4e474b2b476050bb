import { CircleMarker, Polyline } from "react-leaflet";
import { type Corner, DRAWN_AREA_CORNERS } from "#app/modules/search/search.drawn-area.ts";

/**
 * Drawing an area: the corners placed so far (search-map.client.tsx places them on each click or tap), the line
 * that joins them, and a click on the first corner (from the third on) closes the area. Loaded only when the
 * searcher opens the tool.
 */
export default function AreaDrawing({ corners, onDone }: { corners: Corner[]; onDone: () => void }) {
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
