import { Link } from "react-router";
import { EditIcon, TrashIcon } from "#app/components/icons.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { useI18n } from "#app/components/use-i18n.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { StatusActions } from "./status-actions.tsx";
import { useDeleteListing } from "./use-delete-listing.tsx";

/**
 * The owner's Edit and Delete on their own listing's page, with the profile's rules: Edit opens the form,
 * Delete asks "Are you sure you want to delete?" first and then leads to the profile; and the status button
 * (Mark as let / sold / available, Renew), posted to the listing page's own action.
 */
export function OwnerActions({
  listing,
  viewsThisWeek = null,
}: {
  listing: Pick<Listing, "id" | "name" | "type" | "status" | "expired">;
  /** Its views today and the six days before ("124 views this week"). */
  viewsThisWeek?: number | null;
}) {
  const deletion = useDeleteListing();
  // Deleting asks first, which needs JavaScript: the button waits for it rather than doing nothing.
  const hydrated = useHydrated();
  const { t, tn } = useI18n();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{t("This is your listing.")}</p>
      {viewsThisWeek === null ? null : (
        <p className="text-sm font-semibold">
          {tn(viewsThisWeek, "{count} view this week", "{count} views this week")}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Link to={`/edit-listing/${listing.id}`} className="btn-secondary btn-small">
          <EditIcon className="size-4" /> {t("Edit")}
        </Link>
        <button
          type="button"
          disabled={!hydrated || deletion.deleting}
          onClick={() => deletion.ask(listing.id, listing.name)}
          className="btn-secondary btn-small text-danger disabled:opacity-60"
        >
          <TrashIcon className="size-4" /> {t("Delete")}
        </button>
      </div>
      <StatusActions listing={listing} />
      {deletion.dialog}
    </div>
  );
}
