import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/modules/toast/toast";

// sonner (about 10 KB gzipped) is not needed to show a page, only a toast: it loads once the page is idle, or
// at once when a toast is due. Its Toaster replays toasts created before it subscribed, so none is lost.
let sonner: Promise<typeof import("sonner")> | undefined;
const loadSonner = () => {
  sonner ??= import("sonner");
  return sonner;
};

const SonnerToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  /** Toasts sit top-right and close after 5000 ms (SPEC.md section 9). */
  return { default: () => <Toaster position="top-right" duration={5000} richColors closeButton /> };
});

// Whether the Toaster should be in the page yet: a tiny store, so that notify() can mount it from anywhere.
let mounted = false;
const listeners = new Set<() => void>();
function mountToaster() {
  if (mounted) return;
  mounted = true;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast area; empty on the server and until the browser is idle or a toast is due. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );
  useEffect(() => {
    // Mounted early rather than with the first toast, so that its live region is in the page before
    // anything is announced in it.
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(mountToaster, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(mountToaster, 1000);
    return () => clearTimeout(handle);
  }, []);
  return show ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

/** Shows a toast handed over by the server once, however often the page re-renders. */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) notify(toast.kind, toast.message, toast.id);
  }, [toast]);
}

/** Shows a toast from the browser (e.g. an upload failure). */
export function notify(kind: Toast["kind"], message: string, id?: string) {
  mountToaster();
  void loadSonner().then(({ toast }) => {
    const show = kind === "success" ? toast.success : kind === "error" ? toast.error : toast.info;
    show(message, id ? { id } : undefined);
  });
}
