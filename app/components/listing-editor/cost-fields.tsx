import { useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import { CheckField, InputField } from "./detail-inputs.tsx";
import type { Need, Props } from "./detail-sections.tsx";

const OPTIONAL: Need = () => ({ optional: true });

// A rent's terms and costs, or a sale's service charge: the listing form's costs after the price.

/** A rent's terms and costs (available from, minimum lease, deposit, charges), or a sale's service charge. */
export function CostFields({
  field,
  defaults,
  type,
  currency,
  need = OPTIONAL,
}: Props & { type: ListingType; currency: string }) {
  const { t } = useI18n();
  const [now, setNow] = useState(defaults.availableFrom === "now");
  const perMonth = `${currency}${t(" / Month")}`;
  if (type === "sale") {
    return (
      <InputField
        {...field("serviceCharge")}
        type="number"
        label={t("Service charge")}
        optional
        step={1}
        min={0}
        defaultValue={defaults.serviceCharge}
        suffix={perMonth}
      />
    );
  }
  const available = field("availableFrom");
  return (
    <>
      <div>
        <InputField
          {...available}
          name={now ? "" : available.name}
          type="date"
          label={t("Available from")}
          optional
          defaultValue={defaults.availableFrom === "now" ? null : defaults.availableFrom}
        >
          <span className="flex items-center gap-2">
            <input
              id="listing-availableNow"
              type="checkbox"
              checked={now}
              onChange={(event) => setNow(event.currentTarget.checked)}
              className="size-5 accent-brand"
            />
            <label htmlFor="listing-availableNow" className="font-semibold">
              {t("Now")}
            </label>
          </span>
        </InputField>
        {now ? <input type="hidden" name="availableFrom" value="now" /> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          {...field("leaseMonths")}
          type="number"
          label={t("Minimum lease")}
          optional
          step={1}
          min={1}
          max={120}
          defaultValue={defaults.leaseMonths}
          suffix={t("months")}
        />
        <InputField
          {...field("deposit")}
          type="number"
          label={t("Deposit")}
          {...need("deposit")}
          step={1}
          min={0}
          defaultValue={defaults.deposit}
          suffix={currency}
        />
        <InputField
          {...field("monthlyCharges")}
          type="number"
          label={t("Monthly charges")}
          {...need("monthlyCharges")}
          step={1}
          min={0}
          defaultValue={defaults.monthlyCharges}
          suffix={perMonth}
        />
      </div>
      <CheckField
        {...field("heatingIncluded")}
        label={t("Heating included")}
        defaultChecked={defaults.heatingIncluded === true}
      />
    </>
  );
}
