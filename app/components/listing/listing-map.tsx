import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

/** What the map needs: where, what the popup says, and the tile server (from the server's configuration). */
export type ListingMapProps = {
  lat: number;
  lng: number;
  location: string;
  /** A pin on the home; false: a circle around the area (its centre is near the home, not on it). */
  exact: boolean;
  tileUrl: string;
  attribution: string;
};

// Leaflet touches `window` when imported and weighs about 45 KB gzipped: it loads in the browser only, in its
// own chunk, when the map is about to scroll into view. Lists and the first paint never pay for it.
const LeafletMap = lazy(() => import("./listing-map.client.tsx"));

/** The listing's map: a same-sized placeholder on the server and until Leaflet has loaded. */
export function ListingMap(props: ListingMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const { t } = useI18n();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const placeholder = <MapPlaceholder text={near ? t("Loading map") : t("Map")} />;
  return (
    <div
      ref={box}
      className="isolate h-72 w-full overflow-hidden rounded-2xl border border-line bg-surface-2 shadow-sm md:h-96"
    >
      {near ? (
        <MapErrorBoundary fallback={<MapPlaceholder text={t("The map could not be loaded.")} />}>
          <Suspense fallback={placeholder}>
            <LeafletMap {...props} />
          </Suspense>
        </MapErrorBoundary>
      ) : (
        placeholder
      )}
    </div>
  );
}

function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex h-full items-center justify-center text-sm font-semibold text-muted">{text}</div>
  );
}

/** A failed chunk download must cost the map only, not the whole page. */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
