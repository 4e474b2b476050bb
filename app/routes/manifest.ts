import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/manifest.ts";

/**
 * The web app manifest: the site's name (SITE_NAME) and icons, so a phone can add it to the home screen and
 * show it as an app in its own colours.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { config, i18n } = context.get(servicesContext);
  const { name } = config.site;
  const manifest = {
    name,
    short_name: name.length > 12 ? name.slice(0, 12).trimEnd() : name,
    description: i18n.t("Homes for rent and for sale, listed by their owners."),
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f7f7f8",
    theme_color: "#047857",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = () => methodNotAllowed("manifest.webmanifest");
