import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { agencyPath } from "#app/modules/agency/agency.rules.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { requireAdmin } from "#app/modules/moderation/moderation.guard.server.ts";
import {
  findAuditLog,
  findHiddenListings,
  findOpenReports,
  findReviewRequests,
  findSuspendedAgencies,
  findSuspendedUsers,
} from "#app/modules/moderation/moderation.repo.server.ts";
import {
  auditDescription,
  DECISION_NOTE_MAX,
  HIDE_REASONS,
  hideReasonLabel,
  MODERATION_DONE,
  moderationTime,
  reasonLabel,
} from "#app/modules/moderation/moderation.rules.ts";
import {
  dismissReport,
  hideListing,
  keepHidden,
  liftAgencySuspension,
  liftSuspension,
  restoreListing,
  suspendAgency,
  suspendUser,
} from "#app/modules/moderation/moderation.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Moderation"), matches),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  await requireAdmin(context, url, db);
  const [reports, reviewRequests, hiddenListings, suspendedUsers, suspendedAgencies, auditLog] =
    await Promise.all([
      findOpenReports(db),
      findReviewRequests(db),
      findHiddenListings(db),
      findSuspendedUsers(db),
      findSuspendedAgencies(db),
      findAuditLog(db),
    ]);
  return { reports, reviewRequests, hiddenListings, suspendedUsers, suspendedAgencies, auditLog };
}

const INTENTS = Object.keys(MODERATION_DONE) as (keyof typeof MODERATION_DONE)[];

export async function action({ context, request, url }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const moderator = await requireAdmin(context, url, db);
  const form = await readForm(request);
  const intent = INTENTS.find((name) => name === form.get("intent"));
  const id = String(form.get("id") ?? "");
  if (!intent || !id) return data({ error: msg("Unknown action"), fieldErrors: {}, id }, { status: 400 });
  const suspension = { ...services, headers: request.headers };
  try {
    if (intent === "hide-listing") {
      const input = { reason: form.get("reason") ?? undefined, note: form.get("note") ?? undefined };
      await hideListing(services, moderator, id, input);
    } else if (intent === "restore-listing") await restoreListing(db, moderator, id);
    else if (intent === "dismiss-report") await dismissReport(services, moderator, id);
    else if (intent === "close-review") await keepHidden(db, moderator, id);
    else if (intent === "suspend-user") await suspendUser(suspension, moderator, id);
    else if (intent === "suspend-agency") await suspendAgency(db, moderator, id);
    else if (intent === "lift-agency-suspension") await liftAgencySuspension(db, moderator, id);
    else await liftSuspension(suspension, moderator, id);
  } catch (error) {
    // Which form was refused, so its fields show their messages.
    const refusal = refusalResponse(error);
    return data({ ...refusal.data, id }, refusal.init ?? undefined);
  }
  return redirectWithToast(context, "/admin", "success", MODERATION_DONE[intent]);
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, reviewRequests, hiddenListings, suspendedUsers, suspendedAgencies, auditLog } = loaderData;
  const { t, translate } = useI18n();
  return (
    <main className="page max-w-5xl">
      <h1 className="page-heading">{t("Moderation")}</h1>
      <div className="mt-4">
        <FormMessage data={actionData} />
      </div>
      <AdminSection
        id="open-reports"
        heading={t("Open reports ({count})", { count: reports.length })}
        empty={reports.length === 0 ? t("No open reports.") : null}
        className="mt-8"
      >
        <ul className="flex flex-col gap-4">
          {reports.map((report) => (
            <li key={report.id} className="card flex flex-col gap-3 p-5">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-bold">
                  <Link to={listingPath(report.listing)} className="link">
                    {report.listing.name}
                  </Link>
                </h3>
                {report.listing.hidden ? <span className="badge">{t("Hidden")}</span> : null}
                {report.owner.suspended ? <span className="badge">{t("Owner suspended")}</span> : null}
              </div>
              <p>
                <span className="font-semibold">{translate(reasonLabel(report.reason))}</span>
                <span className="text-muted">
                  {" "}
                  ·{" "}
                  {report.reporterName !== null
                    ? t("reported by {name} on {date}", {
                        name: report.reporterName,
                        date: moderationTime(report.createdAt),
                      })
                    : t("reported by a visitor ({email}) on {date}", {
                        email: report.reporterEmail ?? "",
                        date: moderationTime(report.createdAt),
                      })}
                </span>
              </p>
              {report.details ? (
                <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">
                  {report.details}
                </blockquote>
              ) : null}
              <p className="text-muted">
                {t("Owner:")} <span className="font-semibold text-ink">{report.owner.name}</span> (
                {report.owner.email})
              </p>
              <div className="flex flex-wrap gap-2">
                {report.listing.hidden ? (
                  <ActionButton
                    intent="restore-listing"
                    id={report.listing.id}
                    label={t("Restore listing")}
                    target={report.listing.name}
                  />
                ) : (
                  <HideForm
                    listingId={report.listing.id}
                    name={report.listing.name}
                    refusal={actionData?.id === report.listing.id ? actionData : undefined}
                  />
                )}
                {report.owner.suspended ? (
                  <ActionButton
                    intent="lift-suspension"
                    id={report.owner.id}
                    label={t("Lift suspension")}
                    target={report.owner.name}
                  />
                ) : (
                  <ActionButton
                    intent="suspend-user"
                    id={report.owner.id}
                    label={t("Suspend owner")}
                    target={report.owner.name}
                    danger
                  />
                )}
                <ActionButton
                  intent="dismiss-report"
                  id={report.id}
                  label={t("Dismiss report")}
                  target={t("on {name}", { name: report.listing.name })}
                />
              </div>
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection
        id="review-requests"
        heading={t("Review requests ({count})", { count: reviewRequests.length })}
        empty={reviewRequests.length === 0 ? t("No review requests.") : null}
      >
        <ul className="flex flex-col gap-4">
          {reviewRequests.map((review) => (
            <li key={review.id} className="card flex flex-col gap-3 p-5">
              <h3 className="text-lg font-bold">
                <Link to={listingPath(review.listing)} className="link">
                  {review.listing.name}
                </Link>
              </h3>
              <p>
                <span className="font-semibold">{translate(hideReasonLabel(review.reason))}</span>
                <span className="text-muted">
                  {" "}
                  ·{" "}
                  {t("hidden {date}, review asked by {name} on {asked}", {
                    date: moderationTime(review.createdAt),
                    name: review.ownerName,
                    asked: moderationTime(review.reviewRequestedAt ?? review.createdAt),
                  })}
                </span>
              </p>
              <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">
                {review.note}
              </blockquote>
              {review.reviewMessage ? (
                <p className="whitespace-pre-line">
                  <span className="font-semibold">{t("The owner writes:")}</span> {review.reviewMessage}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <ActionButton
                  intent="restore-listing"
                  id={review.listingId}
                  label={t("Restore listing")}
                  target={review.listing.name}
                />
                <ActionButton
                  intent="close-review"
                  id={review.id}
                  label={t("Keep hidden")}
                  target={review.listing.name}
                  danger
                />
              </div>
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection
        id="hidden-listings"
        heading={t("Hidden listings ({count})", { count: hiddenListings.length })}
        empty={hiddenListings.length === 0 ? t("No hidden listings.") : null}
      >
        <ul className="card flex flex-col divide-y divide-line p-0">
          {hiddenListings.map((listing) => (
            <li key={listing.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <Link to={listingPath(listing)} className="link">
                  {listing.name}
                </Link>
                <span className="text-muted">
                  {" "}
                  {t("by {name}, hidden {date}", {
                    name: listing.ownerName,
                    date: moderationTime(listing.hiddenAt),
                  })}
                  {listing.reason ? ` · ${translate(hideReasonLabel(listing.reason))}` : null}
                </span>
              </span>
              <ActionButton
                intent="restore-listing"
                id={listing.id}
                label={t("Restore listing")}
                target={listing.name}
              />
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection
        id="suspended-users"
        heading={t("Suspended users ({count})", { count: suspendedUsers.length })}
        empty={suspendedUsers.length === 0 ? t("No suspended users.") : null}
      >
        <ul className="card flex flex-col divide-y divide-line p-0">
          {suspendedUsers.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <span className="font-semibold">{user.name}</span>
                <span className="text-muted"> ({user.email})</span>
              </span>
              <ActionButton
                intent="lift-suspension"
                id={user.id}
                label={t("Lift suspension")}
                target={user.name}
              />
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection
        id="suspended-agencies"
        heading={t("Suspended agencies ({count})", { count: suspendedAgencies.length })}
        empty={null}
      >
        {suspendedAgencies.length === 0 ? (
          <p className="mb-4 text-muted">{t("No suspended agencies.")}</p>
        ) : (
          <ul className="card mb-4 flex flex-col divide-y divide-line p-0">
            {suspendedAgencies.map((agency) => (
              <li key={agency.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <Link to={agencyPath(agency.slug)} className="link font-semibold">
                  {agency.name}
                </Link>
                <ActionButton
                  intent="lift-agency-suspension"
                  id={agency.id}
                  label={t("Lift suspension")}
                  target={agency.name}
                />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="card flex flex-col gap-3">
          <h3 className="font-bold">{t("Suspend an agency")}</h3>
          <p className="text-sm text-muted">
            {t("Its listings are hidden from everyone until the suspension is lifted.")}
          </p>
          <input type="hidden" name="intent" value="suspend-agency" />
          <label htmlFor="suspend-agency-id" className="field-label">
            {t("Agency page address or slug")}
          </label>
          <input id="suspend-agency-id" name="id" required className="text-input" autoComplete="off" />
          <button type="submit" className="btn-danger btn-small self-start">
            {t("Suspend agency")}
          </button>
        </Form>
      </AdminSection>
      <AdminSection
        id="audit-log"
        heading={t("Audit log")}
        empty={auditLog.length === 0 ? t("No actions yet.") : null}
      >
        <div className="card overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  {t("When")}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t("Who")}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t("What")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {auditLog.map((entry) => (
                <tr key={entry.id}>
                  <td className="p-3 whitespace-nowrap">{moderationTime(entry.createdAt)}</td>
                  <td className="p-3">{entry.actorName}</td>
                  <td className="p-3">{auditDescription(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AdminSection>
    </main>
  );
}

/** One part of the page: its heading, then what it lists, or a line saying there is nothing. */
function AdminSection({
  id,
  heading,
  empty,
  className = "mt-10",
  children,
}: {
  id: string;
  heading: string;
  /** What to say instead of the list when it is empty; null when there is something to list. */
  empty: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="section-heading mb-4">
        {heading}
      </h2>
      {empty === null ? children : <p className="text-muted">{empty}</p>}
    </section>
  );
}

type ActionButtonProps = {
  intent: keyof typeof MODERATION_DONE;
  id: string;
  label: string;
  /** What it acts on, for the button's accessible name ("Hide listing Sunny flat"). */
  target: string;
  danger?: boolean;
};

/** One moderator action: a one-field form, so it works before JavaScript loads. */
function ActionButton({ intent, id, label, target, danger = false }: ActionButtonProps) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`${label} ${target}`}
        className={`btn-small ${danger ? "btn-danger" : "btn-secondary"}`}
      >
        {label}
      </button>
    </Form>
  );
}

type HideFormProps = {
  listingId: string;
  name: string;
  /** The refusal of this form's last submission, if it was this one's. */
  refusal?: { fieldErrors?: Record<string, string | undefined> };
};

/**
 * "Hide listing": opens a form asking for the reason and the words the owner is sent (it works before
 * JavaScript loads: a disclosure and a plain form).
 */
function HideForm({ listingId, name, refusal }: HideFormProps) {
  const { t, translate } = useI18n();
  const fieldErrors = refusal?.fieldErrors ?? {};
  const prefix = `hide-${listingId}`;
  return (
    <details className="w-full" open={refusal !== undefined}>
      <summary className="btn-small btn-danger inline-flex cursor-pointer">{t("Hide listing")}</summary>
      <Form method="post" className="mt-3 flex flex-col gap-3 rounded-lg border border-line p-4">
        <input type="hidden" name="intent" value="hide-listing" />
        <input type="hidden" name="id" value={listingId} />
        <div>
          <label htmlFor={`${prefix}-reason`} className="field-label">
            {t("Reason")}
          </label>
          <select
            id={`${prefix}-reason`}
            name="reason"
            required
            defaultValue=""
            aria-describedby={fieldErrors.reason ? `${prefix}-reason-error` : undefined}
            className="text-input"
          >
            <option value="" disabled>
              {t("Choose a reason")}
            </option>
            {HIDE_REASONS.map((reason) => (
              <option key={reason.value} value={reason.value}>
                {translate(reason.label)}
              </option>
            ))}
          </select>
          <FieldError id={`${prefix}-reason-error`} message={fieldErrors.reason} />
        </div>
        <div>
          <label htmlFor={`${prefix}-note`} className="field-label">
            {t("Explanation for the owner")}
          </label>
          <textarea
            id={`${prefix}-note`}
            name="note"
            rows={4}
            required
            maxLength={DECISION_NOTE_MAX}
            aria-describedby={fieldErrors.note ? `${prefix}-note-error` : undefined}
            className="text-input min-h-24 resize-y"
          />
          <FieldError id={`${prefix}-note-error`} message={fieldErrors.note} />
        </div>
        <button
          type="submit"
          aria-label={`${t("Hide listing")} ${name}`}
          className="btn-small btn-danger self-start"
        >
          {t("Hide listing")}
        </button>
      </Form>
    </details>
  );
}
