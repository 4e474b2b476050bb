import type { ReactNode } from "react";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

// The inputs of the listing's details: a labelled select, a labelled input (a number, a date, a link) and a
// check box, each with "(optional)" after the label of a field the lister may leave empty, and the form's
// message under it.

type Base = {
  id: string;
  name: string;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: string;
};

function Label({ id, label, optional }: Pick<Base, "id" | "label" | "optional">) {
  const { t } = useI18n();
  return (
    <label htmlFor={id} className="field-label">
      {label}
      {optional ? <span className="font-normal text-muted"> {t("(optional)")}</span> : null}
    </label>
  );
}

function describedBy(id: string, error: string | undefined, hint: string | undefined, extra?: string) {
  return [hint ? `${id}-hint` : undefined, extra, errorId(id, error)].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
}

/** A labelled select; an optional one starts with an empty choice ("Not given"). */
export function SelectField({
  id,
  name,
  label,
  optional,
  error,
  hint,
  options,
  defaultValue,
  onChange,
}: Base & {
  options: { value: string; label: string }[];
  defaultValue: string | null;
  onChange?: (value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <div>
      <Label id={id} label={label} optional={optional} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className="text-input"
      >
        {optional || defaultValue === null ? (
          <option value="">{optional ? t("Not given") : t("Choose…")}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled input: a number (whole or with a tenth), a date or a link, with a unit after it. */
export function InputField({
  id,
  name,
  label,
  optional,
  error,
  hint,
  type,
  defaultValue,
  suffix,
  step,
  min,
  max,
  maxLength,
  placeholder,
  children,
}: Base & {
  type: "number" | "date" | "url";
  defaultValue: string | number | null;
  suffix?: string;
  step?: number;
  min?: number | string;
  max?: number | string;
  maxLength?: number;
  placeholder?: string;
  children?: ReactNode;
}) {
  const suffixId = suffix ? `${id}-suffix` : undefined;
  return (
    <div>
      <Label id={id} label={label} optional={optional} />
      <div className="flex items-center gap-3">
        <input
          id={id}
          name={name}
          type={type}
          inputMode={type === "number" ? (step && step < 1 ? "decimal" : "numeric") : undefined}
          step={step}
          min={min}
          max={max}
          maxLength={maxLength}
          placeholder={placeholder}
          defaultValue={defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint, suffixId)}
          className={`text-input ${type === "url" ? "" : "max-w-48"}`}
        />
        {suffix ? (
          <span id={suffixId} className="font-semibold whitespace-nowrap">
            {suffix}
          </span>
        ) : null}
        {children}
      </div>
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A check box with its label beside it; a hidden "false" before it is sent when it is not ticked. */
export function CheckField({
  id,
  name,
  label,
  defaultChecked,
}: Omit<Base, "optional" | "error"> & { defaultChecked: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <input type="hidden" name={name} value="false" />
      <input
        id={id}
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        className="size-5 shrink-0 accent-brand"
      />
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
    </div>
  );
}

/** A section of the form with its heading. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 border-t border-line pt-6">
      <h2 id={id} className="section-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
