import { useEffect } from "react";
import { notify } from "./toaster.tsx";

/** What an action answers when it refuses a submission. */
export type ActionError = { error?: string | null } | undefined;

/**
 * An action's error: shown as the spec's toast (again on every failed submission), and in the page too so it
 * is read out by screen readers and visible before JavaScript loads.
 */
export function FormMessage({ data }: { data: ActionError }) {
  useEffect(() => {
    if (data?.error) notify("error", data.error);
  }, [data]);
  if (!data?.error) return null;
  return (
    <p role="alert" className="alert-error">
      {data.error}
    </p>
  );
}
