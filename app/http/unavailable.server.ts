import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { findDatabaseUnavailable } from "#app/db/db.error.ts";

// When the database is out of reach, a request is not wrong and the app has no bug: the answer is 503 with
// Retry-After, whatever answers it (a page, a page's data, a resource route), never a 500 (decision 048).
// React Router reports every error a request ran into to entry.server.tsx's handleError, which calls
// `noteUnavailable`; the root middleware then turns that request's 500 into a 503.

/** Seconds a client is asked to wait: a failover or a pooler restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Set on a request that ran into an unreachable database.
const unavailableContext = createContext<boolean>(false);

/** Marks the request when `error` says the database is unreachable; true when it did. */
export function noteUnavailable(error: unknown, context: Readonly<RouterContextProvider> | undefined) {
  if (!findDatabaseUnavailable(error)) return false;
  (context as RouterContextProvider | undefined)?.set(unavailableContext, true);
  return true;
}

/** The root's first middleware: a failed answer of a request that met an unreachable database is a 503. */
export const unavailableMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status < 500 || !context.get(unavailableContext)) return response;
  return unavailableResponse(response.body, response.headers);
};

/** A 503 with Retry-After, with `body` and the other `headers` of the answer it replaces. */
export function unavailableResponse(body: BodyInit | null, headers?: HeadersInit) {
  const answer = new Headers(headers);
  answer.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  answer.set("Cache-Control", "no-store");
  return new Response(body, { status: 503, statusText: "Service Unavailable", headers: answer });
}
