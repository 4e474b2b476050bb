import { useI18n } from "#app/components/use-i18n.ts";
import type { AlertFrequency } from "#app/db/schema.ts";
import { AlertFrequencyField } from "./alert-frequency-field.tsx";

/**
 * How often the user hears of their saved homes' price drops, lets and sales by e-mail. A plain form (it works
 * before JavaScript loads); the choice applies with its button.
 */
export function SavedHomeAlerts({ frequency }: { frequency: AlertFrequency }) {
  const { t } = useI18n();
  return (
    <form method="post" action="/saved" className="mb-8 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="alerts" />
      <AlertFrequencyField
        label={t("E-mail me when a saved home gets cheaper, is let or sold")}
        frequency={frequency}
      />
    </form>
  );
}
