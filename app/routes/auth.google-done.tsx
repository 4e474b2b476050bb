import { useEffect } from "react";
import { redirect } from "react-router";
import { GOOGLE_CHANNEL, type GoogleSignInMessage } from "#app/components/auth/google-button.tsx";
import { Spinner } from "#app/components/spinner.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { GOOGLE_FAILED } from "#app/modules/auth/auth.constants.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import type { Route } from "./+types/auth.google-done.ts";

// Where Google sign-in ends. In a full-page flow it redirects; in the popup it tells the opener and closes.
export async function loader({ context, url }: Route.LoaderArgs) {
  const ok = !url.searchParams.has("failed") && !url.searchParams.has("error");
  if (!url.searchParams.has("popup")) {
    throw ok ? redirect("/") : redirectWithToast(context, "/sign-in", "error", GOOGLE_FAILED);
  }
  return { ok };
}

export default function GoogleDone({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  useEffect(() => {
    const message: GoogleSignInMessage = { ok: loaderData.ok };
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    channel.postMessage(message);
    channel.close();
    window.close();
    // Still open: the browser refused to close it (it was not opened as a popup after all).
    const fallback = setTimeout(() => window.location.replace(loaderData.ok ? "/" : "/sign-in"), 500);
    return () => clearTimeout(fallback);
  }, [loaderData.ok]);
  return (
    <main className="page">
      <Spinner label={t("Finishing sign-in")} />
    </main>
  );
}
