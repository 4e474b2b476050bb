import { feedEtag, feedResponse } from "#app/modules/exchange/exchange.http.server.ts";
import {
  EXPORT_FILES,
  type ExportFile,
  openFeedLink,
  renderExport,
} from "#app/modules/exchange/exchange.service.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/feeds.export.ts";

/**
 * /feeds/{feedId}/{token}/{kyero.xml|openimmo.xml|listings.csv}: an agency's or private lister's export at its
 * secret link. A wrong id, token or file is a 404 that says nothing more.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, config, pageCache } = context.get(servicesContext);
  const file = params.file as ExportFile;
  if (!Object.hasOwn(EXPORT_FILES, file)) throw new Response("Not Found", { status: 404 });
  const owner = await openFeedLink(db, params.feedId, params.token);
  if (!owner) throw new Response("Not Found", { status: 404 });
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
      etag: feedEtag(version, `${params.feedId}/${params.token}/${file}`),
      contentType: EXPORT_FILES[file].contentType,
      cacheControl: "private, no-cache",
    },
    () => renderExport(db, settings, owner, file),
  );
}
