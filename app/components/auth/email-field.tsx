import { useI18n } from "#app/components/use-i18n.ts";
/** The e-mail input of the auth screens (SPEC.md: no rule beyond input type e-mail). */
export function EmailField() {
  const { t } = useI18n();
  return (
    <div>
      <label htmlFor="email" className="field-label">
        {t("Email")}
      </label>
      <input id="email" name="email" type="email" required autoComplete="email" className="text-input" />
    </div>
  );
}
