import { data, Form, Link } from "react-router";
import { ArrowRightIcon, HomeIcon } from "~/components/icons";
import { PersonalDetails } from "~/components/profile/personal-details";
import { requireUser } from "~/modules/auth/auth.session.server";
import { changeOwnName } from "~/modules/user/user.service.server";
import { services } from "~/services.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "My Profile · Homestead" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { user };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "update-name") {
    const result = await changeOwnName(services().db, user, { name: formData.get("name") });
    if (!result.ok) return data({ intent, error: result.error }, { status: 400 });
    return { intent, error: null };
  }
  return data({ intent, error: "Unknown action" }, { status: 400 });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <main className="page max-w-2xl">
      <header className="mb-6 flex items-center justify-between">
        <h1 className="page-heading mb-0">My Profile</h1>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="rounded-full bg-brand-600 px-4 py-2 text-sm font-bold text-white hover:bg-brand-700"
          >
            Logout
          </button>
        </Form>
      </header>
      <PersonalDetails user={user} />
      <Link
        to="/create-listing"
        className="card mt-6 flex items-center justify-between gap-3 font-semibold hover:bg-brand-50"
      >
        <HomeIcon />
        <span className="grow">Sell or rent your home</span>
        <ArrowRightIcon />
      </Link>
      <section aria-labelledby="your-listings" className="mt-8">
        <h2 id="your-listings" className="mb-4 text-xl font-bold">
          Your Listings
        </h2>
        <p className="text-muted">You have no listings yet.</p>
      </section>
    </main>
  );
}
