import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";

// The agency e-mails: plain text first, HTML with the same link, in LOCALE's words.

type Invitation = { agencyName: string; inviterName: string; url: string };

function invitationWords({ i18n: { t }, siteName }: MailContext, mail: Invitation) {
  return {
    invited: t("{inviter} invites you to join {agency} on {siteName}.", {
      inviter: mail.inviterName,
      agency: mail.agencyName,
      siteName,
    }),
    howTo: t("Sign up or sign in with this e-mail address, then accept the invitation."),
    expiry: t("The link works once, for 7 days. If you do not know this agency, ignore this message."),
  };
}

function InvitationMail({ ctx, mail }: { ctx: MailContext; mail: Invitation }) {
  const words = invitationWords(ctx, mail);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, words.invited),
    h(MailParagraph, null, h(MailLink, { href: mail.url }, ctx.i18n.t("See the invitation"))),
    h(MailParagraph, null, words.howTo),
    h(MailParagraph, null, words.expiry),
  );
}

/** The invitation to join an agency, with its single-use link bound to the invited address. */
export function invitationMail(ctx: MailContext, mail: Invitation & { to: string }): MailMessage {
  const words = invitationWords(ctx, mail);
  return {
    to: mail.to,
    subject: ctx.i18n.t("Join {agency} on {siteName}", { agency: mail.agencyName, siteName: ctx.siteName }),
    text: [words.invited, "", mail.url, "", words.howTo, words.expiry].join("\n"),
    html: renderMailHtml(h(InvitationMail, { ctx, mail })),
  };
}
