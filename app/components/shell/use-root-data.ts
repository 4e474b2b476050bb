import { useRouteLoaderData } from "react-router";
import { SITE_NAME } from "#app/modules/seo/seo.rules.ts";
import type { NavViewer } from "./nav-links.tsx";

/** The site's name and logo (SITE_NAME, SITE_LOGO_URL): browser-safe settings every page shows. */
export type SiteSettings = { name: string; logoUrl: string | null };

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

/** Whether someone is signed in, as far as the navigation needs to know. */
export function useViewer(): NavViewer | null {
  return useRootData()?.viewer ?? null;
}
