import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { findInvitation } from "#app/modules/agency/agency.repo.server.ts";
import { AGENCY_MESSAGES, roleLabel } from "#app/modules/agency/agency.rules.ts";
import { acceptInvitation } from "#app/modules/agency/agency.service.server.ts";
import { requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/agency-invitation.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Join an agency"), matches),
  { name: "robots", content: "noindex" },
];

/**
 * An invitation's link. A visitor signs in (or up, and verifies the address) and comes back here; the page
 * says whether the invitation still stands and is for this account, without naming the address it is for.
 */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireVerifiedUser(context, url);
  const { db } = context.get(servicesContext);
  const invitation = await findInvitation(db, params.invitationId);
  const open =
    invitation?.status === "pending" && new Date(invitation.expiresAt).getTime() > Date.now()
      ? invitation
      : null;
  if (!open) return { state: "invalid" as const, agencyName: null, role: null };
  if (open.email.toLowerCase() !== user.email.toLowerCase()) {
    return { state: "not-yours" as const, agencyName: null, role: null };
  }
  return { state: "open" as const, agencyName: open.agencyName, role: open.role ?? "agent" };
}

export async function action({ context, request, url, params }: Route.ActionArgs) {
  await requireVerifiedUser(context, url);
  const services = context.get(servicesContext);
  try {
    const agency = await acceptInvitation(services, request.headers, params.invitationId);
    const target = `/agency?${new URLSearchParams({ agency: agency.slug })}`;
    return redirectWithToast(context, target, "success", AGENCY_MESSAGES.joined);
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function AgencyInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, translate } = useI18n();
  const { state, agencyName, role } = loaderData;
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Join an agency")}</h1>
      {state === "open" && agencyName && role ? (
        <Form method="post" className="flex flex-col gap-5">
          <p>
            {t("You are invited to join {agency} as {role}.", {
              agency: agencyName,
              role: translate(roleLabel(role)),
            })}
          </p>
          <FormMessage data={actionData} />
          <button type="submit" className="btn-primary self-start">
            {t("Accept the invitation")} <ArrowRightIcon />
          </button>
        </Form>
      ) : (
        <>
          <p role="alert" className="alert-error">
            {translate(
              state === "not-yours" ? AGENCY_MESSAGES.invitationNotYours : AGENCY_MESSAGES.invitationInvalid,
            )}
          </p>
          <Link to="/" className="link mt-4">
            {t("Back to Explore")}
          </Link>
        </>
      )}
    </main>
  );
}
