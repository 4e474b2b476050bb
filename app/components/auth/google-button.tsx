import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { IconProps } from "#app/components/icon.tsx";
import { notify } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
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
  const { t, translate } = useI18n();
  useEffect(() => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    channel.onmessage = (event: MessageEvent<GoogleSignInMessage>) => {
      if (event.data.ok) navigate("/");
      else notify("error", translate(GOOGLE_FAILED));
    };
    return () => channel.close();
  }, [navigate, translate]);

  if (!enabled) {
    return (
      <div className="flex flex-col items-center gap-1 text-center">
        <span className="inline-flex items-center gap-2 font-semibold text-muted">
          <GoogleIcon /> {label}
        </span>
        <p className="text-sm text-muted">{t("Google sign-in is not configured on this site.")}</p>
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

function GoogleIcon({ className = "size-6" }: IconProps) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
