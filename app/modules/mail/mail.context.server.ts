import type { Config } from "#app/config.server.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import type { MailContext } from "./mail.layout.ts";

/** What every e-mail is written with: LOCALE's words, SITE_NAME and PUBLIC_URL. */
export function mailContextOf(
  config: Pick<Config, "publicUrl" | "site"> & Partial<Pick<Config, "i18n">>,
): MailContext {
  return { i18n: serverI18n(config), siteName: config.site.name, publicUrl: config.publicUrl };
}
