import { PublishAsField } from "#app/components/agency/publish-as-field.tsx";
import { ListingEditor } from "#app/components/listing-editor/listing-editor.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { findPublishOptions } from "#app/modules/agency/agency.listing.server.ts";
import { requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import {
  LISTING_MESSAGES,
  listingFormDefaults,
  listingFormInput,
} from "#app/modules/listing/listing.schema.ts";
import { createListing } from "#app/modules/listing/listing.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/create-listing.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Create a Listing"), matches),
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireVerifiedUser(context, url);
  const { config, db } = context.get(servicesContext);
  return {
    photosMax: config.listingPhotosMax,
    map: config.map,
    areaUnit: config.areaUnit,
    rules: config.listingRules,
    publishOptions: await findPublishOptions(db, user.id),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireVerifiedUser(context, url);
  const form = await readForm(request);
  const input = listingFormInput(form);
  const publishAs = { publishAs: form.get("publishAs"), listingAgent: form.get("listingAgent") };
  try {
    const saved = await createListing(context.get(servicesContext), user, input, Date.now(), publishAs);
    return redirectWithToast(context, listingPath(saved), "success", LISTING_MESSAGES.saved);
  } catch (error) {
    return refusalResponse(error);
  }
}

const NEW_LISTING = listingFormDefaults();

export default function CreateListing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Create a Listing")}</h1>
      <ListingEditor
        defaults={NEW_LISTING}
        submitLabel="Create Listing"
        photosMax={loaderData.photosMax}
        actionData={actionData}
        map={loaderData.map}
        areaUnit={loaderData.areaUnit}
        rules={loaderData.rules}
        publishAs={
          <PublishAsField
            options={loaderData.publishOptions}
            errors={actionData?.fieldErrors as { listingAgent?: string } | undefined}
          />
        }
      />
    </main>
  );
}
