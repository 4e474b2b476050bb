import type { InputHTMLAttributes } from "react";
import { errorId, FieldError } from "#app/components/field-error.tsx";

type Props = Pick<InputHTMLAttributes<HTMLInputElement>, "defaultValue" | "value" | "onChange"> & {
  id: string;
  name: string;
  label: string;
  min: number;
  max: number;
  /** Shown after the input, e.g. "$ / Month". */
  suffix?: string;
  error?: string;
};

/** A labelled whole-number input whose min/max come from the schema's limits; its value, or the browser's. */
export function NumberField({ id, name, label, min, max, suffix, error, ...value }: Props) {
  const suffixId = suffix ? `${id}-suffix` : undefined;
  const describedBy = [suffixId, errorId(id, error)].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          {...value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="text-input max-w-48 text-center"
        />
        {suffix ? (
          <span id={suffixId} className="font-semibold whitespace-nowrap">
            {suffix}
          </span>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
