import { randomUUID } from "node:crypto";
import {
  createContext,
  createCookie,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { services } from "#app/services.server.ts";
import type { Toast } from "./toast.ts";

const toastContext = createContext<Toast | null>(null);

function toastCookie() {
  const { config } = services();
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.secureCookies,
    maxAge: 60,
    secrets: [config.auth.secret],
  });
}

/** A Set-Cookie header carrying a one-time toast to the next page the browser shows. */
export async function toastHeader(kind: Toast["kind"], message: string) {
  const toast: Toast = { id: randomUUID(), kind, message };
  return toastCookie().serialize(toast);
}

/** A redirect that shows a toast on arrival (e.g. "Listing saved"). */
export async function redirectWithToast(
  url: string,
  kind: Toast["kind"],
  message: string,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(kind, message));
  return redirect(url, { ...init, headers });
}

/** Takes the pending toast out of its cookie (once) and makes it available to the root loader. */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Only pages take the toast: an image or API request made meanwhile must not swallow it.
  if (!isPageRequest(request)) return next();
  const cookie = toastCookie();
  const toast = (await cookie.parse(request.headers.get("Cookie"))) as Toast | null;
  context.set(toastContext, toast && typeof toast.message === "string" ? toast : null);
  const response = await next();
  const setsNewToast = response.headers.getSetCookie().some((value) => value.startsWith("toast="));
  if (toast && !setsNewToast) {
    response.headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  }
  return response;
};

/** The toast to show on this page, if one was pending. */
export function getToast(context: Readonly<RouterContextProvider>) {
  return context.get(toastContext);
}

function isPageRequest(request: Request) {
  return (
    new URL(request.url).pathname.endsWith(".data") ||
    (request.headers.get("Accept") ?? "").includes("text/html")
  );
}
