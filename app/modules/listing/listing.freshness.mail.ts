import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

/** One reminder: the home, its owner, and the signed links of its answers (listing.freshness.server.ts). */
type FreshnessReminder = {
  ownerName: string;
  listingName: string;
  /** LISTING_TTL_DAYS: how long ago it was last confirmed. */
  days: number;
  /** What a taken home of its type is: its second answer is "Mark as let" or "Mark as sold". */
  taken: "let" | "sold";
  pageUrl: string;
  confirmUrl: string;
  takenUrl: string;
};

function freshnessWords({ i18n: { t } }: MailContext, mail: FreshnessReminder) {
  return {
    hello: t("Hello {name},", { name: mail.ownerName }),
    asked: t('Is your home "{name}" still available? It was last confirmed {days} days ago.', {
      name: mail.listingName,
      days: String(mail.days),
    }),
    takenLabel: mail.taken === "let" ? t("Mark as let") : t("Mark as sold"),
    unanswered: t(
      "Without an answer within 7 days it is hidden from the lists; you can renew it from your profile.",
    ),
  };
}

function FreshnessMail({ ctx, mail }: { ctx: MailContext; mail: FreshnessReminder }) {
  const words = freshnessWords(ctx, mail);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, words.hello),
    h(MailParagraph, null, h("a", { href: mail.pageUrl }, words.asked)),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.confirmUrl }, ctx.i18n.t("Confirm")),
      " \u00a0 ",
      h(MailLink, { href: mail.takenUrl }, words.takenLabel),
    ),
    h(MailParagraph, null, words.unanswered),
  );
}

/** "Is your home still available?", with links that answer without a sign-in. */
export function freshnessMail(ctx: MailContext, mail: FreshnessReminder & { to: string }): MailMessage {
  const { t } = ctx.i18n;
  const words = freshnessWords(ctx, mail);
  const text = [
    words.hello,
    "",
    words.asked,
    "",
    `${t("Confirm it is still available")}: ${mail.confirmUrl}`,
    `${words.takenLabel}: ${mail.takenUrl}`,
    "",
    words.unanswered,
    `${t("Your listing")}: ${mail.pageUrl}`,
  ].join("\n");
  return {
    to: mail.to,
    subject: t("Is your home still available? {name} on {siteName}", {
      name: mail.listingName,
      siteName: ctx.siteName,
    }),
    text,
    html: renderMailHtml(h(FreshnessMail, { ctx, mail })),
  };
}
