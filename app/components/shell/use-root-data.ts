import { useRouteLoaderData } from "react-router";
import { usePersonal } from "#app/components/personal/personal-store.ts";
import type { AreaUnit } from "#app/modules/listing/listing.details.ts";
import { SITE_NAME } from "#app/modules/seo/seo.rules.ts";
import type { NavViewer } from "./nav-links.tsx";

/**
 * The site's name and logo (SITE_NAME, SITE_LOGO_URL) and the unit its areas are shown in (AREA_UNIT; m² when
 * absent): browser-safe settings every page shows.
 */
export type SiteSettings = { name: string; logoUrl: string | null; areaUnit?: AreaUnit };

/** What the root loader gives every page besides a pending toast. */
export type RootShellData = { site: SiteSettings; viewer: NavViewer | null };

const DEFAULT_SITE: SiteSettings = { name: SITE_NAME, logoUrl: null };

/** The root loader's data; absent when the root loader itself failed (its error page still has a header). */
function useRootData() {
  return useRouteLoaderData("root") as Partial<RootShellData> | undefined;
}

/** The site's name and logo. */
export function useSite(): SiteSettings {
  return useRootData()?.site ?? DEFAULT_SITE;
}

/**
 * Whether someone is signed in, as far as the navigation needs to know. A page rendered for its user says so
 * itself; a page every visitor shares (decision 070) does not know: then /me's answer tells, and until it
 * has come (the server's HTML, the hydration) the viewer is `unsure` and the navigation holds both states,
 * the inline script's mark on <html> showing the right one.
 */
export function useViewer(): NavViewer | null {
  const root = useRootData()?.viewer ?? null;
  const me = usePersonal();
  if (root?.signedIn) return root;
  if (me) return me.signedIn ? { signedIn: true, unreadMessages: me.unreadMessages } : { signedIn: false };
  return root && { signedIn: false, unsure: true };
}

/** The site's area unit (AREA_UNIT): cards show areas and prices per area in it. */
export function useAreaUnit(): AreaUnit {
  return useRootData()?.site?.areaUnit ?? "m2";
}
