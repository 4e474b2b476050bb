import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "~/components/auth/auth-alternatives";
import { EmailField } from "~/components/auth/email-field";
import { PasswordField } from "~/components/auth/password-field";
import { FormMessage } from "~/components/form-message";
import { ArrowRightIcon } from "~/components/icons";
import { readForm } from "~/http/request-body.server";
import { authCookies, callAuthEndpoint, TOO_MANY_ATTEMPTS } from "~/modules/auth/auth.forward.server";
import { MIN_PASSWORD_LENGTH, SignUpFormSchema } from "~/modules/auth/auth.schema";
import { getUser, safeRedirectPath } from "~/modules/auth/auth.session.server";
import { services } from "~/services.server";
import type { Route } from "./+types/sign-up";

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
