import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { MIN_PASSWORD_LENGTH } from "#app/modules/auth/auth.constants.ts";
import { signInOrUp } from "#app/modules/auth/auth.forward.server.ts";
import { SignUpFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, redirectTarget } from "#app/modules/auth/auth.session.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { USER_NAME_MAX_LENGTH } from "#app/modules/user/user.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sign-up.ts";

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle("Sign up", matches)];

const REGISTRATION_FAILED = "Something went wrong with registration";

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
  return signInOrUp({
    auth: context.get(servicesContext).auth,
    request,
    url,
    path: "/sign-up/email",
    body: form.data,
    refused: { error: REGISTRATION_FAILED, status: 400 },
  });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const nameError = actionData && "fieldErrors" in actionData ? actionData.fieldErrors.name : undefined;
  return (
    <main className="form-page">
      <h1 className="page-heading">Welcome!</h1>
      {/* Posts to this page's URL, ?redirectTo= included: the action sends the user back there. */}
      <Form method="post" className="flex flex-col gap-4">
        <div>
          <label htmlFor="name" className="field-label">
            Name
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
              Up to {USER_NAME_MAX_LENGTH} characters.
            </p>
          )}
        </div>
        <EmailField />
        <PasswordField autoComplete="new-password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary">
          Sign Up <ArrowRightIcon />
        </button>
      </Form>
      <AuthAlternatives
        googleLabel="Sign up with Google"
        googleEnabled={loaderData.googleEnabled}
        otherScreen="/sign-in"
        otherLabel="Sign In Instead"
        redirectTo={searchParams.get("redirectTo")}
      />
    </main>
  );
}
