import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { AppStyles } from "#app/components/app-styles.tsx";
import { BottomNav } from "#app/components/bottom-nav.tsx";
import { ImageBaseProvider } from "#app/components/image-base.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PendingNavigation } from "#app/components/pending-navigation.tsx";
import { notify, Toaster, useToast } from "#app/components/toaster.tsx";
import { sessionMiddleware } from "#app/modules/auth/auth.session.server.ts";
import { getToast, toastMiddleware } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/root.ts";

// The stylesheet is inlined by the server (see AppStyles); in development this import also puts it on the
// client, where Vite's hot reload keeps it in step with edits.
if (import.meta.env.DEV) void import("./app.css");

// The session is read only when a loader or action asks who is signed in; the toast cookie on every page.
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => sessionMiddleware(args.context.get(servicesContext).auth)(args, next),
  (args, next) => toastMiddleware(args.context.get(servicesContext).toastCookie)(args, next),
];

// Nothing about who is signed in: a page that shows the user asks for them itself, so the pages that do not
// are the same for every visitor (decision 013). Where photos come from is a setting, the same for everyone.
export function loader({ context }: Route.LoaderArgs) {
  return { toast: getToast(context), imageBaseUrl: context.get(servicesContext).config.images.baseUrl };
}

// A toast can arrive with any navigation.
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <AppStyles />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  return (
    <ImageBaseProvider value={loaderData.imageBaseUrl}>
      <PendingNavigation />
      <Outlet />
      <BottomNav />
      <Toaster />
    </ImageBaseProvider>
  );
}

/**
 * The one error page. A 404 is the not-found page, with the server's words also as a toast ("Listing does not
 * exist"); another refusal (4xx) says why in words written for the user; a crash says nothing more than that
 * something went wrong (the log has the cause).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : null;
  // A refusal's words, thrown as text: data("Listing does not exist", { status: 404 }).
  const message = typeof response?.data === "string" ? response.data : null;
  const notFound = response?.status === 404;
  useEffect(() => {
    if (notFound && message) notify("error", message);
  }, [notFound, message]);
  return (
    <>
      {notFound ? (
        <NotFound message={message ?? undefined} />
      ) : response && response.status < 500 && message ? (
        <main className="page">
          <h1 className="page-heading">Request refused</h1>
          <p role="alert">{message}</p>
        </main>
      ) : (
        <main className="page">
          <h1 className="page-heading">Something went wrong</h1>
          <p>Please try again in a moment.</p>
        </main>
      )}
      <BottomNav />
      <Toaster />
    </>
  );
}
