import { feedEtag, feedResponse } from "#app/modules/exchange/exchange.http.server.ts";
import { EXPORT_FILES, renderExport } from "#app/modules/exchange/exchange.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/feeds.kyero.ts";

/** /feeds/kyero.xml: the site's own Kyero feed of every listed home, for partner portals (PARTNER_FEEDS). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config, pageCache } = context.get(servicesContext);
  if (!config.partnerFeeds) throw new Response("Not Found", { status: 404 });
  const version = await pageCache.currentVersion();
  const settings = {
    publicUrl: config.publicUrl,
    siteName: config.site.name,
    locale: config.i18n.locale,
    currency: config.i18n.currency,
  };
  return feedResponse(
    request,
    {
      etag: feedEtag(version, "site/kyero.xml"),
      contentType: EXPORT_FILES["kyero.xml"].contentType,
      cacheControl: pageCache.cacheControl,
    },
    () => renderExport(db, settings, null, "kyero.xml"),
  );
}
