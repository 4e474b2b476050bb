import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { AppStyles } from "#app/components/app-styles.tsx";
import { BottomNav } from "#app/components/bottom-nav.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PendingNavigation } from "#app/components/pending-navigation.tsx";
import { Toaster, useToast } from "#app/components/toaster.tsx";
import { getUser, sessionMiddleware } from "#app/modules/auth/auth.session.server.ts";
import { getToast, toastMiddleware } from "#app/modules/toast/toast.server.ts";
import type { Route } from "./+types/root.ts";

// The stylesheet is inlined by the server (see AppStyles); in development this import also puts it on the
// client, where Vite's hot reload keeps it in step with edits.
if (import.meta.env.DEV) void import("./app.css");

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, toastMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  return { user: user && { id: user.id, name: user.name }, toast: getToast(context) };
}

// The root data is small (who is signed in, a pending toast) and must be fresh after every navigation.
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
    <>
      <PendingNavigation />
      <Outlet />
      <BottomNav />
      <Toaster />
    </>
  );
}

/** The signed-in user as the root loader saw it, for any component (null for a visitor). */
export function useOptionalUser() {
  const data = useRouteLoaderData<typeof loader>("root");
  return data?.user ?? null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request the server refused (4xx) says why in words written for the user; a crash says nothing more.
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : null;
  return (
    <>
      {notFound ? (
        <NotFound />
      ) : refusal ? (
        <main className="page">
          <h1 className="page-heading">Request refused</h1>
          <p role="alert">{refusal}</p>
        </main>
      ) : (
        <main className="page">
          <h1 className="page-heading">Something went wrong</h1>
          <p>Please try again in a moment.</p>
        </main>
      )}
      <BottomNav />
    </>
  );
}
