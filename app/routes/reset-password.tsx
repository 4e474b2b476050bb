import { data, Form, Link } from "react-router";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { MIN_PASSWORD_LENGTH } from "#app/modules/auth/auth.constants.ts";
import { callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { ResetPasswordFormSchema } from "#app/modules/auth/auth.schema.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/reset-password.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Choose a new password"), matches),
];

const LINK_INVALID = msg("This reset link is invalid or has expired. Ask for a new one.");

// The e-mailed link goes through better-auth, which checks the token and lands here with ?token= or ?error=.
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  return { token: url.searchParams.has("error") ? null : token };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = ResetPasswordFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return data({ error: LINK_INVALID }, { status: 400 });
  try {
    const response = await callAuthEndpoint(context.get(servicesContext).auth, request, "/reset-password", {
      token: form.data.token,
      newPassword: form.data.password,
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      const tooShort = body?.code === "PASSWORD_TOO_SHORT";
      return data(
        {
          error: tooShort
            ? context
                .get(servicesContext)
                .i18n.t("Choose a password of at least {count} characters.", { count: MIN_PASSWORD_LENGTH })
            : LINK_INVALID,
        },
        { status: 400 },
      );
    }
    return redirectWithToast(
      context,
      "/sign-in",
      "success",
      msg("Your password was changed. Sign in with the new one."),
    );
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="form-page">
      <h1 className="page-heading">{t("Choose a new password")}</h1>
      {loaderData.token ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField
            label={t("New password")}
            autoComplete="new-password"
            hint={t("At least {count} characters.", { count: MIN_PASSWORD_LENGTH })}
          />
          <FormMessage data={actionData} />
          <button type="submit" className="btn-primary">
            {t("Set New Password")} <ArrowRightIcon />
          </button>
        </Form>
      ) : (
        <p role="alert" className="mb-4">
          {t(LINK_INVALID)}{" "}
          <Link to="/forgot-password" className="link">
            {t("Forgot Password")}
          </Link>
        </p>
      )}
    </main>
  );
}
