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
};

/** A labelled, required text input (or text area) whose length limits come from the schema. */
export function TextField({ id, label, rows, error, ...input }: Props) {
  const control = {
    id,
    ...input,
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
