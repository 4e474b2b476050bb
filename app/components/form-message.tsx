import { useEffect } from "react";
import { useI18n } from "#app/components/use-i18n.ts";
import { notify } from "./toaster.tsx";

/** What an action answers when it refuses a submission. */
export type ActionError = { error?: string | null } | undefined;

/**
 * An action's error: shown as the spec's toast (again on every failed submission), and in the page too so it
 * is read out by screen readers and visible before JavaScript loads.
 */
export function FormMessage({ data }: { data: ActionError }) {
  // The action answers in English (the key); the page says it in LOCALE's language.
  const { translate } = useI18n();
  useEffect(() => {
    if (data?.error) notify("error", translate(data.error));
  }, [data, translate]);
  if (!data?.error) return null;
  return (
    <p role="alert" className="alert-error">
      {translate(data.error)}
    </p>
  );
}
