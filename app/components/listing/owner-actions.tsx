import { Link } from "react-router";
import { EditIcon, TrashIcon } from "#app/components/icons.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { useDeleteListing } from "./use-delete-listing.tsx";

/**
 * The owner's Edit and Delete on their own listing's page, with the profile's rules: Edit opens the form,
 * Delete asks "Are you sure you want to delete?" first and then leads to the profile.
 */
export function OwnerActions({ listing }: { listing: Pick<Listing, "id" | "name"> }) {
  const deletion = useDeleteListing();
  // Deleting asks first, which needs JavaScript: the button waits for it rather than doing nothing.
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">This is your listing.</p>
      <div className="grid grid-cols-2 gap-2">
        <Link to={`/edit-listing/${listing.id}`} className="btn-secondary btn-small">
          <EditIcon className="size-4" /> Edit
        </Link>
        <button
          type="button"
          disabled={!hydrated || deletion.deleting}
          onClick={() => deletion.ask(listing.id, listing.name)}
          className="btn-secondary btn-small text-danger disabled:opacity-60"
        >
          <TrashIcon className="size-4" /> Delete
        </button>
      </div>
      {deletion.dialog}
    </div>
  );
}
