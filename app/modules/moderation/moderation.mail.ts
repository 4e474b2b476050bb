import { createElement as h } from "react";
import {
  type MailContext,
  MailLayout,
  MailLink,
  MailParagraph,
  renderMailHtml,
} from "#app/modules/mail/mail.layout.ts";
import type { MailMessage } from "#app/providers/mail/mail.server.ts";
import { reasonLabel } from "./moderation.rules.ts";

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
