import { data, redirect } from "react-router";
import { AppError } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser, requireVerifiedUser, safeRedirectPath } from "#app/modules/auth/auth.session.server.ts";
import { SAVED_MESSAGES } from "#app/modules/saved/saved.rules.ts";
import {
  removeSavedSearch,
  saveSearch,
  setSearchFrequency,
} from "#app/modules/saved/saved-search.service.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/saved-searches.ts";

/** Nothing to show here: the saved searches are listed on Profile. */
export function loader() {
  return redirect("/profile#saved-searches");
}

/**
 * "Save this search" (`intent=save`, the page's query string), and Profile's frequency and delete. Plain forms:
 * each answers with a redirect and a toast, so they work before JavaScript loads. A visitor is sent to sign
 * in and back to the page.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = safeRedirectPath(form.get("redirectTo"), "/profile");
  // Alerts e-mail the user: saving a search takes a verified address (a visitor signs in, an unverified
  // user verifies), each brought back to the list they were on.
  const backUrl = new URL(back, url);
  const user =
    intent === "save" ? await requireVerifiedUser(context, backUrl) : await requireUser(context, backUrl);
  const { db } = context.get(servicesContext);
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "save") {
      await saveSearch(db, user.id, String(form.get("query") ?? ""));
      return redirectWithToast(context, back, "success", SAVED_MESSAGES.searchSaved);
    }
    if (intent === "frequency") {
      const frequency = String(form.get("frequency") ?? "");
      await setSearchFrequency(db, user.id, id, frequency);
      return redirectWithToast(context, "/profile#saved-searches", "success", frequencyMessage(frequency));
    }
    if (intent === "delete") {
      await removeSavedSearch(db, user.id, id);
      return redirectWithToast(context, "/profile#saved-searches", "success", SAVED_MESSAGES.searchDeleted);
    }
  } catch (error) {
    if (error instanceof AppError) {
      return redirectWithToast(context, back, "error", error.message);
    }
    throw error;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

function frequencyMessage(frequency: string) {
  return frequency === "off" ? "Alerts turned off" : `Alerts: ${frequency}`;
}
