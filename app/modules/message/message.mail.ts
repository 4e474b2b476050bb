import { escapeHtml } from "#app/modules/auth/auth.mail.ts";
import { ENGLISH, type I18n } from "#app/modules/i18n/i18n.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

/**
 * "You have a new message": sent to one party of a conversation when the other writes. It carries the message
 * and a link to answer on the site, never the writer's address (there is no Reply-To: answers go through the
 * site, so neither side learns the other's e-mail).
 */
export function newMessageMail({
  to,
  recipientName,
  authorName,
  listingName,
  body,
  url,
  siteName,
  t = ENGLISH.t,
}: {
  to: string;
  recipientName: string;
  authorName: string;
  listingName: string;
  body: string;
  url: string;
  siteName: string;
  t?: I18n["t"];
}): MailMessage {
  const names = { author: authorName, listing: listingName, siteName };
  const text = [
    t("Hello {name},", { name: recipientName }),
    "",
    t('{author} sent you a message about "{listing}" on {siteName}:', names),
    "",
    ...body.split("\n").map((line) => `> ${line}`),
    "",
    t("Answer it here (your e-mail address stays private):"),
    url,
  ].join("\n");
  const quoted = escapeHtml(body).replaceAll("\n", "<br>");
  const html = `<p>${escapeHtml(t("Hello {name},", { name: recipientName }))}</p><p>${escapeHtml(t("{author} sent you a message about “{listing}” on {siteName}:", names))}</p><blockquote>${quoted}</blockquote><p><a href="${escapeHtml(url)}">${escapeHtml(t("Answer on {siteName}", { siteName }))}</a> ${escapeHtml(t("(your e-mail address stays private)."))}</p>`;
  return { to, subject: t("New message about {listing}", { listing: listingName }), text, html };
}
