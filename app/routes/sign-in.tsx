import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthAlternatives } from "#app/components/auth/auth-alternatives.tsx";
import { EmailField } from "#app/components/auth/email-field.tsx";
import { PasswordField } from "#app/components/auth/password-field.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { isLoopbackUrl } from "#app/config.server.ts";
import { retryAfterHeaders } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { demoSignInAvailable, findDemoListerId } from "#app/modules/auth/auth.demo.server.ts";
import { signInOrUp } from "#app/modules/auth/auth.forward.server.ts";
import { SignInFormSchema } from "#app/modules/auth/auth.schema.ts";
import { getUser, redirectTarget } from "#app/modules/auth/auth.session.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/sign-in.ts";

/** Retry-After after a refusal; and where the demo button may show, no page cache (it is per client). */
export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  const cacheControl = args.loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(i18nOf(matches).t("Sign in"), matches)];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  if (await getUser(context)) throw redirect(redirectTarget(url));
  const { config, db } = context.get(servicesContext);
  const demoLister = isLoopbackUrl(config.publicUrl) && Boolean(await findDemoListerId(db));
  const page = {
    googleEnabled: Boolean(config.auth.google),
    demo: demoLister && demoSignInAvailable(config, request),
  };
  // With a demo lister, whether its button shows depends on the client: not a page every visitor shares.
  return demoLister ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
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
  const { t } = useI18n();
  return (
    <main className="form-page">
      <h1 className="page-heading">{t("Welcome Back!")}</h1>
      {/* Posts to this page's URL, ?redirectTo= included: the action sends the user back there. */}
      <Form method="post" className="flex flex-col gap-4">
        <EmailField />
        <PasswordField autoComplete="current-password" />
        <Link to="/forgot-password" className="link self-end">
          {t("Forgot Password")}
        </Link>
        <FormMessage data={actionData} />
        <button type="submit" className="btn-primary">
          {t("Sign In")} <ArrowRightIcon />
        </button>
      </Form>
      <AuthAlternatives
        googleLabel={t("Sign in with Google")}
        googleEnabled={loaderData.googleEnabled}
        otherScreen="/sign-up"
        otherLabel={t("Sign Up Instead")}
        redirectTo={searchParams.get("redirectTo")}
      />
      {loaderData.demo ? (
        <Form
          method="post"
          action="/demo-sign-in"
          className="mt-8 flex flex-col gap-2 border-t border-line pt-6"
        >
          <p id="demo-hint" className="field-hint">
            {t("On this computer only: see the lister’s side of the demo listings.")}
          </p>
          <button type="submit" className="btn-secondary" aria-describedby="demo-hint">
            {t("Sign in as the demo lister")}
          </button>
        </Form>
      ) : null}
    </main>
  );
}
