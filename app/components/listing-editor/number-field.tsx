import { errorId, FieldError } from "./field-error.tsx";

type Props = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  /** Shown after the input, e.g. "$ / Month". */
  suffix?: string;
  error?: string;
};

/** A labelled whole-number input whose min/max come from the schema's limits. */
export function NumberField({ id, name, label, value, onChange, min, max, suffix, error }: Props) {
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
          value={value}
          onChange={(event) => onChange(event.target.value)}
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
