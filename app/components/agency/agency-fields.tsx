import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { AGENCY_LIMITS as L } from "#app/modules/agency/agency.rules.ts";
import { LogoField } from "./logo-field.tsx";

/** The profile's values, as saved (Settings) or empty (Create an agency). */
export type AgencyFieldValues = {
  name: string;
  about: string;
  officeAddress: string;
  phone: string | null;
  legalName: string;
  registrationNumber: string | null;
  contactEmail: string;
};

type Props = {
  values?: AgencyFieldValues;
  /** The saved logo's URL, if any. */
  logo?: { src: string } | null;
  fieldErrors?: Record<string, string | undefined>;
};

/**
 * The agency's profile fields, shared by Create an agency and the workspace's Settings: the public profile,
 * then the trader details (shown on the public page, except the contact e-mail).
 */
export function AgencyFields({ values, logo = null, fieldErrors = {} }: Props) {
  const { t } = useI18n();
  const field = (
    id: keyof AgencyFieldValues,
    label: string,
    options: { max: number; required?: boolean; type?: string; autoComplete?: string; hint?: string },
  ) => (
    <div>
      <label htmlFor={`agency-${id}`} className="field-label">
        {label}
      </label>
      <input
        id={`agency-${id}`}
        name={id}
        type={options.type ?? "text"}
        required={options.required}
        maxLength={options.max}
        autoComplete={options.autoComplete ?? "off"}
        defaultValue={values?.[id] ?? ""}
        aria-invalid={fieldErrors[id] ? true : undefined}
        aria-describedby={
          errorId(`agency-${id}`, fieldErrors[id]) ?? (options.hint ? `agency-${id}-hint` : undefined)
        }
        className="text-input"
      />
      {fieldErrors[id] ? null : options.hint ? (
        <p id={`agency-${id}-hint`} className="field-hint">
          {options.hint}
        </p>
      ) : null}
      <FieldError id={`agency-${id}-error`} message={fieldErrors[id]} />
    </div>
  );
  return (
    <>
      <fieldset className="flex flex-col gap-4">
        <legend className="section-heading mb-2">{t("Profile")}</legend>
        {field("name", t("Agency name"), { max: L.nameMax, required: true, autoComplete: "organization" })}
        <LogoField current={logo} error={fieldErrors.logoImageId} />
        <div>
          <label htmlFor="agency-about" className="field-label">
            {t("About the agency")}
          </label>
          <textarea
            id="agency-about"
            name="about"
            rows={5}
            required
            maxLength={L.aboutMax}
            defaultValue={values?.about ?? ""}
            aria-invalid={fieldErrors.about ? true : undefined}
            aria-describedby={errorId("agency-about", fieldErrors.about)}
            className="text-input min-h-32 resize-y"
          />
          <FieldError id="agency-about-error" message={fieldErrors.about} />
        </div>
        {field("officeAddress", t("Office address"), {
          max: L.addressMax,
          required: true,
          autoComplete: "street-address",
        })}
        {field("phone", t("Public phone (optional)"), { max: L.phoneMax, type: "tel", autoComplete: "tel" })}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="section-heading mb-2">{t("Trader details")}</legend>
        {field("legalName", t("Legal name"), { max: L.legalNameMax, required: true })}
        {field("registrationNumber", t("Registration number (optional)"), { max: L.registrationNumberMax })}
        {field("contactEmail", t("Contact e-mail"), {
          max: L.emailMax,
          required: true,
          type: "email",
          autoComplete: "email",
          hint: t("Never shown publicly."),
        })}
      </fieldset>
    </>
  );
}
