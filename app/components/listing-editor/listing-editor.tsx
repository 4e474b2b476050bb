import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { notify } from "#app/components/toaster.tsx";
import { useFormErrors } from "#app/components/use-form-errors.ts";
import type { Refusal } from "#app/http/errors.ts";
import type { ListingType } from "#app/modules/listing/listing.model.ts";
import {
  LISTING_FIELDS,
  LISTING_LIMITS,
  type ListingFormDefaults,
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
 * The create/edit listing form (SPEC.md section 2). The inputs keep their own values (the browser submits
 * them); state is only what changes what the form shows (the type, the offer) and the discounted price, which
 * outlives its field. It checks itself with the shared schema before submitting; the action checks the same
 * schema again and answers with the same messages.
 */
export function ListingEditor({ defaults, submitLabel, actionData }: Props) {
  const [type, setType] = useState<ListingType>(defaults.type);
  const [offer, setOffer] = useState(defaults.offer);
  // Kept while the offer is off and still submitted, so the discount rule applies then too (SPEC.md section 5).
  const [discountedPrice, setDiscountedPrice] = useState(String(defaults.discountedPrice));
  const photos = usePhotoUploads(defaults.photos);
  const form = useFormErrors({
    refusal: actionData,
    // Photos still uploading are not in the form yet: it waits for them.
    validate: (element) => {
      if (photos.busy) return { imageIds: WAIT_FOR_UPLOADS };
      const result = validateListingForm(listingFormInput(new FormData(element)));
      return result.success ? null : result.errors;
    },
    order: LISTING_FIELDS,
    fieldId,
    onRefused: (errors) => {
      const toast = listingToastMessage(errors);
      if (toast) notify("error", toast);
    },
  });
  // "Please wait" goes as soon as the last photo is up: the form can then be sent.
  const errors =
    !photos.busy && form.errors.imageIds === WAIT_FOR_UPLOADS
      ? { ...form.errors, imageIds: undefined }
      : form.errors;
  const saving = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const suffix = type === "rent" ? "$ / Month" : undefined;

  return (
    <Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      className="flex flex-col gap-6"
    >
      <ChoiceField
        id={fieldId("type")}
        label="Sell / Rent"
        name="type"
        defaultValue={defaults.type}
        options={TYPE_OPTIONS}
        onChange={(value) => {
          setType(value);
          form.clear("type");
        }}
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
          defaultValue={defaults.name}
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
        {(["bedrooms", "bathrooms"] as const).map((rooms) => (
          <NumberField
            key={rooms}
            id={fieldId(rooms)}
            name={rooms}
            label={rooms === "bedrooms" ? "Bedrooms" : "Bathrooms"}
            defaultValue={defaults[rooms]}
            min={roomsMin}
            max={roomsMax}
            error={errors[rooms]}
          />
        ))}
      </div>
      {(["parking", "furnished"] as const).map((amenity) => (
        <ChoiceField
          key={amenity}
          id={fieldId(amenity)}
          label={amenity === "parking" ? "Parking spot" : "Furnished"}
          name={amenity}
          defaultValue={String(defaults[amenity])}
          options={YES_NO}
          onChange={() => form.clear(amenity)}
          error={errors[amenity]}
          disabled={!hydrated}
        />
      ))}
      <div>
        <label htmlFor={fieldId("address")} className="field-label">
          Address
        </label>
        <textarea
          id={fieldId("address")}
          name="address"
          defaultValue={defaults.address}
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
        defaultValue={String(defaults.offer)}
        options={YES_NO}
        onChange={(value) => {
          setOffer(value === "true");
          form.clear("offer");
        }}
        error={errors.offer}
        disabled={!hydrated}
      />
      <NumberField
        id={fieldId("regularPrice")}
        name="regularPrice"
        label="Regular Price"
        defaultValue={defaults.regularPrice}
        min={priceMin}
        max={priceMax}
        suffix={suffix}
        error={errors.regularPrice}
      />
      {offer ? (
        <NumberField
          id={fieldId("discountedPrice")}
          name="discountedPrice"
          label="Discounted Price"
          value={discountedPrice}
          onChange={(event) => setDiscountedPrice(event.target.value)}
          min={priceMin}
          max={priceMax}
          suffix={suffix}
          error={errors.discountedPrice}
        />
      ) : (
        <input type="hidden" name="discountedPrice" value={discountedPrice} />
      )}
      <PhotoField
        id={fieldId("imageIds")}
        photos={photos}
        error={errors.imageIds}
        onEdit={() => form.clear("imageIds")}
        disabled={!hydrated}
      />
      {/* Without an offer the discount has no field of its own to show its message under. */}
      {!offer && form.checkedHere && errors.discountedPrice ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {errors.discountedPrice}
        </p>
      ) : null}
      {/* The action's message belongs to the last submission; the browser's own check replaces it. */}
      <FormMessage data={form.checkedHere ? undefined : actionData} />
      <button type="submit" className="btn-primary w-full" disabled={saving}>
        {submitLabel}
      </button>
    </Form>
  );
}
