import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import { hideReasonLabel, REPORT_CONFIRM_HOURS, reasonLabel } from "./moderation.rules.ts";

/** A report the digest tells of: the listing's name, the reason's code and the reporter's words. */
export type DigestReport = { reason: string; details: string | null; listingName: string };

function digestWords({ i18n: { t, tn }, siteName }: MailContext, reports: DigestReport[]) {
  const count = tn(reports.length, "{count} new report", "{count} new reports");
  return { count, heading: t("{count} on {siteName}:", { count, siteName }) };
}

function ReportDigestMail({ ctx, reports }: { ctx: MailContext; reports: DigestReport[] }) {
  const { t, translate } = ctx.i18n;
  const { heading } = digestWords(ctx, reports);
  return h(
    MailLayout,
    { ctx },
    h(MailParagraph, null, heading),
    h(
      "ul",
      { style: { margin: "0 0 16px", paddingLeft: "20px" } },
      reports.map((report, index) =>
        h(
          "li",
          { key: index },
          h("strong", null, report.listingName),
          ": ",
          translate(reasonLabel(report.reason)),
          report.details ? ` (${report.details})` : null,
        ),
      ),
    ),
    h(MailParagraph, null, h(MailLink, { href: `${ctx.publicUrl}/admin` }, t("Review them"))),
  );
}

/** The administrators' digest of new reports, with a link to /admin. LOCALE's words, as on /admin. */
export function reportDigestMail(ctx: MailContext, reports: DigestReport[]): Omit<MailMessage, "to"> {
  const { t, translate } = ctx.i18n;
  const { count, heading } = digestWords(ctx, reports);
  const lines = reports.map(
    (report) =>
      `- ${report.listingName}: ${translate(reasonLabel(report.reason))}${report.details ? ` (${report.details})` : ""}`,
  );
  const text = [heading, "", ...lines, "", `${t("Review them")}: ${ctx.publicUrl}/admin`].join("\n");
  return {
    subject: `${ctx.siteName}: ${count}`,
    text,
    html: renderMailHtml(h(ReportDigestMail, { ctx, reports })),
  };
}

/** A visitor's report, before it counts: the listing and the link that confirms the address. */
type ReportConfirmation = { listingName: string; confirmUrl: string };

function confirmationWords({ i18n: { t }, siteName }: MailContext, mail: ReportConfirmation) {
  return {
    subject: t("Confirm your report on {siteName}", { siteName }),
    asked: t('Someone, hopefully you, reported the listing "{name}" with this address.', {
      name: mail.listingName,
    }),
    action: t("Confirm my report"),
    ignore: t(
      "The report counts once you confirm it. The link works for {hours} hours; if you did not report anything, ignore this e-mail.",
      { hours: String(REPORT_CONFIRM_HOURS) },
    ),
  };
}

function ReportConfirmationMail({ ctx, mail }: { ctx: MailContext; mail: ReportConfirmation }) {
  const words = confirmationWords(ctx, mail);
  return h(
    MailLayout,
    { ctx, heading: words.subject },
    h(MailParagraph, null, words.asked),
    h(MailParagraph, null, h(MailLink, { href: mail.confirmUrl }, words.action)),
    h(MailParagraph, null, words.ignore),
  );
}

/** "Confirm your report": the link a visitor follows before their report counts. */
export function reportConfirmationMail(
  ctx: MailContext,
  mail: ReportConfirmation & { to: string },
): MailMessage {
  const words = confirmationWords(ctx, mail);
  return {
    to: mail.to,
    subject: words.subject,
    text: [words.asked, "", `${words.action}: ${mail.confirmUrl}`, "", words.ignore].join("\n"),
    html: renderMailHtml(h(ReportConfirmationMail, { ctx, mail })),
  };
}

/** A hidden listing, told to its owner: why, in the moderator's words, and where to ask for a review. */
type ListingHidden = {
  ownerName: string;
  listingName: string;
  listingUrl: string;
  reason: string;
  note: string;
  reviewUrl: string;
};

function hiddenWords({ i18n: { t, translate } }: MailContext, mail: ListingHidden) {
  return {
    subject: t('Your listing "{name}" was hidden', { name: mail.listingName }),
    hello: t("Hello {name},", { name: mail.ownerName }),
    told: t('Our moderators hid your listing "{name}": visitors can not see it.', { name: mail.listingName }),
    reason: t("Reason: {reason}", { reason: translate(hideReasonLabel(mail.reason)) }),
    review: t("Ask for a review"),
    reviewHint: t("If you think this is a mistake, or once you have fixed it, ask for a review."),
  };
}

function ListingHiddenMail({ ctx, mail }: { ctx: MailContext; mail: ListingHidden }) {
  const words = hiddenWords(ctx, mail);
  return h(
    MailLayout,
    { ctx, heading: words.subject },
    h(MailParagraph, null, words.hello),
    h(MailParagraph, null, h("a", { href: mail.listingUrl }, words.told)),
    h(MailParagraph, null, h("strong", null, words.reason)),
    h(
      "blockquote",
      {
        style: {
          margin: "0 0 16px",
          padding: "0 0 0 12px",
          borderLeft: "4px solid #d1d5db",
          whiteSpace: "pre-line",
        },
      },
      mail.note,
    ),
    h(MailParagraph, null, words.reviewHint),
    h(MailParagraph, null, h(MailLink, { href: mail.reviewUrl }, words.review)),
  );
}

/** "Your listing was hidden", with the reason, the moderator's text and "Ask for a review". */
export function listingHiddenMail(ctx: MailContext, mail: ListingHidden & { to: string }): MailMessage {
  const words = hiddenWords(ctx, mail);
  const text = [
    words.hello,
    "",
    words.told,
    "",
    words.reason,
    mail.note,
    "",
    words.reviewHint,
    `${words.review}: ${mail.reviewUrl}`,
  ].join("\n");
  return {
    to: mail.to,
    subject: words.subject,
    text,
    html: renderMailHtml(h(ListingHiddenMail, { ctx, mail })),
  };
}

/** What became of a report: the listing was hidden, or it stays (the report was dismissed). */
export type ReportOutcome = { listingName: string; outcome: "hidden" | "kept" };

function outcomeWords({ i18n: { t }, siteName }: MailContext, mail: ReportOutcome) {
  return {
    subject: t("Your report on {siteName}", { siteName }),
    thanks: t('Thank you for reporting "{name}". Our moderators have looked at it.', {
      name: mail.listingName,
    }),
    outcome:
      mail.outcome === "hidden"
        ? t("They hid the listing: visitors can no longer see it.")
        : t("They found no reason to remove it, so the listing stays."),
  };
}

function ReportOutcomeMail({ ctx, mail }: { ctx: MailContext; mail: ReportOutcome }) {
  const words = outcomeWords(ctx, mail);
  return h(
    MailLayout,
    { ctx, heading: words.subject },
    h(MailParagraph, null, words.thanks),
    h(MailParagraph, null, words.outcome),
  );
}

/** The reporter's answer once a moderator decided on their report. */
export function reportOutcomeMail(ctx: MailContext, mail: ReportOutcome & { to: string }): MailMessage {
  const words = outcomeWords(ctx, mail);
  return {
    to: mail.to,
    subject: words.subject,
    text: [words.thanks, "", words.outcome].join("\n"),
    html: renderMailHtml(h(ReportOutcomeMail, { ctx, mail })),
  };
}
