import type { RouterContextProvider } from "react-router";
import { PublishAsField } from "#app/components/agency/publish-as-field.tsx";
import { ListingEditor } from "#app/components/listing-editor/listing-editor.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { ForbiddenError, NotFoundError, refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { findPublishOptions } from "#app/modules/agency/agency.listing.server.ts";
import { requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import {
  LISTING_MESSAGES,
  listingFormDefaults,
  listingFormInput,
} from "#app/modules/listing/listing.schema.ts";
import { findEditableListing, updateListing } from "#app/modules/listing/listing.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/edit-listing.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Edit Listing"), matches),
];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = await requireVerifiedUser(context, url);
  try {
    const { db, config } = context.get(servicesContext);
    const listing = await findEditableListing(db, user, params.listingId);
    return {
      listingId: listing.id,
      defaults: listingFormDefaults(listing, config.images.baseUrl, config.areaUnit),
      photosMax: config.listingPhotosMax,
      map: config.map,
      areaUnit: config.areaUnit,
      rules: config.listingRules,
      publishOptions: await findPublishOptions(db, user.id),
      publisher: { agencyId: listing.agencyId, agentId: listing.userRef },
    };
  } catch (error) {
    throw refusal(context, error);
  }
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  const user = await requireVerifiedUser(context, url);
  const form = await readForm(request);
  const input = listingFormInput(form);
  const publishAs = { publishAs: form.get("publishAs"), listingAgent: form.get("listingAgent") };
  try {
    const services = context.get(servicesContext);
    const saved = await updateListing(services, user, params.listingId, input, Date.now(), publishAs);
    return redirectWithToast(context, listingPath(saved), "success", LISTING_MESSAGES.saved);
  } catch (error) {
    return refusal(context, error);
  }
}

/**
 * SPEC.md section 5: a listing that does not exist, or is someone else's, sends the user to Explore with the
 * message as a toast ("Listing does not exist", "You can not edit that listing"); a refused form stays.
 */
function refusal(context: Readonly<RouterContextProvider>, error: unknown) {
  if (error instanceof NotFoundError || error instanceof ForbiddenError) {
    return redirectWithToast(context, "/", "error", error.message);
  }
  return refusalResponse(error);
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Edit Listing")}</h1>
      {/* A fresh form per listing: its state starts from that listing's values. */}
      <ListingEditor
        key={loaderData.listingId}
        defaults={loaderData.defaults}
        submitLabel="Edit Listing"
        photosMax={loaderData.photosMax}
        actionData={actionData}
        map={loaderData.map}
        areaUnit={loaderData.areaUnit}
        rules={loaderData.rules}
        publishAs={
          <PublishAsField
            options={loaderData.publishOptions}
            current={loaderData.publisher}
            errors={actionData?.fieldErrors as { listingAgent?: string } | undefined}
          />
        }
      />
    </main>
  );
}
