import { useState } from "react";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

type Option<T extends string> = { label: string; value: T };

type Props<T extends string> = {
  /** The id of the first button (focused when the field is invalid) and the prefix of the others. */
  id: string;
  label: string;
  /** The form field the chosen value is submitted as. */
  name: string;
  defaultValue: T;
  options: readonly [Option<T>, Option<T>];
  /** Told about every choice (the form clears the field's message; some fields change what the form shows). */
  onChange: (value: T) => void;
  error?: string;
  /** Until the page is interactive the buttons could not do anything. */
  disabled?: boolean;
};

/**
 * A choice between two values shown as two toggle buttons (aria-pressed), as the original form's Sell/Rent
 * and Yes/No pairs. The value travels in a hidden input so the form submits like any other field.
 */
export function ChoiceField<T extends string>({
  id,
  label,
  name,
  defaultValue,
  options,
  onChange,
  error,
  disabled,
}: Props<T>) {
  const [value, setValue] = useState(defaultValue);
  const { translate } = useI18n();
  return (
    <fieldset aria-describedby={errorId(id, error)}>
      <legend className="field-label">{label}</legend>
      <input type="hidden" name={name} value={value} />
      <div className="flex gap-3">
        {options.map((option, index) => {
          const pressed = option.value === value;
          return (
            <button
              key={option.value}
              id={index === 0 ? id : `${id}-${option.value}`}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              onClick={() => {
                setValue(option.value);
                onChange(option.value);
              }}
              className={`min-w-28 rounded-xl px-6 py-3 font-bold uppercase shadow-sm transition ${
                pressed
                  ? "border border-brand bg-brand text-on-brand hover:bg-brand-strong"
                  : `border bg-surface text-ink hover:bg-surface-2 ${error ? "border-danger" : "border-line-strong"}`
              }`}
            >
              {translate(option.label)}
            </button>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The Yes/No pair of the boolean fields (Parking spot, Furnished, Offer). */
export const YES_NO = [
  { label: msg("Yes"), value: "true" },
  { label: msg("No"), value: "false" },
] as const;
