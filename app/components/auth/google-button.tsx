import { useEffect } from "react";
import { useNavigate } from "react-router";
import { GoogleIcon } from "#app/components/icons.tsx";
import { notify } from "#app/components/toaster.tsx";
import { GOOGLE_FAILED } from "#app/modules/auth/auth.constants.ts";

export const GOOGLE_CHANNEL = "homestead-google-sign-in";
export type GoogleSignInMessage = { ok: boolean };

/**
 * Google sign-in in a popup (SPEC.md); where the popup is blocked, or before JavaScript loads, the same link
 * does a full-page redirect. The popup reports back over a BroadcastChannel, which survives the opener link
 * being cut by Google's pages.
 */
export function GoogleButton({ label, enabled }: { label: string; enabled: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    channel.onmessage = (event: MessageEvent<GoogleSignInMessage>) => {
      if (event.data.ok) navigate("/");
      else notify("error", GOOGLE_FAILED);
    };
    return () => channel.close();
  }, [navigate]);

  if (!enabled) {
    return (
      <div className="flex flex-col items-center gap-1 text-center">
        <span className="inline-flex items-center gap-2 font-semibold text-muted">
          <GoogleIcon /> {label}
        </span>
        <p className="text-sm text-muted">Google sign-in is not configured on this site.</p>
      </div>
    );
  }
  return (
    <a
      href="/auth/google"
      className="btn-secondary w-full"
      onClick={(event) => {
        const popup = window.open("/auth/google?popup=1", "google-sign-in", "popup,width=500,height=650");
        if (popup) event.preventDefault();
      }}
    >
      <GoogleIcon /> {label}
    </a>
  );
}
