import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { readForm } from "#app/http/request-body.server.ts";
import { signInOrUp } from "#app/modules/auth/auth.forward.server.ts";
import { SignInFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, redirectTarget } from "#app/modules/auth/auth.session.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sign-in.ts";

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle("Sign in", matches)];

export async function loader({ context, url }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect(redirectTarget(url));
  return { googleEnabled: Boolean(context.get(servicesContext).config.auth.google) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = SignInFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return data({ error: "Bad User Credentials" }, { status: 400 });
  return signInOrUp({
    auth: context.get(servicesContext).auth,
    request,
    url,
    path: "/sign-in/email",
    body: form.data,
    refused: { error: "Bad User Credentials", status: 401 },
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  return (
    <main className="form-page">
      <h1 className="page-heading">Welcome Back!</h1>
      {/* Posts to this page's URL, ?redirectTo= included: the action sends the user back there. */}
      <Form method="post" className="flex flex-col gap-4">
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
        redirectTo={searchParams.get("redirectTo")}
      />
    </main>
  );
}
