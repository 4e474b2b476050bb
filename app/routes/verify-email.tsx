import { data, Form, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse, TooManyRequestsError } from "#app/http/errors.ts";
import { callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { redirectTarget, requireUser, VERIFY_EMAIL_PATH } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { remainingHits } from "#app/modules/limits/limits.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/verify-email.ts";

// "Verify your e-mail": where publishing (and, later, contacting and alerts) sends a user whose address is not
// verified yet, with Resend. The link in the e-mail comes back here (better-auth's callbackURL), which sends
// a verified user on to `?redirectTo=`.

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Verify your e-mail"), matches),
];

export const VERIFIED = msg("Your e-mail is verified");
const SEND_FAILED = msg("Could not send the e-mail, please try again in a moment");

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  if (user.emailVerified) throw redirectWithToast(context, redirectTarget(url), "success", VERIFIED);
  return { email: user.email };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  if (user.emailVerified) throw redirectWithToast(context, redirectTarget(url), "success", VERIFIED);
  const { auth, db, limits } = context.get(servicesContext);
  try {
    // The recipient limit also drops mails silently where the page must not tell (reset); here the address is
    // the user's own, so they are told.
    if ((await remainingHits(db, limits.authEmails, user.email.toLowerCase())) === 0) {
      throw new TooManyRequestsError(limits.authEmails.message, 60 * 60);
    }
    const callbackURL = `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ redirectTo: redirectTarget(url) })}`;
    const response = await callAuthEndpoint(auth, request, "/send-verification-email", {
      email: user.email,
      callbackURL,
    });
    if (!response.ok) return data({ error: SEND_FAILED, sent: false }, { status: 502 });
    return { error: null, sent: true };
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const sent = actionData && "sent" in actionData && actionData.sent;
  const { t } = useI18n();
  const [before, after] = t("We sent a link to {email}. Open it to verify your address.").split("{email}");
  return (
    <main className="form-page">
      <h1 className="page-heading">{t("Verify your e-mail")}</h1>
      <div className="flex flex-col gap-4">
        <p>
          {before}
          <strong>{loaderData.email}</strong>
          {after}
        </p>
        <p className="text-muted">
          {t(
            "Until then you can browse and save listings; publishing a listing and contacting owners wait for it.",
          )}
        </p>
        {sent ? (
          <p role="status" className="alert-success">
            {t("We sent you a new link. It may take a minute to arrive.")}
          </p>
        ) : null}
        <Form method="post" className="flex flex-col gap-4">
          <FormMessage data={actionData} />
          <button type="submit" className="btn-primary" disabled={sending}>
            {t("Resend")}
          </button>
        </Form>
        <Link to="/" className="link self-start">
          {t("Back to Explore")}
        </Link>
      </div>
    </main>
  );
}
