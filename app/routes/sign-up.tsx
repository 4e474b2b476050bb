import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { MIN_PASSWORD_LENGTH } from "#app/modules/auth/auth.constants.ts";
import { callAuthEndpoint } from "#app/modules/auth/auth.forward.server.ts";
import { SignUpFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, redirectTarget, VERIFY_EMAIL_PATH } from "#app/modules/auth/auth.session.server.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { USER_NAME_MAX_LENGTH } from "#app/modules/user/user.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sign-up.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(i18nOf(matches).t("Sign up"), matches)];

const REGISTRATION_FAILED = msg("Something went wrong with registration");

export async function loader({ context, url }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect(redirectTarget(url));
  return { googleEnabled: Boolean(context.get(servicesContext).config.auth.google) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = SignUpFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) {
    // A name the profile would refuse too (over 60 characters) is said under the field, not as a failure.
    const name = form.error.issues.find((issue) => issue.path[0] === "name");
    if (name) return data({ error: null, fieldErrors: { name: name.message } }, { status: 400 });
    return data({ error: REGISTRATION_FAILED }, { status: 400 });
  }
  const { auth, pendingSignUpCookie } = context.get(servicesContext);
  // The verification link comes back to "Verify your e-mail", which sends the user on to where they were going.
  const target = `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ redirectTo: redirectTarget(url) })}`;
  try {
    const response = await callAuthEndpoint(auth, request, "/sign-up/email", {
      ...form.data,
      callbackURL: target,
    });
    if (!response.ok) return data({ error: REGISTRATION_FAILED }, { status: 400 });
    // A new address and one that has an account get the same answer: "Check your inbox" (the owner of an
    // existing account is e-mailed instead). Nobody is signed in until the link is opened.
    return redirect(target, {
      headers: { "Set-Cookie": await pendingSignUpCookie.serialize(form.data.email) },
    });
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const nameError = actionData && "fieldErrors" in actionData ? actionData.fieldErrors.name : undefined;
  const { t } = useI18n();
  return (
    <main className="form-page">
      <h1 className="page-heading">{t("Welcome!")}</h1>
      {/* Posts to this page's URL, ?redirectTo= included: the action sends the user back there. */}
      <Form method="post" className="flex flex-col gap-4">
        <div>
          <label htmlFor="name" className="field-label">
            {t("Name")}
          </label>
          <input
            id="name"
            name="name"
            type="text"
            required
            autoComplete="name"
            maxLength={USER_NAME_MAX_LENGTH}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "name-error" : "name-hint"}
            className="text-input"
          />
          {nameError ? (
            <FieldError id="name-error" message={nameError} />
          ) : (
            <p id="name-hint" className="field-hint">
              {t("Up to {count} characters.", { count: USER_NAME_MAX_LENGTH })}
            </p>
          )}
        </div>
        <EmailField />
        <PasswordField
          autoComplete="new-password"
          hint={t("At least {count} characters.", { count: MIN_PASSWORD_LENGTH })}
        />
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary">
          {t("Sign Up")} <ArrowRightIcon />
        </button>
      </Form>
      <AuthAlternatives
        googleLabel={t("Sign up with Google")}
        googleEnabled={loaderData.googleEnabled}
        otherScreen="/sign-in"
        otherLabel={t("Sign In Instead")}
        redirectTo={searchParams.get("redirectTo")}
      />
    </main>
  );
}
