import { type FormEvent, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { notify } from "#app/components/toaster.tsx";
import type { Refusal } from "#app/http/errors.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import {
  firstInvalidField,
  LISTING_LIMITS,
  type ListingFormDefaults,
  type ListingFormErrors,
  type ListingFormField,
  listingFormInput,
  listingToastMessage,
  validateListingForm,
} from "#app/modules/listing/listing.schema.ts";
import { ChoiceField, YES_NO } from "./choice-field.tsx";
import { errorId, FieldError } from "./field-error.tsx";
import { NumberField } from "./number-field.tsx";
import { PhotoField } from "./photo-field.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { usePhotoUploads } from "./use-photo-uploads.ts";

type Props = {
  defaults: ListingFormDefaults;
  submitLabel: "Create Listing" | "Edit Listing";
  /** The action's answer to the last submission, if it refused it. */
  actionData: Refusal<ListingFormField> | undefined;
};

const TYPE_OPTIONS = [
  { label: "Sell", value: "sale" },
  { label: "Rent", value: "rent" },
] as const;
const WAIT_FOR_UPLOADS = "Please wait until the images are uploaded";
const { nameMin, nameMax, roomsMin, roomsMax, priceMin, priceMax, addressMax } = LISTING_LIMITS;

/** The element to focus for a field that failed (the first button of a choice, the file input for images). */
const fieldId = (field: ListingFormField) => `listing-${field}`;

/**
 * The create/edit listing form (SPEC.md section 2). It checks itself with the shared schema before submitting;
 * the action checks the same schema again and answers with the same messages.
 */
export function ListingEditor({ defaults, submitLabel, actionData }: Props) {
  const [type, setType] = useState<ListingType>(defaults.type);
  const [name, setName] = useState(defaults.name);
  const [bedrooms, setBedrooms] = useState(String(defaults.bedrooms));
  const [bathrooms, setBathrooms] = useState(String(defaults.bathrooms));
  const [parking, setParking] = useState(defaults.parking);
  const [furnished, setFurnished] = useState(defaults.furnished);
  const [address, setAddress] = useState(defaults.address);
  const [offer, setOffer] = useState(defaults.offer);
  const [regularPrice, setRegularPrice] = useState(String(defaults.regularPrice));
  // Kept while the offer is off and still submitted, so the discount rule applies then too (SPEC.md section 5).
  const [discountedPrice, setDiscountedPrice] = useState(String(defaults.discountedPrice));
  const photos = usePhotoUploads(defaults.photos);
  // Messages of the browser's own check; null shows the action's (after each answer from the server).
  const [clientErrors, setClientErrors] = useState<ListingFormErrors | null>(null);
  const shownErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  // "Please wait" goes as soon as the last photo is up: the form can then be sent.
  const errors =
    !photos.busy && shownErrors.imageIds === WAIT_FOR_UPLOADS
      ? { ...shownErrors, imageIds: undefined }
      : shownErrors;
  const saving = useNavigation().state === "submitting";
  const hydrated = useHydrated();

  /** Editing a field takes its message away (the others stay until the next submit). */
  function clearError(field: ListingFormField) {
    setClientErrors((current) => {
      const shown = current ?? actionData?.fieldErrors ?? {};
      if (!shown[field]) return current;
      const rest = { ...shown };
      delete rest[field];
      return rest;
    });
  }
  const edit =
    <T,>(field: ListingFormField, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      clearError(field);
    };

  useEffect(() => {
    if (!actionData) return;
    setClientErrors(null);
    focusField(firstInvalidField(actionData.fieldErrors));
  }, [actionData]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (photos.busy) {
      event.preventDefault();
      setClientErrors({ imageIds: WAIT_FOR_UPLOADS });
      focusField("imageIds");
      return;
    }
    const result = validateListingForm(listingFormInput(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    setClientErrors(result.errors);
    const toast = listingToastMessage(result.errors);
    if (toast) notify("error", toast);
    focusField(firstInvalidField(result.errors));
  }

  return (
    <Form method="post" noValidate onSubmit={handleSubmit} className="flex flex-col gap-6">
      <ChoiceField
        id={fieldId("type")}
        label="Sell / Rent"
        name="type"
        value={type}
        options={TYPE_OPTIONS}
        onChange={edit("type", setType)}
        error={errors.type}
        disabled={!hydrated}
      />
      <div>
        <label htmlFor={fieldId("name")} className="field-label">
          Name
        </label>
        <input
          id={fieldId("name")}
          name="name"
          value={name}
          onChange={(event) => edit("name", setName)(event.target.value)}
          minLength={nameMin}
          maxLength={nameMax}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errorId(fieldId("name"), errors.name)}
          className="text-input"
        />
        <FieldError id={`${fieldId("name")}-error`} message={errors.name} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <NumberField
          id={fieldId("bedrooms")}
          name="bedrooms"
          label="Bedrooms"
          value={bedrooms}
          onChange={edit("bedrooms", setBedrooms)}
          min={roomsMin}
          max={roomsMax}
          error={errors.bedrooms}
        />
        <NumberField
          id={fieldId("bathrooms")}
          name="bathrooms"
          label="Bathrooms"
          value={bathrooms}
          onChange={edit("bathrooms", setBathrooms)}
          min={roomsMin}
          max={roomsMax}
          error={errors.bathrooms}
        />
      </div>
      <ChoiceField
        id={fieldId("parking")}
        label="Parking spot"
        name="parking"
        value={String(parking)}
        options={YES_NO}
        onChange={edit("parking", (value: string) => setParking(value === "true"))}
        error={errors.parking}
        disabled={!hydrated}
      />
      <ChoiceField
        id={fieldId("furnished")}
        label="Furnished"
        name="furnished"
        value={String(furnished)}
        options={YES_NO}
        onChange={edit("furnished", (value: string) => setFurnished(value === "true"))}
        error={errors.furnished}
        disabled={!hydrated}
      />
      <div>
        <label htmlFor={fieldId("address")} className="field-label">
          Address
        </label>
        <textarea
          id={fieldId("address")}
          name="address"
          value={address}
          onChange={(event) => edit("address", setAddress)(event.target.value)}
          maxLength={addressMax}
          rows={3}
          required
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={errorId(fieldId("address"), errors.address)}
          className="text-input"
        />
        <FieldError id={`${fieldId("address")}-error`} message={errors.address} />
      </div>
      <ChoiceField
        id={fieldId("offer")}
        label="Offer"
        name="offer"
        value={String(offer)}
        options={YES_NO}
        onChange={edit("offer", (value: string) => setOffer(value === "true"))}
        error={errors.offer}
        disabled={!hydrated}
      />
      <NumberField
        id={fieldId("regularPrice")}
        name="regularPrice"
        label="Regular Price"
        value={regularPrice}
        onChange={edit("regularPrice", setRegularPrice)}
        min={priceMin}
        max={priceMax}
        suffix={type === "rent" ? "$ / Month" : undefined}
        error={errors.regularPrice}
      />
      {offer ? (
        <NumberField
          id={fieldId("discountedPrice")}
          name="discountedPrice"
          label="Discounted Price"
          value={discountedPrice}
          onChange={edit("discountedPrice", setDiscountedPrice)}
          min={priceMin}
          max={priceMax}
          suffix={type === "rent" ? "$ / Month" : undefined}
          error={errors.discountedPrice}
        />
      ) : (
        <input type="hidden" name="discountedPrice" value={discountedPrice} />
      )}
      <PhotoField
        id={fieldId("imageIds")}
        photos={photos}
        error={errors.imageIds}
        onEdit={() => clearError("imageIds")}
        disabled={!hydrated}
      />
      {/* Without an offer the discount has no field of its own to show its message under. */}
      {!offer && clientErrors?.discountedPrice ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {errors.discountedPrice}
        </p>
      ) : null}
      {/* The action's message belongs to the last submission; the browser's own check replaces it. */}
      <FormMessage data={clientErrors ? undefined : actionData} />
      <button type="submit" className="btn-primary w-full" disabled={saving}>
        {submitLabel}
      </button>
    </Form>
  );
}

function focusField(field: ListingFormField | undefined) {
  if (field) document.getElementById(fieldId(field))?.focus();
}
