import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { authCookies, callAuthEndpoint, TOO_MANY_ATTEMPTS } from "#app/modules/auth/auth.forward.server.ts";
import { MIN_PASSWORD_LENGTH, SignUpFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, safeRedirectPath } from "#app/modules/auth/auth.session.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/sign-up.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign up · Homestead" }];

const REGISTRATION_FAILED = "Something went wrong with registration";

export async function loader({ context }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect("/");
  return { googleEnabled: Boolean(services().config.auth.google) };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const form = SignUpFormSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return data({ error: REGISTRATION_FAILED }, { status: 400 });
  const response = await callAuthEndpoint(request, "/sign-up/email", form.data);
  if (response.status === 429) return data({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!response.ok) return data({ error: REGISTRATION_FAILED }, { status: 400 });
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return redirect(redirectTo, { headers: authCookies(response) });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  return (
    <main className="page max-w-md">
      <h1 className="page-heading">Welcome!</h1>
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
        redirectTo={redirectTo}
      />
    </main>
  );
}
