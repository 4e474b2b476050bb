import { data, Form, Link } from "react-router";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { ForgotPasswordFormSchema } from "#app/modules/auth/auth.schema.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/forgot-password.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Forgot password"), matches),
];

const SEND_FAILED = msg("Could not send reset email");

export async function action({ context, request }: Route.ActionArgs) {
  const form = ForgotPasswordFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return data({ error: SEND_FAILED }, { status: 400 });
  try {
    // better-auth answers the same whether or not the address has an account.
    const response = await callAuthEndpoint(
      context.get(servicesContext).auth,
      request,
      "/request-password-reset",
      {
        email: form.data.email,
        redirectTo: "/reset-password",
      },
    );
    // A 4xx is better-auth refusing the request itself (an address that is not one); only its own failure is a 502.
    if (!response.ok) return data({ error: SEND_FAILED }, { status: response.status >= 500 ? 502 : 400 });
    return redirectWithToast(context, "/sign-in", "success", msg("Email was sent"));
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="form-page">
      <h1 className="page-heading">{t("Forgot Password")}</h1>
      <Form method="post" className="flex flex-col gap-4">
        <EmailField />
        <Link to="/sign-in" className="link self-end">
          {t("Sign In")}
        </Link>
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary">
          {t("Send Reset Link")} <ArrowRightIcon />
        </button>
      </Form>
    </main>
  );
}
