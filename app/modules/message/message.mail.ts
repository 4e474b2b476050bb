import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  MUTED,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

type NewMessage = {
  recipientName: string;
  authorName: string;
  listingName: string;
  body: string;
  url: string;
};

function NewMessageMail({ ctx, mail }: { ctx: MailContext; mail: NewMessage }) {
  const { t } = ctx.i18n;
  const names = { author: mail.authorName, listing: mail.listingName, siteName: ctx.siteName };
  const lines = mail.body.split("\n");
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, t("Hello {name},", { name: mail.recipientName })),
    h(MailParagraph, null, t("{author} sent you a message about “{listing}” on {siteName}:", names)),
    h(
      "blockquote",
      { style: { margin: "0 0 16px", padding: "0 0 0 12px", borderLeft: `4px solid ${MUTED}` } },
      lines.flatMap((line, index) => (index === 0 ? [line] : [h("br", { key: index }), line])),
    ),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.url }, t("Answer on {siteName}", { siteName: ctx.siteName })),
      " ",
      t("(your e-mail address stays private)."),
    ),
  );
}

/**
 * "You have a new message": sent to one party of a conversation when the other writes. It carries the message
 * and a link to answer on the site, never the writer's address (there is no Reply-To: answers go through the
 * site, so neither side learns the other's e-mail). The words are LOCALE's (`ctx.i18n`).
 */
export function newMessageMail(ctx: MailContext, mail: NewMessage & { to: string }): MailMessage {
  const { t } = ctx.i18n;
  const names = { author: mail.authorName, listing: mail.listingName, siteName: ctx.siteName };
  const text = [
    t("Hello {name},", { name: mail.recipientName }),
    "",
    t('{author} sent you a message about "{listing}" on {siteName}:', names),
    "",
    ...mail.body.split("\n").map((line) => `> ${line}`),
    "",
    t("Answer it here (your e-mail address stays private):"),
    mail.url,
  ].join("\n");
  return {
    to: mail.to,
    subject: t("New message about {listing}", { listing: mail.listingName }),
    text,
    html: renderMailHtml(h(NewMessageMail, { ctx, mail })),
  };
}
