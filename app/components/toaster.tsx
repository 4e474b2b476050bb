import { useEffect } from "react";
import { Toaster as SonnerToaster, toast as showToast } from "sonner";
import type { Toast } from "~/modules/toast/toast";

/** Toasts sit top-right and close after 5000 ms (SPEC.md section 9). */
export function Toaster() {
  return <SonnerToaster position="top-right" duration={5000} richColors closeButton />;
}

/** Shows a toast handed over by the server once, however often the page re-renders. */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) notify(toast.kind, toast.message, toast.id);
  }, [toast]);
}

/** Shows a toast from the browser (e.g. an upload failure). */
export function notify(kind: Toast["kind"], message: string, id?: string) {
  const show = kind === "success" ? showToast.success : kind === "error" ? showToast.error : showToast.info;
  show(message, id ? { id } : undefined);
}
