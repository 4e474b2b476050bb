import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type MiddlewareFunction, matchRoutes, type RouteObject, RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { middleware as rootMiddleware } from "#app/root.tsx";
import routes from "#app/routes.ts";
import { type Services, servicesContext } from "#app/services.server.ts";
import { type Answer, type FormEntries, formBody } from "./http.ts";

/**
 * Calls a route's loader or action the way React Router does for a request, without a server: the URL is
 * matched against app/routes.ts, the root's middleware (session, toasts) runs around the route module's
 * `loader` or `action`, and the context carries the services, as server/app.ts sets them. The answer reads
 * like an HTTP one (status, Location, Set-Cookie), with the data the route returned or threw beside it.
 */

/** A route's answer: as over HTTP, plus what the loader or action returned (`data`) or threw. */
export type RouteAnswer = Answer & {
  /** The returned or thrown data (of `data(...)` or a plain object); undefined for a Response. */
  data: unknown;
  /** Whether the route threw its answer (a guard's redirect, readForm's refusal) rather than returned it. */
  thrown: boolean;
  headers: Headers;
};

export type RouteRequestOptions = {
  /** The Cookie header: a session from `signInCookie`, or none for a visitor. */
  cookie?: string;
  headers?: Record<string, string>;
};

type RouteArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
};

// Methods, not function properties: each route's own Route.LoaderArgs narrows `params`.
type RouteModule = {
  loader?(args: RouteArgs): unknown;
  action?(args: RouteArgs): unknown;
  middleware?: MiddlewareFunction<Response>[];
};

type Matchable = RouteObject & { file?: string; pattern?: string };

const APP_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../app");

function toMatchable(entries: RouteConfigEntry[]): Matchable[] {
  return entries.map(
    (entry) =>
      ({
        path: entry.path,
        index: entry.index,
        file: entry.file,
        children: entry.children ? toMatchable(entry.children) : undefined,
      }) as Matchable,
  );
}

const ROUTES = toMatchable(routes);

/** A client for `services`'s routes: GET runs the loader, any other method the action. */
export function routeClient(services: Services) {
  const base = services.config.publicUrl;
  const headersFor = (options: RouteRequestOptions) => ({
    accept: "text/html",
    // A browser's form post names the page's origin; server/app.ts sets the client's address from the socket.
    origin: base,
    [CLIENT_IP_HEADER]: "127.0.0.1",
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...options.headers,
  });
  return {
    /** The loader's answer to GET `target` (a path with its query). */
    get(target: string, options: RouteRequestOptions = {}) {
      return callRoute(services, new Request(`${base}${target}`, { headers: headersFor(options) }));
    },
    /** The action's answer to a form posted to `target`, encoded as a browser would. */
    post(target: string, fields: FormEntries | Record<string, string>, options: RouteRequestOptions = {}) {
      return callRoute(
        services,
        new Request(`${base}${target}`, {
          method: "POST",
          body: formBody(fields),
          headers: headersFor(options),
        }),
      );
    },
  };
}

export type RouteClient = ReturnType<typeof routeClient>;

/** Runs `request` through the root's middleware and the matched route's loader (GET, HEAD) or action. */
export async function callRoute(services: Services, request: Request): Promise<RouteAnswer> {
  const url = new URL(request.url);
  const matches = matchRoutes(ROUTES, url.pathname);
  const match = matches?.at(-1);
  const route = match?.route as Matchable | undefined;
  if (!match || !route?.file) throw new Error(`no route in app/routes.ts matches ${url.pathname}`);
  const module = (await import(path.join(APP_DIR, route.file))) as RouteModule;
  const kind = request.method === "GET" || request.method === "HEAD" ? "loader" : "action";
  const handler = module[kind];
  if (!handler) throw new Error(`${route.file} has no ${kind} (${request.method} ${url.pathname})`);

  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const args: RouteArgs = { request, url, pattern: `/${route.path ?? ""}`, params: match.params, context };
  let outcome: { data: unknown; thrown: boolean } = { data: undefined, thrown: false };
  const answer = (value: unknown, thrown: boolean): Response => {
    if (value instanceof Response) {
      outcome = { data: undefined, thrown };
      return value;
    }
    if (isDataWithInit(value)) {
      outcome = { data: value.data, thrown };
      return new Response(null, value.init ?? undefined);
    }
    // A crash is the test's failure, as it would be a 500 over HTTP.
    if (thrown) throw value;
    outcome = { data: value, thrown };
    return new Response(null, { status: 200 });
  };
  const middleware = [
    ...(rootMiddleware as unknown as MiddlewareFunction<Response>[]),
    ...(module.middleware ?? []),
  ];
  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (current) {
      // A middleware that returns nothing passes on what the rest answered (and runs it, if it did not).
      let downstream: Response | undefined;
      const returned = await current(
        { request, url, pattern: args.pattern, params: match.params, context },
        async () => {
          downstream = await run(index + 1);
          return downstream;
        },
      );
      return returned ?? downstream ?? run(index + 1);
    }
    try {
      return answer(await handler.call(module, args), false);
    } catch (error) {
      return answer(error, true);
    }
  };
  const response = await run(0);
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: text || (outcome.data === undefined ? "" : JSON.stringify(outcome.data)),
    setCookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after"),
    headers: response.headers,
    ...outcome,
  };
}

/** React Router's `data(value, init)`: its class is not exported, so it is known by its shape. */
function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "data" in value
  );
}

/**
 * Signs `email` in through better-auth's API, as the Sign in form does; returns the session's Cookie header.
 */
export async function signInCookie(services: Services, email: string, password: string) {
  const { headers } = await services.auth.api.signInEmail({
    body: { email, password },
    headers: new Headers({ [CLIENT_IP_HEADER]: "127.0.0.1" }),
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
