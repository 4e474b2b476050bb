import { useEffect, useSyncExternalStore } from "react";
import type { Toast } from "#app/modules/toast/toast.ts";

// sonner (about 9 KB gzipped) is not needed to show a page, only a toast: it loads once the page is idle, or
// at once when a toast is due (decision 012). Its Toaster replays toasts created before it subscribed.
type Sonner = typeof import("sonner");

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | null = null;
const listeners = new Set<() => void>();

/** Loads sonner once; a failed download (a flaky phone connection) is tried again by the next call. */
function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Screen readers announce changes to a live region they already know; one inserted together with its first
// toast may be skipped. So a toast waits until the Toaster has been in the page for a moment.
const LIVE_REGION_SETTLE_MS = 400;
let markToasterReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/** The toast area: nothing on the server, sonner's Toaster once it has loaded. */
export function Toaster() {
  const sonner = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  useEffect(() => {
    const load = () => void loadSonner().catch(() => {});
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(load, 1000);
    return () => clearTimeout(handle);
  }, []);
  return sonner ? <LoadedToaster sonner={sonner} /> : null;
}

/**
 * Below the header (4rem tall, app.css's .site-header) at every width, so a toast never covers its links
 * and buttons.
 */
const BELOW_HEADER = { top: "calc(4rem + 12px)" };

/** Toasts sit top-right, under the header, and close after 5000 ms (SPEC.md section 9). */
function LoadedToaster({ sonner }: { sonner: Sonner }) {
  useEffect(() => {
    const timer = setTimeout(markToasterReady, LIVE_REGION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <sonner.Toaster
      position="top-right"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      duration={5000}
      richColors
      closeButton
      theme="system"
    />
  );
}

/** Shows a toast handed over by the server once, however often the page re-renders. */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) notify(toast.kind, toast.message, toast.id);
  }, [toast]);
}

// The error toasts on screen: a success ("Listing saved") means they no longer apply.
const errorToasts = new Set<string | number>();

/**
 * Shows a toast from the browser (e.g. an upload failure); lost only if sonner cannot be downloaded. A toast
 * with the `id` of one still shown replaces it; a success closes the error toasts still shown.
 */
export function notify(kind: Toast["kind"], message: string, id?: string) {
  loadSonner()
    .then(async ({ toast }) => {
      await toasterReady;
      if (kind === "success") {
        for (const shown of errorToasts) toast.dismiss(shown);
        errorToasts.clear();
      }
      const show = kind === "success" ? toast.success : kind === "error" ? toast.error : toast.info;
      const shownId = show(message, {
        ...(id ? { id } : {}),
        onDismiss: (closed) => errorToasts.delete(closed.id),
        onAutoClose: (closed) => errorToasts.delete(closed.id),
      });
      if (kind === "error") errorToasts.add(shownId);
    })
    .catch((error: unknown) => console.warn("could not show a notification", error));
}
