import { useI18n } from "#app/components/use-i18n.ts";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";
import { COUNTRY_RULES, type ListingRuleSet } from "#app/modules/listing/listing.country-rules.ts";
import {
  CERTIFICATE_TYPE_LABELS,
  CERTIFICATE_TYPES,
  COUNCIL_TAX_BANDS,
  ENERGY_CERTIFICATE_LABELS,
  ENERGY_CERTIFICATES,
  ENERGY_SOURCE_LABELS,
  ENERGY_SOURCES,
  type EnergyCertificate,
  SCALE_A_TO_G,
  TENURE_LABELS,
  TENURES,
} from "#app/modules/listing/listing.energy.ts";
import { LISTING_COLUMNS } from "#app/modules/listing/listing.fields.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import { InputField, SelectField } from "./detail-inputs.tsx";
import type { Need, Props } from "./detail-sections.tsx";

// The listing form's "Energy" group: the certificate (or why there is none), the rating on the site's scale,
// the energy use and the certificate's validity, and the details the site's country asks for beside them
// (Germany's certificate type and main energy source, France's GES class and yearly energy cost). A field the
// country requires shows its reason instead of "(optional)".

/** "A", "B"... as a select's options (classes are not translated). */
const classOptions = (scale: readonly string[]) => scale.map((value) => ({ value, label: value }));

function choices<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, MessageKey>,
  t: (key: MessageKey) => string,
) {
  return values.map((value) => ({ value, label: t(labels[value]) }));
}

export function EnergyFields({
  field,
  defaults,
  rules,
  need,
  certificate,
  onCertificate,
  currency,
}: Omit<Props, "need"> & {
  rules: ListingRuleSet;
  need: Need;
  certificate: EnergyCertificate | null;
  onCertificate: (value: EnergyCertificate | null) => void;
  currency: string;
}) {
  const { t } = useI18n();
  const { scale } = COUNTRY_RULES[rules];
  const onScale = (rating: string | null) => rating !== null && (scale as readonly string[]).includes(rating);
  // Exempt, or applied for: no rating, use or validity to give yet.
  const none = certificate === "exempt" || certificate === "appliedFor";
  return (
    <>
      <SelectField
        {...field("energyCertificate")}
        label={t("Energy certificate")}
        {...need("energyCertificate")}
        options={choices(ENERGY_CERTIFICATES, ENERGY_CERTIFICATE_LABELS, t)}
        defaultValue={defaults.energyCertificate}
        onChange={(value) => onCertificate((value || null) as EnergyCertificate | null)}
      />
      {none ? null : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...field("energyRating")}
              label={t("Energy rating")}
              {...need("energyRating")}
              options={classOptions(scale)}
              // A class of another scale (saved under other rules) is not offered: the lister chooses again.
              defaultValue={onScale(defaults.energyRating) ? defaults.energyRating : null}
            />
            <InputField
              {...field("energyUse")}
              type="number"
              label={t("Energy use")}
              {...need("energyUse")}
              step={0.1}
              min={0}
              max={LISTING_COLUMNS.energyUse.max}
              defaultValue={defaults.energyUse}
              suffix={`kWh/m²·${t("year")}`}
            />
            <InputField
              {...field("energyValidUntil")}
              type="date"
              label={t("Certificate valid until")}
              {...need("energyValidUntil")}
              defaultValue={defaults.energyValidUntil}
            />
            {rules === "de" ? (
              <SelectField
                {...field("energyCertificateType")}
                label={t("Certificate type")}
                {...need("energyCertificateType")}
                options={choices(CERTIFICATE_TYPES, CERTIFICATE_TYPE_LABELS, t)}
                defaultValue={defaults.energyCertificateType}
              />
            ) : null}
          </div>
          {rules === "fr" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                {...field("ghgRating")}
                label={t("Greenhouse gas class (GES)")}
                {...need("ghgRating")}
                options={classOptions(SCALE_A_TO_G)}
                defaultValue={defaults.ghgRating}
              />
              <InputField
                {...field("energyCostMin")}
                type="number"
                label={t("Yearly energy cost from")}
                {...need("energyCostMin")}
                step={1}
                min={0}
                defaultValue={defaults.energyCostMin}
                suffix={currency}
              />
              <InputField
                {...field("energyCostMax")}
                type="number"
                label={t("Yearly energy cost to")}
                {...need("energyCostMax")}
                step={1}
                min={0}
                defaultValue={defaults.energyCostMax}
                suffix={currency}
              />
            </div>
          ) : null}
        </>
      )}
      {rules === "de" ? (
        <SelectField
          {...field("energySource")}
          label={t("Main energy source")}
          {...need("energySource")}
          options={choices(ENERGY_SOURCES, ENERGY_SOURCE_LABELS, t)}
          defaultValue={defaults.energySource}
        />
      ) : null}
    </>
  );
}

/** The UK's tenure (a sale's) and council tax band, asked in the costs. */
export function UkCostFields({
  field,
  defaults,
  need,
  type,
}: Omit<Props, "need"> & { need: Need; type: ListingType }) {
  const { t } = useI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {type === "sale" ? (
        <SelectField
          {...field("tenure")}
          label={t("Tenure")}
          {...need("tenure")}
          options={choices(TENURES, TENURE_LABELS, t)}
          defaultValue={defaults.tenure}
        />
      ) : null}
      <SelectField
        {...field("councilTaxBand")}
        label={t("Council tax band")}
        {...need("councilTaxBand")}
        options={classOptions(COUNCIL_TAX_BANDS)}
        defaultValue={defaults.councilTaxBand}
      />
    </div>
  );
}
