import { useEffect, useRef, useState } from "react";
import { ShareIcon } from "#app/components/icons.tsx";

/** SPEC.md section 9: how long "Link Copied!" stays. */
const COPIED_MS = 2000;

/** The share icon: copies this page's URL to the clipboard and says "Link Copied!" for 2 seconds. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
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
    <div className="absolute top-3 right-3 z-10 flex flex-col items-end gap-2">
      <button
        type="button"
        aria-label="Share"
        onClick={copy}
        className="flex size-12 items-center justify-center rounded-full bg-white text-ink shadow-md hover:bg-gray-50"
      >
        <ShareIcon />
      </button>
      <p
        role="status"
        className={copied ? "rounded-xl bg-white px-3 py-2 text-sm font-semibold shadow-md" : "sr-only"}
      >
        {copied ? "Link Copied!" : ""}
      </p>
    </div>
  );
}
