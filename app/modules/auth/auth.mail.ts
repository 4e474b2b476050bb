import { ENGLISH, type I18n } from "#app/modules/i18n/i18n.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

// The words are LOCALE's (`t`, the server's translations; English by default).

/** The password-reset message: plain text first (many clients show only that), HTML with the same link. */
export function passwordResetMail({
  to,
  name,
  url,
  siteName,
  t = ENGLISH.t,
}: {
  to: string;
  name: string;
  url: string;
  /** SITE_NAME: the account is the user's account on this site. */
  siteName: string;
  t?: I18n["t"];
}): MailMessage {
  const asked = t("Someone asked to reset the password of your {siteName} account.", { siteName });
  const notYou = t("If it was not you, ignore this message: your password stays as it is.");
  const text = [
    t("Hello {name},", { name }),
    "",
    asked,
    t("Open this link within one hour to choose a new password:"),
    url,
    "",
    notYou,
  ].join("\n");
  const html = `<p>${escapeHtml(t("Hello {name},", { name }))}</p><p>${escapeHtml(asked)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t("Choose a new password"))}</a> ${escapeHtml(t("(the link works for one hour)."))}</p><p>${escapeHtml(notYou)}</p>`;
  return { to, subject: t("Reset your {siteName} password", { siteName }), text, html };
}

/** The address-verification message sent on sign-up (and on "Resend"). */
export function verificationMail({
  to,
  name,
  url,
  siteName,
  t = ENGLISH.t,
}: {
  to: string;
  name: string;
  url: string;
  siteName: string;
  t?: I18n["t"];
}): MailMessage {
  const text = [
    t("Hello {name},", { name }),
    "",
    t("Please confirm that this is your e-mail address for your {siteName} account:", { siteName }),
    url,
    "",
    t("The link works for 24 hours. If you did not sign up, ignore this message."),
  ].join("\n");
  const html = `<p>${escapeHtml(t("Hello {name},", { name }))}</p><p>${escapeHtml(t("Please confirm that this is your e-mail address for your {siteName} account.", { siteName }))}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t("Verify my e-mail"))}</a> ${escapeHtml(t("(the link works for 24 hours)."))}</p><p>${escapeHtml(t("If you did not sign up, ignore this message."))}</p>`;
  return { to, subject: t("Verify your e-mail for {siteName}", { siteName }), text, html };
}

/** Text made safe inside HTML (text and attribute values), for the e-mails' HTML part. */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
