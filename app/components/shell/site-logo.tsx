import type { SiteSettings } from "./use-root-data.ts";

/**
 * The site's mark: SITE_LOGO_URL when set, else the house in a green square (the favicon's drawing).
 * Decorative: the site's name is always written beside it.
 */
export function SiteLogo({ site, className = "size-8" }: { site: SiteSettings; className?: string }) {
  if (site.logoUrl) {
    return <img src={site.logoUrl} alt="" className="h-8 w-auto max-w-40 object-contain" />;
  }
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="8" fill="#047857" />
      <path d="M6 15 16 7l10 8v10a1 1 0 0 1-1 1h-6v-7h-6v7H7a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  );
}
