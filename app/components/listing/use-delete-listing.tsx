import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { notify } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/**
 * Deleting one of the user's listings, wherever it is offered (Your Listings, the listing's own page): `ask`
 * opens the confirmation; confirming posts intent "delete-listing" to the profile's action, which checks the
 * owner again on the server and answers with the profile and "Successfully deleted listings".
 */
export function useDeleteListing() {
  const fetcher = useFetcher<{ error: string | null }>({ key: "delete-listing" });
  const [pending, setPending] = useState<{ id: string; name: string } | null>(null);
  const { t, translate } = useI18n();

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.error) notify("error", translate(fetcher.data.error));
  }, [fetcher.state, fetcher.data, translate]);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      // SPEC.md section 2, word for word.
      title={t("Are you sure you want to delete?")}
      detail={pending?.name}
      confirmLabel={t("Delete")}
      onConfirm={() => {
        if (!pending) return;
        fetcher.submit(
          { intent: "delete-listing", listingId: pending.id },
          { method: "post", action: "/profile" },
        );
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  return {
    ask: (id: string, name: string) => setPending({ id, name }),
    /** The confirmation; render it once. */
    dialog,
    /** Whether a delete is on its way (the button that started it may be gone when it ends). */
    deleting: fetcher.state !== "idle",
  };
}
