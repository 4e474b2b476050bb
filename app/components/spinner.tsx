import { useI18n } from "#app/components/use-i18n.ts";
/** The spinner shown while something loads or saves. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div role="status" className="flex justify-center py-10">
      <span className="size-12 animate-spin rounded-full border-4 border-brand-soft border-t-brand" />
      <span className="sr-only">{label ?? t("Loading")}</span>
    </div>
  );
}
