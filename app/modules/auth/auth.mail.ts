import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

// The account e-mails: plain text first (many clients show only that), HTML with the same links. The words
// are LOCALE's (`ctx.i18n`, the server's translations; English by default).

type PasswordReset = { name: string; url: string };

function passwordResetWords({ i18n: { t }, siteName }: MailContext, { name }: PasswordReset) {
  return {
    hello: t("Hello {name},", { name }),
    asked: t("Someone asked to reset the password of your {siteName} account.", { siteName }),
    notYou: t("If it was not you, ignore this message: your password stays as it is."),
  };
}

function PasswordResetMail({ ctx, mail }: { ctx: MailContext; mail: PasswordReset }) {
  const { t } = ctx.i18n;
  const words = passwordResetWords(ctx, mail);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, words.hello),
    h(MailParagraph, null, words.asked),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.url }, t("Choose a new password")),
      " ",
      t("(the link works for one hour)."),
    ),
    h(MailParagraph, null, words.notYou),
  );
}

/** The password-reset message, with a link that works for one hour. */
export function passwordResetMail(ctx: MailContext, mail: PasswordReset & { to: string }): MailMessage {
  const { t } = ctx.i18n;
  const words = passwordResetWords(ctx, mail);
  const text = [
    words.hello,
    "",
    words.asked,
    t("Open this link within one hour to choose a new password:"),
    mail.url,
    "",
    words.notYou,
  ].join("\n");
  return {
    to: mail.to,
    subject: t("Reset your {siteName} password", { siteName: ctx.siteName }),
    text,
    html: renderMailHtml(h(PasswordResetMail, { ctx, mail })),
  };
}

type Verification = { name: string; url: string };

function VerificationMail({ ctx, mail }: { ctx: MailContext; mail: Verification }) {
  const { t } = ctx.i18n;
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, t("Hello {name},", { name: mail.name })),
    h(
      MailParagraph,
      null,
      t("Please confirm that this is your e-mail address for your {siteName} account.", {
        siteName: ctx.siteName,
      }),
    ),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.url }, t("Verify my e-mail")),
      " ",
      t("(the link works for 24 hours)."),
    ),
    h(MailParagraph, null, t("If you did not sign up, ignore this message.")),
  );
}

/** The address-verification message sent on sign-up (and on "Resend"). */
export function verificationMail(ctx: MailContext, mail: Verification & { to: string }): MailMessage {
  const { t } = ctx.i18n;
  const { siteName } = ctx;
  const text = [
    t("Hello {name},", { name: mail.name }),
    "",
    t("Please confirm that this is your e-mail address for your {siteName} account:", { siteName }),
    mail.url,
    "",
    t("The link works for 24 hours. If you did not sign up, ignore this message."),
  ].join("\n");
  return {
    to: mail.to,
    subject: t("Verify your e-mail for {siteName}", { siteName }),
    text,
    html: renderMailHtml(h(VerificationMail, { ctx, mail })),
  };
}

type SignInAlert = { name: string; resetUrl: string };

function signInAlertWords({ i18n: { t }, siteName }: MailContext, { name }: SignInAlert) {
  return {
    hello: t("Hello {name},", { name }),
    trying: t("Someone is trying to sign in to your {siteName} account with wrong passwords.", { siteName }),
    paused: t("To protect it, signing in is paused for 15 minutes."),
    advice: t("If it was not you, your password is still safe; to be sure, choose a new one:"),
  };
}

function SignInAlertMail({ ctx, mail }: { ctx: MailContext; mail: SignInAlert }) {
  const words = signInAlertWords(ctx, mail);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, words.hello),
    h(MailParagraph, null, words.trying, " ", words.paused),
    h(
      MailParagraph,
      null,
      words.advice,
      " ",
      h(MailLink, { href: mail.resetUrl }, ctx.i18n.t("Choose a new password")),
    ),
  );
}

/**
 * To an account's owner when its sign-ins are paused after many failures: someone may be guessing the password.
 * `resetUrl` is the "Forgot Password" page, where they can choose a new one.
 */
export function signInAlertMail(ctx: MailContext, mail: SignInAlert & { to: string }): MailMessage {
  const words = signInAlertWords(ctx, mail);
  const text = [words.hello, "", words.trying, words.paused, "", words.advice, mail.resetUrl].join("\n");
  return {
    to: mail.to,
    subject: ctx.i18n.t("Someone is trying to sign in to your account"),
    text,
    html: renderMailHtml(h(SignInAlertMail, { ctx, mail })),
  };
}

type ExistingAccount = { name: string; signInUrl: string; resetUrl: string };

function existingAccountWords({ i18n: { t }, siteName }: MailContext, { name }: ExistingAccount) {
  return {
    hello: t("Hello {name},", { name }),
    tried: t("Someone tried to create a {siteName} account with your e-mail address.", { siteName }),
    already: t("You already have an account: sign in, or reset your password if you forgot it."),
    signIn: t("Sign in"),
    reset: t("Choose a new password"),
    notYou: t("If it was not you, ignore this message: nothing has changed."),
  };
}

function ExistingAccountMail({ ctx, mail }: { ctx: MailContext; mail: ExistingAccount }) {
  const words = existingAccountWords(ctx, mail);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, words.hello),
    h(MailParagraph, null, words.tried),
    h(MailParagraph, null, words.already),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.signInUrl }, words.signIn),
      " · ",
      h(MailLink, { href: mail.resetUrl }, words.reset),
    ),
    h(MailParagraph, null, words.notYou),
  );
}

/**
 * To an account's owner when someone signs up with their address: the sign-up page answers as for a new
 * address (it must not tell who has an account), so the owner learns it here, with the ways back in.
 */
export function existingAccountMail(ctx: MailContext, mail: ExistingAccount & { to: string }): MailMessage {
  const words = existingAccountWords(ctx, mail);
  const text = [
    words.hello,
    "",
    words.tried,
    words.already,
    "",
    `${words.signIn}: ${mail.signInUrl}`,
    `${words.reset}: ${mail.resetUrl}`,
    "",
    words.notYou,
  ].join("\n");
  return {
    to: mail.to,
    subject: ctx.i18n.t("Someone tried to sign up with your address"),
    text,
    html: renderMailHtml(h(ExistingAccountMail, { ctx, mail })),
  };
}
