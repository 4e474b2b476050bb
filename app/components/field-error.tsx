import { useI18n } from "#app/components/use-i18n.ts";
/** The message under a field that failed validation; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  // Zod's messages, shared by the browser and the server, are English keys: said here in LOCALE's language.
  const { translate } = useI18n();
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {translate(message)}
    </p>
  );
}

/** The id of a field's error message, when it has one (for aria-describedby). */
export function errorId(fieldId: string, message: string | undefined) {
  return message ? `${fieldId}-error` : undefined;
}
