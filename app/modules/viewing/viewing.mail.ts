import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailAttachment, MailMessage } from "#app/providers/mail/mail.server.ts";

// The e-mails of a booking (decision 067): to the visitor when they book, when the lister confirms, cancels or
// it moves, and the day before; to the lister when someone books, cancels or moves. Each carries the booking's
// calendar file and a link to /viewings, never the other party's address (they talk in the conversation).

export type ViewingMailKind =
  | "booked"
  | "requested"
  | "newBooking"
  | "confirmed"
  | "cancelled"
  | "rescheduled"
  | "reminder";

export type ViewingMail = {
  to: string;
  kind: ViewingMailKind;
  recipientName: string;
  visitorName: string;
  listingName: string;
  /** "Sat, Dec 6, 10:00 – 10:20 (CET)" in the listing's zone. */
  when: string;
  address: string;
  reason: string | null;
  /** The recipient's viewings page. */
  url: string;
  attachment: MailAttachment;
};

function lines(ctx: MailContext, mail: ViewingMail) {
  const { t } = ctx.i18n;
  const names = { listing: mail.listingName, when: mail.when, visitor: mail.visitorName };
  const main = {
    booked: t("Your viewing of “{listing}” is booked for {when}.", names),
    requested: t("You asked to view “{listing}” at {when}. The lister will confirm it.", names),
    newBooking: t("{visitor} booked a viewing of “{listing}” for {when}.", names),
    confirmed: t("Your viewing of “{listing}” at {when} is confirmed.", names),
    cancelled: t("The viewing of “{listing}” at {when} is cancelled.", names),
    rescheduled: t("The viewing of “{listing}” is moved to {when}.", names),
    reminder: t("A reminder: your viewing of “{listing}” is at {when}.", names),
  }[mail.kind];
  return [
    t("Hello {name},", { name: mail.recipientName }),
    main,
    ...(mail.reason ? [t("Reason: {reason}", { reason: mail.reason })] : []),
    t("Address: {address}", { address: mail.address }),
    t("The calendar file is attached: open it to add the viewing to your calendar."),
  ];
}

function subject(ctx: MailContext, mail: ViewingMail) {
  const { t } = ctx.i18n;
  const names = { listing: mail.listingName };
  return {
    booked: t("Viewing booked: {listing}", names),
    requested: t("Viewing requested: {listing}", names),
    newBooking: t("New viewing of {listing}", names),
    confirmed: t("Viewing confirmed: {listing}", names),
    cancelled: t("Viewing cancelled: {listing}", names),
    rescheduled: t("Viewing rescheduled: {listing}", names),
    reminder: t("Reminder: viewing of {listing}", names),
  }[mail.kind];
}

function ViewingMailBody({ ctx, mail }: { ctx: MailContext; mail: ViewingMail }) {
  const { t } = ctx.i18n;
  return h(
    MailLayout,
    { ctx },
    ...lines(ctx, mail).map((line, index) => h(MailParagraph, { key: index }, line)),
    h(
      MailParagraph,
      null,
      h(MailLink, { href: mail.url }, t("Your viewings on {siteName}", { siteName: ctx.siteName })),
      " ",
      t("(your e-mail address stays private)."),
    ),
  );
}

/** One e-mail about a booking, with its calendar file attached. */
export function viewingMail(ctx: MailContext, mail: ViewingMail): MailMessage {
  const { t } = ctx.i18n;
  const text = [
    ...lines(ctx, mail).flatMap((line) => [line, ""]),
    t("Your viewings on {siteName}", { siteName: ctx.siteName }),
    mail.url,
  ].join("\n");
  return {
    to: mail.to,
    subject: subject(ctx, mail),
    text,
    html: renderMailHtml(h(ViewingMailBody, { ctx, mail })),
    attachments: [mail.attachment],
  };
}
