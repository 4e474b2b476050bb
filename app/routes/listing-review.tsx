import { data, Form, Link } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import { findDecision } from "#app/modules/moderation/moderation.repo.server.ts";
import {
  DECISION_NOTE_MAX,
  hideReasonLabel,
  MODERATION_MESSAGES,
  moderationTime,
  reviewPath,
} from "#app/modules/moderation/moderation.rules.ts";
import { requestReview } from "#app/modules/moderation/moderation.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/listing-review.ts";

// A hidden listing's decision, for its owner: the reason and the moderator's words, and "Ask for a review",
// which reaches /admin once per decision. The owner's e-mail links here; anyone else gets the not-found page.

const REVIEW_REQUESTED = msg("Review requested: our moderators will look at your listing again");

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Ask for a review"), matches),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const decision = await findDecision(db, params.decisionId);
  if (!decision || decision.listing.ownerId !== user.id) {
    throw data(MODERATION_MESSAGES.decisionGone, { status: 404 });
  }
  return {
    decision: {
      reason: decision.reason,
      note: decision.note,
      createdAt: decision.createdAt,
      reviewRequestedAt: decision.reviewRequestedAt,
      reviewMessage: decision.reviewMessage,
      current: decision.current,
      listing: { name: decision.listing.name, path: listingPath(decision.listing) },
    },
  };
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const form = await readForm(request);
  try {
    await requestReview(db, user, params.decisionId, { message: form.get("message") ?? undefined });
  } catch (error) {
    return refusalResponse(error);
  }
  return redirectWithToast(context, reviewPath(params.decisionId), "success", REVIEW_REQUESTED);
}

export default function ListingReview({ loaderData, actionData }: Route.ComponentProps) {
  const { decision } = loaderData;
  const { t, translate } = useI18n();
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Ask for a review")}</h1>
      <p className="mb-4 text-muted">
        {t("About")}{" "}
        <Link to={decision.listing.path} className="link">
          {decision.listing.name}
        </Link>
      </p>
      <section aria-labelledby="decision-heading" className="card mb-6 flex flex-col gap-2 p-5">
        <h2 id="decision-heading" className="text-lg font-bold">
          {t("Hidden by our moderators on {date}", { date: moderationTime(decision.createdAt) })}
        </h2>
        <p className="font-semibold">
          {t("Reason: {reason}", { reason: translate(hideReasonLabel(decision.reason)) })}
        </p>
        <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{decision.note}</blockquote>
      </section>
      {decision.reviewRequestedAt !== null ? (
        <p role="status" className="card border-ink bg-surface-2 p-4">
          {t("You asked for a review on {date}. Our moderators will look at your listing again.", {
            date: moderationTime(decision.reviewRequestedAt),
          })}
        </p>
      ) : !decision.current ? (
        <p role="status" className="card border-ink bg-surface-2 p-4">
          {translate(MODERATION_MESSAGES.decisionNotCurrent)}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-5">
          <div>
            <label htmlFor="review-message" className="field-label">
              {t("What has changed? (optional)")}
            </label>
            <textarea
              id="review-message"
              name="message"
              rows={5}
              maxLength={DECISION_NOTE_MAX}
              aria-describedby={errorId("review-message", fieldErrors.message)}
              className="text-input min-h-32 resize-y"
            />
            <FieldError id="review-message-error" message={fieldErrors.message} />
          </div>
          <p className="text-sm text-muted">{t("You can ask once for each decision.")}</p>
          <FormMessage data={actionData} />
          <button type="submit" className="btn-primary self-start">
            {t("Ask for a review")}
          </button>
        </Form>
      )}
    </main>
  );
}
