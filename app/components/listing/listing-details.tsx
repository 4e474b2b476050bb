import { useI18n } from "#app/components/use-i18n.ts";
import { type MessageKey, msg } from "#app/modules/i18n/i18n.ts";
import type { CountryRules } from "#app/modules/listing/listing.country-rules.ts";
import {
  type AreaUnit,
  areaLabel,
  availableFromLabel,
  CONDITION_LABELS,
  FURNISHING_LABELS,
  PETS_LABELS,
  PROPERTY_TYPE_LABELS,
  totalMonthlyCost,
} from "#app/modules/listing/listing.details.ts";
import { TENURE_LABELS } from "#app/modules/listing/listing.energy.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { effectivePrice } from "#app/modules/listing/listing.rules.ts";
import { type Fact, FactGrid } from "./fact-grid.tsx";

type Props = { listing: Listing; areaUnit: AreaUnit; rentCosts?: CountryRules["rentCosts"] };

/**
 * How a rent's costs are named where the site's country has words of its own: Germany's Kaltmiete (the rent
 * without charges) and Warmmiete (with them), France's "Loyer charges comprises".
 */
export const RENT_COST_LABELS = {
  plain: { rent: msg("Monthly rent"), total: msg("Total monthly cost") },
  de: { rent: msg("Kaltmiete"), total: msg("Warmmiete") },
  fr: { rent: msg("Monthly rent"), total: msg("Loyer charges comprises") },
} as const satisfies Record<CountryRules["rentCosts"], { rent: MessageKey; total: MessageKey }>;

/**
 * The home's facts as a grid of label and value (as the big portals show them): its kind, areas, rooms,
 * building and terms, then its costs with the total a tenant pays each month. Facts the lister did not give
 * are left out; a listing saved before they were asked shows only what it has.
 */
export function ListingDetails({ listing, areaUnit, rentCosts = "plain" }: Props) {
  const words = RENT_COST_LABELS[rentCosts];
  const i18n = useI18n();
  const { t, money } = i18n;
  const yesNo = (value: boolean | null) => (value === null ? null : value ? t("Yes") : t("No"));
  const label = (key: MessageKey | undefined) => (key ? t(key) : null);
  const floor =
    listing.floor === null
      ? null
      : listing.floorsTotal === null
        ? i18n.number(listing.floor)
        : t("{floor} of {floors}", {
            floor: i18n.number(listing.floor),
            floors: i18n.number(listing.floorsTotal),
          });
  const facts: Fact[] = [
    [
      t("Property type"),
      label(listing.propertyType ? PROPERTY_TYPE_LABELS[listing.propertyType] : undefined),
    ],
    [t("Living area"), listing.livingArea === null ? null : areaLabel(listing.livingArea, areaUnit, i18n)],
    [t("Plot area"), listing.plotArea === null ? null : areaLabel(listing.plotArea, areaUnit, i18n)],
    [t("Rooms"), listing.rooms === null ? null : i18n.number(listing.rooms)],
    [t("Floor"), floor],
    [
      t("Floors in building"),
      listing.floor === null && listing.floorsTotal !== null ? i18n.number(listing.floorsTotal) : null,
    ],
    [t("Year built"), listing.yearBuilt === null ? null : String(listing.yearBuilt)],
    [t("Condition"), label(listing.condition ? CONDITION_LABELS[listing.condition] : undefined)],
    [t("Furnished"), t(FURNISHING_LABELS[listing.furnished])],
    [t("Pets"), label(listing.pets ? PETS_LABELS[listing.pets] : undefined)],
    [t("Lift"), yesNo(listing.lift)],
    [t("Step-free access"), yesNo(listing.stepFree)],
    [
      t("Available from"),
      listing.availableFrom === null ? null : availableFromLabel(listing.availableFrom, i18n),
    ],
    [
      t("Minimum lease"),
      listing.leaseMonths === null ? null : i18n.tn(listing.leaseMonths, "{count} month", "{count} months"),
    ],
  ];
  const total = totalMonthlyCost(listing);
  const costs: Fact[] =
    listing.type === "rent"
      ? [
          [t(words.rent), money(effectivePrice(listing))],
          [
            t("Monthly charges"),
            listing.monthlyCharges === null ? null : `${money(listing.monthlyCharges)}${t(" / Month")}`,
          ],
          [t("Heating included"), yesNo(listing.heatingIncluded)],
          [t("Deposit"), listing.deposit === null ? null : money(listing.deposit)],
        ]
      : [
          [
            t("Service charge"),
            listing.serviceCharge === null ? null : `${money(listing.serviceCharge)}${t(" / Month")}`,
          ],
          [t("Tenure"), listing.tenure ? t(TENURE_LABELS[listing.tenure]) : null],
        ];
  if (listing.councilTaxBand) costs.push([t("Council tax band"), listing.councilTaxBand]);
  const givenCosts = costs.filter(([, value]) => value !== null);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="listing-facts">
        <h2 id="listing-facts" className="section-heading mb-3">
          {t("Facts and features")}
        </h2>
        <FactGrid facts={facts} />
      </section>
      {/* A rent's own row is always there: the section shows when something more is given. */}
      {givenCosts.length > (listing.type === "rent" ? 1 : 0) ? (
        <section aria-labelledby="listing-costs">
          <h2 id="listing-costs" className="section-heading mb-3">
            {t("Costs")}
          </h2>
          <FactGrid facts={givenCosts} />
          {total === null ? null : (
            <p className="mt-3 flex items-baseline justify-between gap-4 rounded-xl bg-surface-2 px-4 py-3">
              <span className="font-semibold">{t(words.total)}</span>
              <span className="text-xl font-extrabold whitespace-nowrap">
                {money(total)}
                <span className="text-base font-semibold text-muted">{t(" / Month")}</span>
              </span>
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
