import { errorId, FieldError } from "#app/components/field-error.tsx";

type Props = {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  minLength?: number;
  maxLength: number;
  /** A text area of this many rows; a one-line input without. */
  rows?: number;
  error?: string;
  /** Called with the value as it is typed, and when the field is left. */
  onInput?: (value: string) => void;
  onBlur?: (value: string) => void;
};

/** A labelled, required text input (or text area) whose length limits come from the schema. */
export function TextField({ id, label, rows, error, onInput, onBlur, ...input }: Props) {
  const control = {
    id,
    ...input,
    onInput: onInput
      ? (event: { currentTarget: { value: string } }) => onInput(event.currentTarget.value)
      : undefined,
    onBlur: onBlur
      ? (event: { currentTarget: { value: string } }) => onBlur(event.currentTarget.value)
      : undefined,
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": errorId(id, error),
    className: "text-input",
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {rows ? <textarea rows={rows} {...control} /> : <input {...control} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
