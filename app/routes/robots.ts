import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/robots.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(servicesContext).config;
  const body = [
    "User-agent: *",
    "Disallow: /profile",
    "Disallow: /create-listing",
    "Disallow: /edit-listing/",
    "Disallow: /contact/",
    "Disallow: /api/",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export const action = () => methodNotAllowed("robots.txt");
