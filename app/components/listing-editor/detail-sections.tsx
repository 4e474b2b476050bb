import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";
import { latestYearBuilt } from "#app/modules/listing/listing.details.schema.ts";
import {
  type AreaUnit,
  areaSign,
  CONDITION_LABELS,
  FURNISHING_LABELS,
  PETS_LABELS,
  PROPERTY_TYPE_LABELS,
} from "#app/modules/listing/listing.details.ts";
import { LISTING_COLUMNS } from "#app/modules/listing/listing.fields.ts";
import {
  CONDITIONS,
  FURNISHING,
  PETS,
  PROPERTY_TYPES,
  type PropertyType,
} from "#app/modules/listing/listing.model.ts";
import type { ListingFormDefaults, ListingFormField } from "#app/modules/listing/listing.schema.ts";
import { CheckField, InputField, SelectField } from "./detail-inputs.tsx";

// The listing form's details, by section: what the home is (kind, description, furnishing, pets), its size,
// its building, a rent's or a sale's costs, and its tour. Each field's name is its column's; the shared schema
// (listing.schema.ts) checks them in the browser and again on the server.

/** A field's id (what takes the focus), its form name and its message, as the editor hands them out. */
export type FieldProps = (name: ListingFormField) => { id: string; name: string; error: string | undefined };

/** How the form asks for a field: optional, or required with the law's reason as its hint (LISTING_RULES). */
export type Need = (field: ListingFormField) => { optional: boolean; hint?: string };

/** Without country rules: every field these sections mark optional is. */
const OPTIONAL: Need = () => ({ optional: true });

export type Props = { field: FieldProps; defaults: ListingFormDefaults; need?: Need };

/** A select's options: each value with its label in LOCALE's language. */
function optionsOf<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, MessageKey>,
  t: (key: MessageKey) => string,
) {
  return values.map((value) => ({ value, label: t(labels[value]) }));
}

/** Property type, description, furnishing and pets. */
export function AboutFields({
  field,
  defaults,
  onPropertyType,
}: Props & { onPropertyType: (value: PropertyType | null) => void }) {
  const { t } = useI18n();
  const { min, max } = LISTING_COLUMNS.description;
  const description = field("description");
  return (
    <>
      <SelectField
        {...field("propertyType")}
        label={t("Property type")}
        options={optionsOf(PROPERTY_TYPES, PROPERTY_TYPE_LABELS, t)}
        defaultValue={defaults.propertyType}
        hint={t("A room is only let, land only sold.")}
        onChange={(value) => onPropertyType((value || null) as PropertyType | null)}
      />
      <div>
        <label htmlFor={description.id} className="field-label">
          {t("Description")}
        </label>
        <textarea
          id={description.id}
          name={description.name}
          rows={8}
          minLength={min}
          maxLength={max}
          required
          defaultValue={defaults.description ?? ""}
          aria-invalid={description.error ? true : undefined}
          aria-describedby={[`${description.id}-hint`, errorId(description.id, description.error)]
            .filter(Boolean)
            .join(" ")}
          className="text-input"
        />
        <p id={`${description.id}-hint`} className="field-hint">
          {t("30 to 5,000 characters of plain text; leave an empty line between paragraphs.")}
        </p>
        <FieldError id={`${description.id}-error`} message={description.error} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("furnished")}
          label={t("Furnished")}
          options={optionsOf(FURNISHING, FURNISHING_LABELS, t)}
          defaultValue={defaults.furnished}
        />
        <SelectField
          {...field("pets")}
          label={t("Pets")}
          optional
          options={optionsOf(PETS, PETS_LABELS, t)}
          defaultValue={defaults.pets}
        />
      </div>
    </>
  );
}

/** Living area (plot area for land), plot area and rooms, in the site's unit. */
export function SizeFields({
  field,
  defaults,
  areaUnit,
  propertyType,
}: Props & { areaUnit: AreaUnit; propertyType: PropertyType | null }) {
  const { t } = useI18n();
  const land = propertyType === "land";
  return (
    <div className="grid grid-cols-2 gap-4">
      <InputField
        {...field("livingArea")}
        type="number"
        label={t("Living area")}
        optional={land}
        step={0.1}
        min={1}
        defaultValue={defaults.livingArea}
        suffix={areaSign(areaUnit)}
      />
      <InputField
        {...field("plotArea")}
        type="number"
        label={t("Plot area")}
        optional={!land}
        step={0.1}
        min={1}
        defaultValue={defaults.plotArea}
        suffix={areaSign(areaUnit)}
      />
      <InputField
        {...field("rooms")}
        type="number"
        label={t("Rooms")}
        optional
        step={1}
        min={1}
        max={100}
        defaultValue={defaults.rooms}
      />
    </div>
  );
}

/** Year built, condition, floor, floors, lift and step-free access. */
export function BuildingFields({ field, defaults, need = OPTIONAL }: Props) {
  const { t } = useI18n();
  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        <InputField
          {...field("yearBuilt")}
          type="number"
          label={t("Year built")}
          {...need("yearBuilt")}
          step={1}
          min={LISTING_COLUMNS.yearBuilt.min}
          max={latestYearBuilt()}
          defaultValue={defaults.yearBuilt}
        />
        <SelectField
          {...field("condition")}
          label={t("Condition")}
          optional
          options={optionsOf(CONDITIONS, CONDITION_LABELS, t)}
          defaultValue={defaults.condition}
        />
        <InputField
          {...field("floor")}
          type="number"
          label={t("Floor")}
          optional
          step={1}
          min={LISTING_COLUMNS.floor.min}
          max={LISTING_COLUMNS.floor.max}
          defaultValue={defaults.floor}
        />
        <InputField
          {...field("floorsTotal")}
          type="number"
          label={t("Floors in building")}
          optional
          step={1}
          min={1}
          max={LISTING_COLUMNS.floorsTotal.max}
          defaultValue={defaults.floorsTotal}
        />
      </div>
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <CheckField {...field("lift")} label={t("Lift")} defaultChecked={defaults.lift === true} />
        <CheckField
          {...field("stepFree")}
          label={t("Step-free access")}
          defaultChecked={defaults.stepFree === true}
        />
      </div>
    </>
  );
}

/** The video or virtual tour's link. */
export function TourFields({ field, defaults }: Props) {
  const { t } = useI18n();
  return (
    <InputField
      {...field("tourUrl")}
      type="url"
      label={t("Video or virtual tour")}
      optional
      maxLength={LISTING_COLUMNS.tourUrl.max}
      placeholder="https://www.youtube.com/watch?v=…"
      hint={t("A YouTube, Vimeo or Matterport link. Visitors start it with a button.")}
      defaultValue={defaults.tourUrl}
    />
  );
}
