import { type FormEvent, useEffect, useState } from "react";
import type { FieldErrors, Refusal } from "#app/http/errors.ts";

type Options<Field extends string> = {
  /** The action's answer to the last submission, if it refused it. */
  refusal: Refusal<Field> | undefined;
  /** The browser's own check of the form's data, with the schema the action uses: errors, or null when valid. */
  validate: (form: HTMLFormElement) => FieldErrors<Field> | null;
  /** The fields in the order the form shows them: the first that failed takes the focus. */
  order: readonly Field[];
  /** The id of the element that takes the focus for a field. */
  fieldId: (field: Field) => string;
  /** Told about a submission the browser refused, before the focus moves (the spec's toasts). */
  onRefused?: (errors: FieldErrors<Field>) => void;
};

/**
 * A form's messages per field: the browser checks a submission with the shared schema and keeps it when it
 * fails, the action's answer shows after each submission, the first field that failed takes the focus, and
 * editing a field takes its message away (the others stay until the next submission). Give the form
 * `onSubmit` and `onChange` (inputs report their `name`); call `clear` for controls without one.
 */
export function useFormErrors<Field extends string>(options: Options<Field>) {
  const { refusal, validate, order, fieldId, onRefused } = options;
  // The browser's own messages; null shows the action's (after each answer from the server).
  const [browserErrors, setBrowserErrors] = useState<FieldErrors<Field> | null>(null);
  const errors: FieldErrors<Field> = browserErrors ?? refusal?.fieldErrors ?? {};

  useEffect(() => {
    if (!refusal) return;
    setBrowserErrors(null);
    focusFirstFailed(refusal.fieldErrors, order, fieldId);
  }, [refusal, order, fieldId]);

  function clear(field: string) {
    setBrowserErrors((current) => {
      const shown: FieldErrors<Field> = current ?? refusal?.fieldErrors ?? {};
      if (!shown[field as Field]) return current;
      const { [field as Field]: _cleared, ...rest } = shown;
      return rest as FieldErrors<Field>;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const failed = validate(event.currentTarget);
    setBrowserErrors(failed ?? {});
    if (!failed) return;
    event.preventDefault();
    onRefused?.(failed);
    focusFirstFailed(failed, order, fieldId);
  }

  return {
    errors,
    /** Whether the shown messages are the browser's own (the action's message no longer applies). */
    checkedHere: browserErrors !== null,
    onSubmit,
    onChange: (event: FormEvent<HTMLFormElement>) => clear((event.target as HTMLInputElement).name ?? ""),
    clear,
  };
}

function focusFirstFailed<Field extends string>(
  failed: FieldErrors<Field>,
  order: readonly Field[],
  fieldId: (field: Field) => string,
) {
  const field = order.find((name) => failed[name] !== undefined);
  if (field) document.getElementById(fieldId(field))?.focus();
}
