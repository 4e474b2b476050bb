import { Form } from "react-router";
import { AgencyFields } from "#app/components/agency/agency-fields.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { AGENCY_MESSAGES } from "#app/modules/agency/agency.rules.ts";
import { agencyFormInput } from "#app/modules/agency/agency.schema.ts";
import { createAgency } from "#app/modules/agency/agency.service.server.ts";
import { requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/agencies-new.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Create an agency"), matches),
  { name: "robots", content: "noindex" },
];

// An agency publishes under its trader details, so only a verified account may create one, as for listings.
export async function loader({ context, url }: Route.LoaderArgs) {
  await requireVerifiedUser(context, url);
  return null;
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireVerifiedUser(context, url);
  const services = context.get(servicesContext);
  const form = await readForm(request);
  try {
    const agency = await createAgency(services, user, request.headers, agencyFormInput(form));
    const target = `/agency?${new URLSearchParams({ agency: agency.slug })}`;
    return redirectWithToast(context, target, "success", AGENCY_MESSAGES.created);
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function CreateAgency({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Create an agency")}</h1>
      <p className="mb-6 text-muted">
        {t("Publish listings together: invite your agents once the agency exists.")}
      </p>
      <Form method="post" className="flex flex-col gap-8">
        <AgencyFields fieldErrors={actionData?.fieldErrors} />
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary self-start">
          {t("Create agency")} <ArrowRightIcon />
        </button>
      </Form>
    </main>
  );
}
