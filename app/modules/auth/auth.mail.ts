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

/**
 * To an account's owner when its sign-ins are paused after many failures: someone may be guessing the password.
 * `resetUrl` is the "Forgot Password" page, where they can choose a new one.
 */
export function signInAlertMail({
  to,
  name,
  resetUrl,
  siteName,
  t = ENGLISH.t,
}: {
  to: string;
  name: string;
  resetUrl: string;
  siteName: string;
  t?: I18n["t"];
}): MailMessage {
  const trying = t("Someone is trying to sign in to your {siteName} account with wrong passwords.", {
    siteName,
  });
  const paused = t("To protect it, signing in is paused for 15 minutes.");
  const advice = t("If it was not you, your password is still safe; to be sure, choose a new one:");
  const text = [t("Hello {name},", { name }), "", trying, paused, "", advice, resetUrl].join("\n");
  const html = `<p>${escapeHtml(t("Hello {name},", { name }))}</p><p>${escapeHtml(trying)} ${escapeHtml(paused)}</p><p>${escapeHtml(advice)} <a href="${escapeHtml(resetUrl)}">${escapeHtml(t("Choose a new password"))}</a></p>`;
  return { to, subject: t("Someone is trying to sign in to your account"), text, html };
}

/**
 * To an account's owner when someone signs up with their address: the sign-up page answers as for a new
 * address (it must not tell who has an account), so the owner learns it here, with the ways back in.
 */
export function existingAccountMail({
  to,
  name,
  signInUrl,
  resetUrl,
  siteName,
  t = ENGLISH.t,
}: {
  to: string;
  name: string;
  signInUrl: string;
  resetUrl: string;
  siteName: string;
  t?: I18n["t"];
}): MailMessage {
  const tried = t("Someone tried to create a {siteName} account with your e-mail address.", { siteName });
  const already = t("You already have an account: sign in, or reset your password if you forgot it.");
  const notYou = t("If it was not you, ignore this message: nothing has changed.");
  const text = [
    t("Hello {name},", { name }),
    "",
    tried,
    already,
    "",
    `${t("Sign in")}: ${signInUrl}`,
    `${t("Choose a new password")}: ${resetUrl}`,
    "",
    notYou,
  ].join("\n");
  const html = `<p>${escapeHtml(t("Hello {name},", { name }))}</p><p>${escapeHtml(tried)}</p><p>${escapeHtml(already)}</p><p><a href="${escapeHtml(signInUrl)}">${escapeHtml(t("Sign in"))}</a> · <a href="${escapeHtml(resetUrl)}">${escapeHtml(t("Choose a new password"))}</a></p><p>${escapeHtml(notYou)}</p>`;
  return { to, subject: t("Someone tried to sign up with your address"), text, html };
}

/** Text made safe inside HTML (text and attribute values), for the e-mails' HTML part. */
export function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
