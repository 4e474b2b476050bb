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
 * How often e-mails come (Instant, Daily, Weekly, Off), with the Apply button of the form it stands in: a
 * saved search's alerts and the saved homes' news are chosen alike.
 */
export function AlertFrequencyField({ label, frequency }: { label: string; frequency: AlertFrequency }) {
  const { t } = useI18n();
  return (
    <>
      <label className="text-sm">
        <span className="field-label">{label}</span>
        <select name="frequency" defaultValue={frequency} className="text-input py-2">
          {Object.entries(FREQUENCY_LABELS).map(([value, option]) => (
            <option key={value} value={value}>
              {t(option)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-secondary btn-small">
        {t("Apply")}
      </button>
    </>
  );
}
