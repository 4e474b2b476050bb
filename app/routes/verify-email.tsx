import { data, Form, Link, useNavigation } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse, retryAfterHeaders, TooManyRequestsError } from "#app/http/errors.ts";
import { callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { pendingSignUpEmail } from "#app/modules/auth/auth.pending-sign-up.server.ts";
import {
  getUser,
  redirectTarget,
  requireUser,
  VERIFY_EMAIL_PATH,
} from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { remainingHits } from "#app/modules/limits/limits.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/verify-email.ts";

// "Verify your e-mail": where publishing, contacting, alerts and reports send a user whose address is not
// verified yet, with Resend. Sign-up lands here too, as "Check your inbox" (nobody is signed in yet). The link
// in the e-mail comes back here (better-auth's callbackURL), which sends a verified user on to `?redirectTo=`.

/** Retry-After after a refusal, and never a shared page (it names an address). */
export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  pageTitle(
    i18nOf(matches).t(loaderData?.signedIn === false ? "Check your inbox" : "Verify your e-mail"),
    matches,
  ),
];

export const VERIFIED = msg("Your e-mail is verified");
const SEND_FAILED = msg("Could not send the e-mail, please try again in a moment");

/**
 * Whose address this page is about: the signed-in user's, or (after sign-up, before the link is opened) the
 * address this browser signed up with. Anyone else is sent to sign in.
 */
async function pendingAddress({ context, request, url }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await getUser(context);
  if (user?.emailVerified) throw redirectWithToast(context, redirectTarget(url), "success", VERIFIED);
  if (user) return { email: user.email, signedIn: true };
  const email = await pendingSignUpEmail(context.get(servicesContext).pendingSignUpCookie, request);
  if (email) return { email, signedIn: false };
  return { email: (await requireUser(context, url)).email, signedIn: true };
}

export async function loader(args: Route.LoaderArgs) {
  // Names an address from a cookie or a session: never a page the cache may share.
  return data(await pendingAddress(args), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action(args: Route.ActionArgs) {
  const { request, url } = args;
  const { email } = await pendingAddress(args);
  const { auth, db, limits } = args.context.get(servicesContext);
  try {
    // The recipient limit also drops mails silently where the page must not tell (reset); here the address is
    // the user's own, so they are told.
    if ((await remainingHits(db, limits.authEmails, email.toLowerCase())) === 0) {
      throw new TooManyRequestsError(limits.authEmails.message, 60 * 60);
    }
    const callbackURL = `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ redirectTo: redirectTarget(url) })}`;
    // Without a session better-auth answers the same for every address (the owner of a verified account is
    // e-mailed the sign-in links instead: auth.server.ts).
    const response = await callAuthEndpoint(auth, request, "/send-verification-email", {
      email,
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
      <h1 className="page-heading">
        {loaderData.signedIn ? t("Verify your e-mail") : t("Check your inbox")}
      </h1>
      <div className="flex flex-col gap-4">
        <p>
          {before}
          <strong>{loaderData.email}</strong>
          {after}
        </p>
        <p className="text-muted">
          {loaderData.signedIn
            ? t(
                "Until then you can browse and save listings; publishing a listing and contacting owners wait for it.",
              )
            : t("Opening it signs you in. Nothing arrived? Check your spam folder, or send it again.")}
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
