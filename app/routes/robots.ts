import { methodNotAllowed } from "#app/http/method-not-allowed.server.ts";
import { services } from "#app/services.server.ts";

export function loader() {
  const { publicUrl } = services().config;
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
