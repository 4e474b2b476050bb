import { data, Form, Link } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse, retryAfterHeaders } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { CLIENT_IP_HEADER } from "#app/modules/auth/auth.constants.ts";
import { getUser, requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { findListingById, isListingVisible } from "#app/modules/listing/listing.repo.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { LISTING_MESSAGES } from "#app/modules/listing/listing.schema.ts";
import { requestReport } from "#app/modules/moderation/moderation.notices.server.ts";
import {
  MODERATION_MESSAGES,
  REPORT_CONFIRM_HOURS,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORTER_EMAIL_MAX,
} from "#app/modules/moderation/moderation.rules.ts";
import { reportListing } from "#app/modules/moderation/moderation.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/report.ts";

/** Retry-After after a refusal, and never a shared page (its answer may name an address). */
export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Report this listing"), matches),
  { name: "robots", content: "noindex" },
];

/**
 * The listing one may report: one the public sees, not one's own. A visitor reports with an e-mail address
 * they confirm by a link (the report counts once they do); a signed-in user whose address is not verified
 * verifies it first, as for publishing (a throwaway account must not file reports).
 */
async function reportableListing({ params, context, url }: Route.LoaderArgs | Route.ActionArgs) {
  const user = (await getUser(context)) ? await requireVerifiedUser(context, url) : null;
  const { db } = context.get(servicesContext);
  const listing = await findListingById(db, params.listingId);
  if (!listing || !(await isListingVisible(db, listing.id))) {
    throw data(LISTING_MESSAGES.notFound, { status: 404 });
  }
  return { user, listing };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, listing } = await reportableListing(args);
  return {
    listing: { name: listing.name, path: listingPath(listing) },
    ownListing: listing.userRef === user?.id,
    visitor: user === null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, listing } = await reportableListing(args);
  const form = await readForm(args.request);
  try {
    const services = args.context.get(servicesContext);
    const input = { reason: form.get("reason") ?? undefined, details: form.get("details") ?? undefined };
    if (!user) {
      const client = args.request.headers.get(CLIENT_IP_HEADER) ?? "";
      const { email } = await requestReport(
        services,
        listing.id,
        { ...input, email: form.get("email") ?? undefined },
        client,
        services.limits.reports,
      );
      return { sent: email, error: null, fieldErrors: {} };
    }
    await reportListing(services.db, user, listing.id, input, services.limits.reports);
    return { done: true as const, error: null, fieldErrors: {} };
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, ownListing, visitor } = loaderData;
  const { t, translate } = useI18n();
  if (actionData && "sent" in actionData) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading" tabIndex={-1}>
          {t("Check your inbox")}
        </h1>
        <p className="mb-6 text-muted">
          {t("We sent a link to {email}. Your report counts once you confirm it.", {
            email: actionData.sent ?? "",
          })}
        </p>
        <Link to={listing.path} className="btn-primary self-start">
          {t("Back to the listing")} <ArrowRightIcon />
        </Link>
      </main>
    );
  }
  if (actionData && "done" in actionData) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading" tabIndex={-1}>
          {translate(MODERATION_MESSAGES.thanks)}
        </h1>
        <p className="mb-6 text-muted">
          {t("Our moderators will look at")} <span className="font-semibold text-ink">{listing.name}</span>.
        </p>
        <Link to={listing.path} className="btn-primary self-start">
          {t("Back to the listing")} <ArrowRightIcon />
        </Link>
      </main>
    );
  }
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Report this listing")}</h1>
      <p className="mb-6 text-muted">
        {t("About")}{" "}
        <Link to={listing.path} className="link">
          {listing.name}
        </Link>
      </p>
      {ownListing ? (
        <p role="alert" className="alert-error">
          {translate(MODERATION_MESSAGES.ownListing)}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-5">
          <fieldset aria-describedby={errorId("report-reason", fieldErrors.reason)}>
            <legend className="field-label">{t("What is wrong with it?")}</legend>
            <div className="flex flex-col gap-2">
              {REPORT_REASONS.map((reason, index) => (
                <label key={reason.value} className="flex items-center gap-3 text-base">
                  <input
                    type="radio"
                    name="reason"
                    value={reason.value}
                    required
                    id={index === 0 ? "report-reason" : undefined}
                    className="size-5 accent-[var(--color-accent)]"
                  />
                  {translate(reason.label)}
                </label>
              ))}
            </div>
            <FieldError id="report-reason-error" message={fieldErrors.reason} />
          </fieldset>
          <div>
            <label htmlFor="report-details" className="field-label">
              {t("Details (optional)")}
            </label>
            <textarea
              id="report-details"
              name="details"
              rows={5}
              maxLength={REPORT_DETAILS_MAX}
              aria-describedby={errorId("report-details", fieldErrors.details)}
              className="text-input min-h-32 resize-y"
            />
            <FieldError id="report-details-error" message={fieldErrors.details} />
          </div>
          {visitor ? (
            <div>
              <label htmlFor="report-email" className="field-label">
                {t("Your e-mail address")}
              </label>
              <p id="report-email-hint" className="mb-2 text-sm text-muted">
                {t(
                  "No account needed: we send you a link, and the report counts once you confirm it (the link works for {hours} hours).",
                  { hours: String(REPORT_CONFIRM_HOURS) },
                )}
              </p>
              <input
                id="report-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={REPORTER_EMAIL_MAX}
                aria-describedby={["report-email-hint", errorId("report-email", fieldErrors.email)]
                  .filter(Boolean)
                  .join(" ")}
                className="text-input"
              />
              <FieldError id="report-email-error" message={fieldErrors.email} />
            </div>
          ) : null}
          <FormMessage data={actionData} />
          <button type="submit" className="btn-primary self-start">
            {t("Send report")}
          </button>
        </Form>
      )}
    </main>
  );
}
