import type { MailMessage } from "#app/providers/mail/mail.server.ts";

/** The password-reset message: plain text first (many clients show only that), HTML with the same link. */
export function passwordResetMail({
  to,
  name,
  url,
  siteName,
}: {
  to: string;
  name: string;
  url: string;
  /** SITE_NAME: the account is the user's account on this site. */
  siteName: string;
}): MailMessage {
  const text = [
    `Hello ${name},`,
    "",
    `Someone asked to reset the password of your ${siteName} account.`,
    "Open this link within one hour to choose a new password:",
    url,
    "",
    "If it was not you, ignore this message: your password stays as it is.",
  ].join("\n");
  const safeName = escapeHtml(name);
  const safeUrl = escapeHtml(url);
  const html = `<p>Hello ${safeName},</p><p>Someone asked to reset the password of your ${escapeHtml(siteName)} account.</p><p><a href="${safeUrl}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this message: your password stays as it is.</p>`;
  return { to, subject: `Reset your ${siteName} password`, text, html };
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
