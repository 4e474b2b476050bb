import { useI18n } from "#app/components/use-i18n.ts";
import { LISTING_LIMITS } from "#app/modules/listing/listing.schema.ts";
import type { Props } from "./detail-sections.tsx";
import { PinField } from "./pin-field.tsx";
import { TextField } from "./text-field.tsx";
import type { usePin } from "./use-pin.ts";

type LocationProps = Props & {
  pin: ReturnType<typeof usePin>;
  /** The tile server of the pin's map. */
  map: { tileUrl: string; attribution: string };
};

/**
 * The address, the pin the lister may drag (placed when they pause typing or leave the address), and "Show
 * exact address".
 */
export function LocationFields({ field, defaults, pin, map }: LocationProps) {
  const { t } = useI18n();
  const lat = field("lat");
  const exact = field("exactAddress");
  return (
    <div className="flex flex-col gap-3">
      <TextField
        {...field("address")}
        label={t("Address")}
        defaultValue={defaults.address}
        maxLength={LISTING_LIMITS.addressMax}
        rows={3}
        onInput={pin.typed}
        onBlur={(value) => void pin.lookup(value)}
      />
      <PinField id={lat.id} state={pin} map={map} error={lat.error ?? field("lng").error} />
      <div className="flex items-start gap-3">
        {/* Sent when the box is unticked; a ticked box sends "true" after it. */}
        <input type="hidden" name="exactAddress" value="false" />
        <input
          id={exact.id}
          type="checkbox"
          name="exactAddress"
          value="true"
          defaultChecked={defaults.exactAddress}
          aria-describedby="listing-exactAddress-hint"
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <div>
          <label htmlFor={exact.id} className="font-semibold">
            {t("Show exact address")}
          </label>
          <p id="listing-exactAddress-hint" className="text-sm text-muted">
            {t(
              "When off, visitors see the street without the house number, and an area of about 300 m instead of a pin.",
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
