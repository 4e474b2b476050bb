import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { authCookies, callAuthEndpoint, TOO_MANY_ATTEMPTS } from "#app/modules/auth/auth.forward.server.ts";
import { SignInFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, safeRedirectPath } from "#app/modules/auth/auth.session.server.ts";
import { services } from "#app/services.server.ts";
import type { Route } from "./+types/sign-in.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Homestead" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(context)) throw redirect(redirectTo);
  return { googleEnabled: Boolean(services().config.auth.google) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = SignInFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return data({ error: "Bad User Credentials" }, { status: 400 });
  const { email, password, redirectTo } = form.data;
  const response = await callAuthEndpoint(request, "/sign-in/email", { email, password });
  if (response.status === 429) return data({ error: TOO_MANY_ATTEMPTS }, { status: 429 });
  if (!response.ok) return data({ error: "Bad User Credentials" }, { status: 401 });
  return redirect(safeRedirectPath(redirectTo), { headers: authCookies(response) });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <main className="page max-w-md">
      <h1 className="page-heading">Welcome Back!</h1>
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField />
        <PasswordField autoComplete="current-password" />
        <Link to="/forgot-password" className="link self-end">
          Forgot Password
        </Link>
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary">
          Sign In <ArrowRightIcon />
        </button>
      </Form>
      <AuthAlternatives
        googleLabel="Sign in with Google"
        googleEnabled={loaderData.googleEnabled}
        otherScreen="/sign-up"
        otherLabel="Sign Up Instead"
        redirectTo={redirectTo}
      />
    </main>
  );
}
