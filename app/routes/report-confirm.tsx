import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { confirmReport, findReportRequest } from "#app/modules/moderation/moderation.notices.server.ts";
import { MODERATION_MESSAGES, reasonLabel } from "#app/modules/moderation/moderation.rules.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/report-confirm.ts";

// Where a visitor's confirmation link leads. Following the link only shows the report: the button confirms it,
// so a mail scanner that opens every link confirms nothing.

/** Never a shared page: it names the visitor's address, and its link works once. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Confirm your report"), matches),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = url.searchParams.get("token") ?? "";
  const request = await findReportRequest(db, token);
  return {
    token,
    report: request
      ? {
          email: request.email,
          reason: request.reason,
          details: request.details,
          listing: {
            name: request.listingName,
            path: listingPath({ id: request.listingId, type: request.listingType }),
          },
        }
      : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const form = await readForm(request);
  try {
    await confirmReport(db, String(form.get("token") ?? ""));
    return { done: true as const, error: null };
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function ReportConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { token, report } = loaderData;
  const { t, translate } = useI18n();
  if (actionData && "done" in actionData) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading" tabIndex={-1}>
          {translate(MODERATION_MESSAGES.thanks)}
        </h1>
        <p className="mb-6 text-muted">
          {t("Our moderators will look at")}{" "}
          <span className="font-semibold text-ink">{report?.listing.name}</span>.{" "}
          {t("We will e-mail you what they decide.")}
        </p>
        {report ? (
          <Link to={report.listing.path} className="btn-primary self-start">
            {t("Back to the listing")} <ArrowRightIcon />
          </Link>
        ) : null}
      </main>
    );
  }
  if (!report) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading">{t("Confirm your report")}</h1>
        <p role="alert" className="alert-error">
          {translate(MODERATION_MESSAGES.confirmLinkGone)}
        </p>
      </main>
    );
  }
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Confirm your report")}</h1>
      <p className="mb-4 text-muted">
        {t("About")}{" "}
        <Link to={report.listing.path} className="link">
          {report.listing.name}
        </Link>
      </p>
      <dl className="card mb-6 flex flex-col gap-2 p-5">
        <div>
          <dt className="text-sm text-muted">{t("What is wrong with it?")}</dt>
          <dd className="font-semibold">{translate(reasonLabel(report.reason))}</dd>
        </div>
        {report.details ? (
          <div>
            <dt className="text-sm text-muted">{t("Details")}</dt>
            <dd className="whitespace-pre-line">{report.details}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm text-muted">{t("Your e-mail address")}</dt>
          <dd>{report.email}</dd>
        </div>
      </dl>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary self-start">
          {t("Confirm report")}
        </button>
      </Form>
    </main>
  );
}
