import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { AppStyles } from "#app/components/app-styles.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { ImageBaseProvider } from "#app/components/image-base.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PendingNavigation } from "#app/components/pending-navigation.tsx";
import { PersonalScript } from "#app/components/personal/personal-script.tsx";
import { refreshPersonal } from "#app/components/personal/personal-store.ts";
import { BottomNav } from "#app/components/shell/bottom-nav.tsx";
import { SiteFooter } from "#app/components/shell/site-footer.tsx";
import { SiteHeader } from "#app/components/shell/site-header.tsx";
import type { RootShellData } from "#app/components/shell/use-root-data.ts";
import { notify, Toaster, useToast } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { isThrownResponse } from "#app/http/thrown-response.ts";
import { unavailableMiddleware } from "#app/http/unavailable.server.ts";
import { getUser, isSignedIn, sessionMiddleware } from "#app/modules/auth/auth.session.server.ts";
import type { I18nPayload } from "#app/modules/i18n/i18n.ts";
import { listingIdOfPath } from "#app/modules/me/me.schema.ts";
import { countUnreadMessages } from "#app/modules/message/message.repo.server.ts";
import { getToast, toastMiddleware } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/root.ts";

// The stylesheet is inlined by the server (see AppStyles); in development this import also puts it on the
// client, where Vite's hot reload keeps it in step with edits.
if (import.meta.env.DEV) void import("./app.css");

// The session is read only when a loader or action asks who is signed in; the toast cookie on every page.
// First, around them all: an answer that failed because the database was out of reach is a 503.
export const middleware: Route.MiddlewareFunction[] = [
  unavailableMiddleware,
  (args, next) => sessionMiddleware(args.context.get(servicesContext).auth)(args, next),
  (args, next) => toastMiddleware(args.context.get(servicesContext).toastCookie)(args, next),
];

/**
 * A pending toast, the site's name and logo, where photos come from (IMAGE_BASE_URL), and whether someone is
 * signed in (the header's Profile or Sign In). Visitors, who carry no session cookie, get the same answer
 * without a session lookup (decision 026).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, i18n, i18nSettings } = context.get(servicesContext);
  const shell: RootShellData = {
    site: { ...config.site, areaUnit: config.areaUnit },
    viewer: await viewerOf(context, request),
  };
  // Actions queue their toasts in English (the key); the server says them in LOCALE's language.
  const arrived = getToast(context);
  const toast = arrived && { ...arrived, message: i18n.translate(arrived.message) };
  // LOCALE's texts travel as data: English sends none (its keys are its texts), another language its one
  // catalogue, with the page only: a client-side navigation's data (".data") relies on the one the page brought.
  const navigation = new URL(request.url).pathname.endsWith(".data");
  const texts: I18nPayload = navigation ? { ...i18nSettings, messages: null } : i18nSettings;
  return { toast, imageBaseUrl: config.images.baseUrl, i18n: texts, ...shell };
}

/** Whether someone is signed in, and then how many messages they have not read (the header's Messages). */
async function viewerOf(context: Route.LoaderArgs["context"], request: Request) {
  if (!(await isSignedIn(context, request))) return { signedIn: false };
  const user = await getUser(context);
  const { db } = context.get(servicesContext);
  return { signedIn: true, unreadMessages: user ? await countUnreadMessages(db, user.id) : 0 };
}

type RootData = Awaited<ReturnType<typeof loader>>;
let lastKnown: RootData | null = null;

/**
 * Offline, a navigation's request for the root's data fails like the page's own: the page then shows its
 * own failure (a list's "Could not fetch listings" with Retry) under the header it already had, rather than
 * the whole-page error.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs): Promise<RootData> {
  // The signed-in user's part of the next page (decision 070), asked beside its data: a shared page's data is
  // a visitor's, and a navigation may follow a sign-in or a sign-out.
  const personal = refreshPersonal(listingIdOfPath(new URL(request.url).pathname));
  try {
    lastKnown = await serverLoader();
    await personal;
    return lastKnown;
  } catch (error) {
    if (isThrownResponse(error) || !lastKnown) throw error;
    return { ...lastKnown, toast: null };
  }
}

// A toast can arrive with any navigation.
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { locale } = useI18n();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PersonalScript />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#161a20" media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/icons/icon-32.png" sizes="32x32" type="image/png" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <AppStyles />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The frame of every page, error pages included: header, the page, footer, the phone's tab bar, toasts. */
function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <a
        href="#content"
        className="sr-only z-50 rounded-full bg-surface px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t("Skip to content")}
      </a>
      <SiteHeader />
      <PendingNavigation />
      <div id="content" tabIndex={-1} className="flex grow flex-col outline-none">
        {children}
        <SiteFooter />
      </div>
      <BottomNav />
      <Toaster />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  useEffect(() => {
    lastKnown = loaderData;
  }, [loaderData]);
  return (
    <ImageBaseProvider value={loaderData.imageBaseUrl}>
      <Shell>
        <Outlet />
      </Shell>
    </ImageBaseProvider>
  );
}

/**
 * The one error page. A 404 is the not-found page, with the server's words also as a toast ("Listing does not
 * exist"); another refusal (4xx) says why in words written for the user; a crash says nothing more than that
 * something went wrong (the log has the cause), with Retry.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : null;
  // A refusal's words, thrown as text: data("Listing does not exist", { status: 404 }).
  const message = typeof response?.data === "string" ? response.data : null;
  const notFound = response?.status === 404;
  const { t, translate } = useI18n();
  const words = message === null ? null : translate(message);
  useEffect(() => {
    if (notFound && words) notify("error", words);
  }, [notFound, words]);
  return (
    <Shell>
      {notFound ? (
        <NotFound message={words ?? undefined} />
      ) : response && response.status < 500 && words ? (
        <ErrorPage title={t("Request refused")} message={words} alert />
      ) : (
        <ErrorPage title={t("Something went wrong")} message={t("Please try again in a moment.")} retry />
      )}
    </Shell>
  );
}
