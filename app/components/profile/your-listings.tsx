import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { notify } from "#app/components/toaster.tsx";
import type { ListingSummary } from "#app/modules/listing/listing.model.ts";

type Props = { listings: ListingSummary[] };

/** SPEC.md section 2, word for word. */
const CONFIRM_DELETE = "Are you sure you want to delete?";

/**
 * The profile's "Your Listings": the user's listings newest first, each with edit (to /edit-listing/{id}) and
 * delete. Delete asks first, in a modal dialog, then posts intent "delete-listing" to the profile action, which
 * checks the owner again on the server.
 */
export function YourListings({ listings }: Props) {
  const navigate = useNavigate();
  const fetcher = useFetcher<{ error: string | null }>({ key: "delete-listing" });
  const [pending, setPending] = useState<{ id: string; name: string } | null>(null);
  const deleting = fetcher.state !== "idle";
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  // The deleted card's button had the focus; once it is gone the focus would fall to <body> and Tab would
  // jump to the bottom bar. The section's heading keeps the user in place.
  useEffect(() => {
    if (fetcher.state !== "idle" || !deleted.current) return;
    deleted.current = false;
    heading.current?.focus();
  }, [fetcher.state]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) notify("error", fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  function confirmDelete() {
    if (!pending) return;
    fetcher.submit({ intent: "delete-listing", listingId: pending.id }, { method: "post" });
    deleted.current = true;
    setPending(null);
  }

  return (
    <section aria-labelledby="your-listings" className="mt-8">
      <h2 id="your-listings" ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold">
        Your Listings
      </h2>
      {listings.length === 0 ? (
        <p className="text-muted">You have no listings yet.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-busy={deleting}>
          {listings.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              headingLevel={3}
              onEdit={(id) => navigate(`/edit-listing/${id}`)}
              onDelete={(id, name) => setPending({ id, name })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={CONFIRM_DELETE}
        detail={pending?.name}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

type DialogProps = {
  open: boolean;
  title: string;
  detail?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation: showModal() moves focus to its first button (Cancel, the safe choice), Escape cancels,
 * and focus returns to the opener on close.
 */
function ConfirmDialog({ open, title, detail, confirmLabel, onConfirm, onCancel }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="confirm-title"
      onClose={onCancel}
      className="m-auto w-[min(24rem,90vw)] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="confirm-title" className="text-lg font-bold">
        {title}
      </h2>
      {detail ? <p className="mt-2 text-muted">{detail}</p> : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
