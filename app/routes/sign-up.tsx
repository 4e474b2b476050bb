import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { MIN_PASSWORD_LENGTH } from "#app/modules/auth/auth.constants.ts";
import { signInOrUp } from "#app/modules/auth/auth.forward.server.ts";
import { SignUpFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, redirectTarget } from "#app/modules/auth/auth.session.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sign-up.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign up · Homestead" }];

const REGISTRATION_FAILED = "Something went wrong with registration";

export async function loader({ context, url }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect(redirectTarget(url));
  return { googleEnabled: Boolean(context.get(servicesContext).config.auth.google) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = SignUpFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return data({ error: REGISTRATION_FAILED }, { status: 400 });
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
  return (
    <main className="page max-w-md">
      <h1 className="page-heading">Welcome!</h1>
      {/* Posts to this page's URL, ?redirectTo= included: the action sends the user back there. */}
      <Form method="post" className="flex flex-col gap-4">
        <div>
          <label htmlFor="name" className="field-label">
            Name
          </label>
          <input id="name" name="name" type="text" required autoComplete="name" className="text-input" />
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
