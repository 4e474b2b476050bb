import { lazy, Suspense } from "react";
import { FieldError } from "#app/components/field-error.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { PIN_MESSAGES } from "#app/modules/listing/listing.address.ts";
import type { PinState } from "./use-pin.ts";

export type PinMapProps = {
  pin: { lat: number; lng: number };
  /** Street-level for a found street or a saved pin, town-level for a city's centre. */
  zoom: number;
  /** Changes when the map should centre on the pin again (a new address was placed). */
  placed: number;
  tileUrl: string;
  attribution: string;
  onMove: (pin: { lat: number; lng: number }) => void;
};

// Leaflet loads in the browser only, in its own chunk, once there is a pin to show: the form's first paint
// and a form without JavaScript never pay for it.
const PinMap = lazy(() => import("./pin-map.client.tsx"));

type Props = {
  id: string;
  state: PinState & { move: PinMapProps["onMove"] };
  map: { tileUrl: string; attribution: string };
  error?: string;
};

const SOURCE_MESSAGES = {
  address: PIN_MESSAGES.street,
  street: PIN_MESSAGES.street,
  city: PIN_MESSAGES.city,
  saved: msg("Drag the pin to move it"),
} as const;

/**
 * Where the home is: once the address is placed, the map with a pin the lister drags (or moves with the
 * buttons under it), and how precisely the address was found. The pin's position and the address it belongs
 * to are posted in hidden inputs; without JavaScript there is no map and the server places the address.
 */
export function PinField({ id, state, map, error }: Props) {
  const { t, translate } = useI18n();
  const { pin, source } = state;
  const hydrated = useHydrated();
  const loading = (
    <div className="flex h-full items-center justify-center text-sm font-semibold text-muted">
      {t("Loading map")}
    </div>
  );
  const status = state.looking
    ? t("Finding the address on the map…")
    : state.error
      ? translate(state.error)
      : source
        ? translate(SOURCE_MESSAGES[source])
        : "";
  return (
    <div id={id} tabIndex={-1} className="flex flex-col gap-3">
      <input type="hidden" name="lat" value={pin ? String(round(pin.lat)) : ""} />
      <input type="hidden" name="lng" value={pin ? String(round(pin.lng)) : ""} />
      <input type="hidden" name="pinAddress" value={pin ? state.address : ""} />
      <p
        role="status"
        className={
          status
            ? `flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold ${
                state.error
                  ? "bg-danger-soft text-danger"
                  : source === "city" && !state.looking
                    ? "border-l-4 border-amber-500 bg-surface-2 text-ink"
                    : "bg-brand-soft text-ink"
              }`
            : "sr-only"
        }
      >
        {status ? <PinDot /> : null}
        {status}
      </p>
      {pin ? (
        <div className="isolate h-72 w-full overflow-hidden rounded-2xl border border-line bg-surface-2 shadow-sm md:h-80">
          {/* The map is browser code (a .client module, empty on the server): rendered after hydration only. */}
          {hydrated ? (
            <Suspense fallback={loading}>
              <PinMap
                pin={pin}
                zoom={source === "city" ? 13 : 17}
                placed={state.placed}
                tileUrl={map.tileUrl}
                attribution={map.attribution}
                onMove={state.move}
              />
            </Suspense>
          ) : (
            loading
          )}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Six decimals: about 10 cm, more than a pin needs. */
function round(value: number) {
  return Math.round(value * 1e6) / 1e6;
}

function PinDot() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-current">
      <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
    </svg>
  );
}
