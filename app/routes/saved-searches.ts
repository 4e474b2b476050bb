import { data, redirect } from "react-router";
import type { AlertFrequency } from "#app/db/schema.ts";
import { AppError } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser, requireVerifiedUser, safeRedirectPath } from "#app/modules/auth/auth.session.server.ts";
import { MANAGE_SAVED_SEARCHES, SAVED_MESSAGES } from "#app/modules/saved/saved.rules.ts";
import { FREQUENCIES } from "#app/modules/saved/saved-search.repo.server.ts";
import {
  removeSavedSearch,
  saveSearch,
  setSearchFrequency,
} from "#app/modules/saved/saved-search.service.server.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/saved-searches.ts";

/**
 * Nothing to show here: the saved searches are listed on Profile. One exception: a visitor who pressed Save
 * this search signs in and comes back here (`?intent=save`, the same fields as the form) to have it saved.
 * Only a navigation from this site saves; a link from elsewhere leads back to the list, unsaved.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  if (url.searchParams.get("intent") !== "save") return redirect(MANAGE_SAVED_SEARCHES);
  const back = safeRedirectPath(url.searchParams.get("redirectTo"), "/search");
  if (!isSameSiteNavigation(request)) return redirect(back);
  // An unverified user verifies first, then comes back to this very address.
  const user = await requireVerifiedUser(context, url);
  return saveAndReturn(context, user.id, url.searchParams, back);
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
  // Alerts e-mail the user: saving a search takes a verified address. A visitor signs in (an unverified user
  // verifies) and comes back through the loader above, which saves it and returns to the list.
  if (intent === "save") {
    const user = await requireVerifiedUser(context, new URL(pendingSavePath(form, back), url));
    return saveAndReturn(context, user.id, form, back);
  }
  const user = await requireUser(context, new URL(back, url));
  const { db } = context.get(servicesContext);
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "frequency") {
      const frequency = String(form.get("frequency") ?? "");
      await setSearchFrequency(db, user.id, id, frequency);
      return redirectWithToast(context, MANAGE_SAVED_SEARCHES, "success", frequencyMessage(frequency));
    }
    if (intent === "delete") {
      await removeSavedSearch(db, user.id, id);
      return redirectWithToast(context, MANAGE_SAVED_SEARCHES, "success", SAVED_MESSAGES.searchDeleted);
    }
  } catch (error) {
    if (error instanceof AppError) {
      return redirectWithToast(context, back, "error", error.message);
    }
    throw error;
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

/** Saves the search of `fields` (query, frequency) and goes back to its list, which then says it is saved. */
async function saveAndReturn(
  context: Route.ActionArgs["context"],
  userId: string,
  fields: URLSearchParams | FormData,
  back: string,
) {
  const { db } = context.get(servicesContext);
  // The form offers instant, daily and weekly; anything else is the first of them.
  const asked = String(fields.get("frequency"));
  const frequency = FREQUENCIES.includes(asked as AlertFrequency) ? (asked as AlertFrequency) : "instant";
  try {
    await saveSearch(db, userId, String(fields.get("query") ?? ""), Date.now(), frequency);
  } catch (error) {
    if (error instanceof AppError) return redirectWithToast(context, back, "error", error.message);
    throw error;
  }
  return redirectWithToast(context, back, "success", SAVED_MESSAGES.searchSaved);
}

/** This route's own address that saves the search of `form` once the visitor is signed in. */
function pendingSavePath(form: FormData, back: string) {
  const pending = new URLSearchParams({
    intent: "save",
    query: String(form.get("query") ?? ""),
    frequency: String(form.get("frequency") ?? "instant"),
    redirectTo: back,
  });
  return `/saved-searches?${pending}`;
}

/**
 * Whether a GET was started on this site (a redirect after signing in, or a link here), as browsers report
 * in Sec-Fetch-Site; one without the header (an old browser) counts as not, so nothing is saved by a link
 * from elsewhere.
 */
function isSameSiteNavigation(request: Request) {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

function frequencyMessage(frequency: string) {
  return frequency === "off" ? "Alerts turned off" : `Alerts: ${frequency}`;
}
