import { randomUUID } from "node:crypto";
import {
  type Cookie,
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { Toast } from "./toast.ts";

/** This request's toasts: the one the browser brought (shown on this page) and the one to send with the answer. */
type ToastSlot = { arrived: Toast | null; leaving: Toast | null };

const toastContext = createContext<ToastSlot>();

const TOAST_COOKIE = "toast";
const TOAST_IN_COOKIES = /(?:^|;\s*)toast=/;

/** Whether a Cookie header brings a toast (its page shows it, and clears the cookie: not a shared page). */
export function carriesToast(cookieHeader: string) {
  return TOAST_IN_COOKIES.test(cookieHeader);
}

/** The signed, short-lived cookie that carries a toast over a redirect to the next page. */
export function createToastCookie({ secret, secure }: { secret: string; secure: boolean }): Cookie {
  return createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: 60,
    secrets: [secret],
  });
}

/**
 * Takes the pending toast out of its cookie (once) for the root loader, and writes the toast a loader or action
 * queued with `redirectWithToast` into the answer.
 */
export function toastMiddleware(cookie: Cookie): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    // Only pages take the toast: an image or API request made meanwhile must not swallow it.
    const page = isPageRequest(request);
    const parsed = page ? ((await cookie.parse(request.headers.get("Cookie"))) as Toast | null) : null;
    const slot: ToastSlot = {
      arrived: parsed && typeof parsed.message === "string" ? parsed : null,
      leaving: null,
    };
    context.set(toastContext, slot);
    const response = await next();
    if (slot.leaving) response.headers.append("Set-Cookie", await cookie.serialize(slot.leaving));
    else if (parsed) response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
    return response;
  };
}

/** A redirect that shows a toast on arrival (e.g. "Listing saved"). */
export function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  url: string,
  kind: Toast["kind"],
  message: string,
) {
  context.get(toastContext).leaving = { id: randomUUID(), kind, message };
  return redirect(url);
}

/** The toast to show on this page, if one was pending. */
export function getToast(context: Readonly<RouterContextProvider>) {
  return context.get(toastContext).arrived;
}

function isPageRequest(request: Request) {
  return (
    new URL(request.url).pathname.endsWith(".data") ||
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}
