import { data, redirect } from "react-router";
import { refusalResponse } from "#app/http/errors.ts";
import { demoSignInAvailable, signInAsDemoLister } from "#app/modules/auth/auth.demo.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/demo-sign-in.ts";

// POST /demo-sign-in: "Sign in as the demo lister" on the Sign in page, on the machine that runs the demo only
// (app/modules/auth/auth.demo.server.ts says when). Anywhere else it does not exist.

export function loader() {
  throw data("Not Found", { status: 404 });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { auth, db, config } = context.get(servicesContext);
  if (!demoSignInAvailable(config, request)) throw data("Not Found", { status: 404 });
  try {
    const cookies = await signInAsDemoLister(auth, db, request);
    if (!cookies) throw data("Not Found", { status: 404 });
    return redirect("/profile", { headers: cookies });
  } catch (error) {
    return refusalResponse(error);
  }
}
