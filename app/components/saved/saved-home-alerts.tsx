import { useI18n } from "#app/components/use-i18n.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

const FREQUENCY_LABELS = {
  instant: msg("Instant"),
  daily: msg("Daily"),
  weekly: msg("Weekly"),
  off: msg("Off"),
} as const satisfies Record<AlertFrequency, string>;

/**
 * How often the user hears of their saved homes' price drops, lets and sales by e-mail. A plain form (it works
 * before JavaScript loads); the choice applies with its button.
 */
export function SavedHomeAlerts({ frequency }: { frequency: AlertFrequency }) {
  const { t } = useI18n();
  return (
    <form method="post" action="/saved" className="mb-8 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="alerts" />
      <label className="text-sm">
        <span className="field-label">{t("E-mail me when a saved home gets cheaper, is let or sold")}</span>
        <select name="frequency" defaultValue={frequency} className="text-input py-2">
          {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary btn-small">
        {t("Apply")}
      </button>
    </form>
  );
}
