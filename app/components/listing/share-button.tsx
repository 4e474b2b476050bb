import { useEffect, useRef, useState } from "react";
import { Icon, type IconProps } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/** SPEC.md section 9: how long "Link Copied!" stays. */
const COPIED_MS = 2000;

/** The share icon: copies this page's URL to the clipboard and says "Link Copied!" for 2 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
  const { t } = useI18n();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      return; // Clipboard refused (permission or insecure origin): nothing was copied, so claim nothing.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  return (
    <div className="relative">
      <button
        type="button"
        aria-label={t("Share")}
        onClick={copy}
        className="flex size-11 items-center justify-center rounded-full border border-line bg-surface text-ink shadow-sm hover:bg-surface-2"
      >
        <ShareIcon className="size-5" />
      </button>
      <p
        role="status"
        className={
          copied
            ? "absolute top-full right-0 z-20 mt-2 rounded-xl bg-ink px-3 py-2 text-sm font-semibold whitespace-nowrap text-canvas shadow-md"
            : "sr-only"
        }
      >
        {copied ? t("Link Copied!") : ""}
      </p>
    </div>
  );
}

function ShareIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </Icon>
  );
}
