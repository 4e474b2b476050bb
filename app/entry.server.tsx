import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleErrorFunction,
  RouterContextProvider,
  ServerInstrumentation,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { AppStylesProvider } from "#app/components/app-styles.tsx";
import { NonceProvider } from "#app/components/nonce.tsx";
import { nonceContext, routeLabelContext } from "#app/http/request-context.ts";
import { noteUnavailable } from "#app/http/unavailable.server.ts";
// The stylesheet's text, inlined into every page by <AppStyles> (see there); root.tsx does not link it.
import appStyles from "./app.css?inline";
import { logger } from "./logger.server.ts";

export const streamTimeout = 5_000;

// Pages and their data name who is signed in (and the profile, their listings): no shared cache may keep
// them. Browsers may, but revalidate before reusing one for a new request; unlike no-store, this keeps the
// back/forward cache working (decision 013). One rendered for a signed-in user is made `private, no-store`
// (auth.session.server.ts). A visitor's page that sets no cookie is made public and cached by
// app/http/page-handler.server.ts (decision 041).
function keepPagePrivate(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
}

/** Client-side navigations fetch the same loaders' data as `.data` requests: cached the same way as pages. */
export function handleDataRequest(response: Response) {
  keepPagePrivate(response.headers);
  return response;
}

/** React Router's default Node entry, plus the CSP nonce on every script it renders and the inlined stylesheet. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  keepPagePrivate(responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once so previews and indexes see all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <AppStylesProvider value={appStyles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </AppStylesProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A component that throws inside a Suspense boundary leaves the shell whole: React renders the
          // boundary's fallback and the answer is a 500 that nothing else logs, so its cause is logged here.
          logger.error(
            { err: error },
            shellRendered ? "error while streaming a page" : "error while rendering a page",
          );
        },
      },
    );
  });
}

/**
 * Every error a request ran into (a loader's, an action's, a middleware's, a render's) passes here: an
 * unreachable database marks the request for a 503 (app/http/unavailable.server.ts); anything else is a bug,
 * logged with its cause. A request the client gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (noteUnavailable(error, context)) {
    logger.warn({ err: error }, "database unavailable: answered 503");
    return;
  }
  // React Router wraps some errors in a response of its own (a 404 for a path no route matches, its cause).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logger.error({ err: inner ?? error }, "request failed");
};

/**
 * Hands the matched route's pattern to the request metrics (app/metrics/metrics.http.server.ts), which label
 * by route and never by raw URL.
 */
export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      handler.instrument({
        async request(handle, { context }) {
          const result = await handle();
          const pattern = result.meta?.pattern;
          if (!context || pattern === undefined) return;
          // Express's own routes may have named the request already (a sitemap file).
          context.get(routeLabelContext).pattern ??= pattern.startsWith("/") ? pattern : `/${pattern}`;
        },
      });
    },
  },
];
