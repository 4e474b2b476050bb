import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { notify } from "#app/components/toaster.tsx";
import { useFormErrors } from "#app/components/use-form-errors.ts";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import type { FieldErrors, Refusal } from "#app/http/errors.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { type ListingRuleSet, requirementsFor } from "#app/modules/listing/listing.country-rules.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import type { EnergyCertificate } from "#app/modules/listing/listing.energy.ts";
import type { ListingType, PropertyType } from "#app/modules/listing/listing.model.ts";
import {
  LISTING_FIELDS,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingFormDefaults,
  type ListingFormField,
  listingFormInput,
  listingToastMessage,
  maxImagesMessage,
  validateListingForm,
} from "#app/modules/listing/listing.schema.ts";
import { ChoiceField, YES_NO } from "./choice-field.tsx";
import { CostFields } from "./cost-fields.tsx";
import { FormSection } from "./detail-inputs.tsx";
import { AboutFields, BuildingFields, type Need, SizeFields, TourFields } from "./detail-sections.tsx";
import { EnergyFields, UkCostFields } from "./energy-fields.tsx";
import { LocationFields } from "./location-fields.tsx";
import { NumberField } from "./number-field.tsx";
import { PhotoField } from "./photo-field.tsx";
import { TextField } from "./text-field.tsx";
import { usePhotoUploads } from "./use-photo-uploads.ts";
import { usePin } from "./use-pin.ts";

type Props = {
  defaults: ListingFormDefaults;
  submitLabel: "Create Listing" | "Edit Listing";
  /** The site's photo limit (LISTING_PHOTOS_MAX). */
  photosMax: number;
  /** The action's answer to the last submission, if it refused it. */
  actionData: Refusal<ListingFormField> | undefined;
  /** The tile server of the pin's map (from the server's configuration). */
  map: { tileUrl: string; attribution: string };
  /** The site's area unit (AREA_UNIT): the form's areas are in it. */
  areaUnit: AreaUnit;
  /** The site's country rules (LISTING_RULES): the fields its law requires, and the energy scale. */
  rules: ListingRuleSet;
  /** "Publish as" (agency members only), shown before the submit button. */
  publishAs?: ReactNode;
};

const TYPE_OPTIONS = [
  { label: msg("Sell"), value: "sale" },
  { label: msg("Rent"), value: "rent" },
] as const;
const { nameMin, nameMax, roomsMin, roomsMax, priceMin, priceMax } = LISTING_LIMITS;

/** The element to focus for a field that failed (the first button of a choice, the file input for images). */
const fieldId = (field: ListingFormField) => `listing-${CAPTIONS_OF[field] ?? field}`;
/** A caption has no field of its own to focus: its images' file input takes the focus. */
const CAPTIONS_OF: Partial<Record<ListingFormField, ListingFormField>> = {
  imageCaptions: "imageIds",
  floorPlanCaptions: "floorPlanIds",
};
const FLOOR_PLAN_LIMIT = {
  kind: "floorPlan",
  max: LISTING_LIMITS.maxFloorPlans,
  tooMany: LISTING_MESSAGES.maxFloorPlans,
} as const;

/**
 * The create/edit listing form (SPEC.md section 2). The inputs keep their own values (the browser submits
 * them); state is only what changes what the form shows (the type, the offer) and the discounted price, which
 * outlives its field. It checks itself with the shared schema before submitting; the action checks the same
 * schema again and answers with the same messages. Pressed while photos are still uploading, it keeps the
 * press ("Uploading photos… 1 of 3") and saves once the last one is up; a photo that failed stops it with
 * "Images not uploaded" until it is retried or removed.
 */
export function ListingEditor({
  defaults,
  submitLabel,
  photosMax,
  actionData,
  map,
  areaUnit,
  rules,
  publishAs,
}: Props) {
  const [type, setType] = useState<ListingType>(defaults.type);
  // Land asks for its plot area rather than a living area.
  const [propertyType, setPropertyType] = useState<PropertyType | null>(defaults.propertyType);
  // Exempt or applied for: no rating to give, and none of a certificate's details required.
  const [certificate, setCertificate] = useState<EnergyCertificate | null>(defaults.energyCertificate);
  const i18n = useI18n();
  const { t, translate } = i18n;
  const [offer, setOffer] = useState(defaults.offer);
  // Kept while the offer is off and still submitted, so the discount rule applies then too (SPEC.md section 5).
  const [discountedPrice, setDiscountedPrice] = useState(String(defaults.discountedPrice));
  const photos = usePhotoUploads(defaults.photos, {
    kind: "photo",
    max: photosMax,
    tooMany: maxImagesMessage(photosMax),
  });
  const floorPlans = usePhotoUploads(defaults.floorPlans, FLOOR_PLAN_LIMIT);
  const uploading = photos.busy || floorPlans.busy;
  const pin = usePin(defaults.pin);
  const formElement = useRef<HTMLFormElement>(null);
  // A press made while photos upload, kept until the last one is up.
  const [queued, setQueued] = useState(false);
  const form = useFormErrors({
    refusal: actionData,
    validate: (element) => {
      const result = validateListingForm(listingFormInput(new FormData(element)), photosMax, rules);
      const errors: FieldErrors<ListingFormField> = result.success ? {} : { ...result.errors };
      // Photos still uploading are not in the form yet: the rest is checked now, the photos once they are up.
      if (photos.busy) delete errors.imageIds;
      else if (photos.failed) errors.imageIds = LISTING_MESSAGES.imagesNotUploaded;
      if (floorPlans.busy) delete errors.floorPlanIds;
      else if (floorPlans.failed) errors.floorPlanIds = LISTING_MESSAGES.imagesNotUploaded;
      return Object.keys(errors).length > 0 ? errors : null;
    },
    order: LISTING_FIELDS,
    fieldId,
    onRefused: (errors) => {
      // Keyed by its words: pressing again replaces the toast rather than stacking copies of it.
      const toast = listingToastMessage(errors);
      if (toast) notify("error", translate(toast), toast);
    },
  });
  const { errors } = form;
  const saving = useNavigation().state === "submitting";

  useEffect(() => {
    if (!queued || uploading) return;
    setQueued(false);
    // The same submission as the user's press: checked again (a photo may have failed), then sent.
    formElement.current?.requestSubmit();
  }, [queued, uploading]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.onSubmit(event);
    if (event.defaultPrevented) {
      setQueued(false);
      return;
    }
    if (uploading) {
      event.preventDefault();
      setQueued(true);
    }
  }

  const allItems = [...photos.items, ...floorPlans.items];
  const uploaded = allItems.filter((item) => item.status === "done").length;
  const hydrated = useHydrated();
  const suffix = type === "rent" ? `${i18n.currencySymbol}${t(" / Month")}` : undefined;
  /** A field's id (what takes the focus), its form name and its message. */
  const field = (name: ListingFormField) => ({ id: fieldId(name), name, error: errors[name] });
  // What the site's country requires of this listing as it stands (its type, kind and certificate), and why.
  const requirements = requirementsFor(rules, { type, propertyType, energyCertificate: certificate });
  const need: Need = (name) => {
    const requirement = requirements.find((required) => required.field === name);
    if (!requirement) return { optional: true };
    return { optional: false, hint: requirement.reason ? t(requirement.reason) : undefined };
  };

  return (
    <Form
      ref={formElement}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={form.onChange}
      className="flex flex-col gap-6"
    >
      <ChoiceField
        {...field("type")}
        label={t("Sell / Rent")}
        defaultValue={defaults.type}
        options={TYPE_OPTIONS}
        onChange={(value) => {
          setType(value);
          form.clear("type");
        }}
        disabled={!hydrated}
      />
      <TextField
        {...field("name")}
        label={t("Name")}
        defaultValue={defaults.name}
        minLength={nameMin}
        maxLength={nameMax}
      />
      <FormSection id="listing-section-about" title={t("About the home")}>
        <AboutFields
          field={field}
          defaults={defaults}
          onPropertyType={(value) => {
            setPropertyType(value);
            form.clear("propertyType");
          }}
        />
        <ChoiceField
          {...field("parking")}
          label={t("Parking spot")}
          defaultValue={String(defaults.parking)}
          options={YES_NO}
          onChange={() => form.clear("parking")}
          disabled={!hydrated}
        />
      </FormSection>
      <FormSection id="listing-section-size" title={t("Size and layout")}>
        <SizeFields field={field} defaults={defaults} areaUnit={areaUnit} propertyType={propertyType} />
        <div className="grid grid-cols-2 gap-4">
          {(["bedrooms", "bathrooms"] as const).map((rooms) => (
            <NumberField
              key={rooms}
              {...field(rooms)}
              label={rooms === "bedrooms" ? t("Bedrooms") : t("Bathrooms")}
              defaultValue={defaults[rooms]}
              min={roomsMin}
              max={roomsMax}
            />
          ))}
        </div>
      </FormSection>
      <FormSection id="listing-section-building" title={t("Building")}>
        <BuildingFields field={field} defaults={defaults} need={need} />
      </FormSection>
      {propertyType === "land" ? null : (
        <FormSection id="listing-section-energy" title={t("Energy")}>
          <EnergyFields
            field={field}
            defaults={defaults}
            rules={rules}
            need={need}
            certificate={certificate}
            onCertificate={(value) => {
              setCertificate(value);
              form.clear("energyCertificate");
            }}
            currency={i18n.currencySymbol}
          />
        </FormSection>
      )}
      <FormSection id="listing-section-location" title={t("Location")}>
        <LocationFields field={field} defaults={defaults} pin={pin} map={map} />
      </FormSection>
      <FormSection id="listing-section-costs" title={t("Costs")}>
        <ChoiceField
          {...field("offer")}
          label={t("Offer")}
          defaultValue={String(defaults.offer)}
          options={YES_NO}
          onChange={(value) => {
            setOffer(value === "true");
            form.clear("offer");
          }}
          disabled={!hydrated}
        />
        <NumberField
          {...field("regularPrice")}
          label={t("Regular Price")}
          defaultValue={defaults.regularPrice}
          min={priceMin}
          max={priceMax}
          suffix={suffix}
        />
        {offer ? (
          <NumberField
            {...field("discountedPrice")}
            label={t("Discounted Price")}
            value={discountedPrice}
            onChange={(event) => setDiscountedPrice(event.target.value)}
            min={priceMin}
            max={priceMax}
            suffix={suffix}
          />
        ) : (
          <input type="hidden" name="discountedPrice" value={discountedPrice} />
        )}
        <CostFields
          field={field}
          defaults={defaults}
          type={type}
          currency={i18n.currencySymbol}
          need={need}
        />
        {rules === "gb" ? <UkCostFields field={field} defaults={defaults} need={need} type={type} /> : null}
      </FormSection>
      <FormSection id="listing-section-photos" title={t("Photos and floor plans")}>
        <PhotoField
          id={fieldId("imageIds")}
          kind="photo"
          photos={photos}
          max={photosMax}
          error={errors.imageIds ?? errors.imageCaptions}
          onEdit={() => {
            form.clear("imageIds");
            form.clear("imageCaptions");
          }}
          disabled={!hydrated}
        />
        <PhotoField
          id={fieldId("floorPlanIds")}
          kind="floorPlan"
          photos={floorPlans}
          max={LISTING_LIMITS.maxFloorPlans}
          error={errors.floorPlanIds ?? errors.floorPlanCaptions}
          onEdit={() => {
            form.clear("floorPlanIds");
            form.clear("floorPlanCaptions");
          }}
          disabled={!hydrated}
        />
      </FormSection>
      <FormSection id="listing-section-tour" title={t("Tour")}>
        <TourFields field={field} defaults={defaults} />
      </FormSection>
      {/* Without an offer the discount has no field of its own to show its message under. */}
      {!offer && form.checkedHere && errors.discountedPrice ? (
        <p role="alert" className="alert-error">
          {translate(errors.discountedPrice)}
        </p>
      ) : null}
      {publishAs}
      {/* The action's message belongs to the last submission; the browser's own check replaces it. */}
      <FormMessage data={form.checkedHere ? undefined : actionData} />
      <p role="status" className={queued ? "text-center text-sm font-semibold text-muted" : "sr-only"}>
        {queued ? t("Uploading photos… {uploaded} of {count}", { uploaded, count: allItems.length }) : ""}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={saving} aria-busy={queued || saving}>
        {queued || saving ? (
          <span
            aria-hidden="true"
            className="size-5 animate-spin rounded-full border-3 border-on-brand/40 border-t-on-brand"
          />
        ) : null}
        {t(submitLabel)}
      </button>
    </Form>
  );
}
