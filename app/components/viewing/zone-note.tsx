import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import { zoneName } from "#app/modules/viewing/viewing.rules.ts";

/**
 * "Times are in the home's time zone (CET)" when it is not the visitor's own: the server cannot know the
 * visitor's zone, so the note appears once the page runs in their browser (times are always the home's).
 */
export function ZoneNote({ zone, at }: { zone: string; at: number }) {
  const hydrated = useHydrated();
  const { t, locale } = useI18n();
  if (!hydrated) return null;
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zoneName(at, own, "en-US") === zoneName(at, zone, "en-US")) return null;
  return (
    <p className="text-sm text-muted">
      {t("Times are in the home's time zone: {zone}", {
        zone: `${zone.replace(/_/g, " ")} (${zoneName(at, zone, locale)})`,
      })}
    </p>
  );
}
