import { Form } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { nextStatus, statusButtonLabel } from "#app/modules/listing/listing.status.ts";

/**
 * The owner's status button: "Mark as let" (rent) or "Mark as sold" (sale) while available, "Mark
 * as available" once taken, and "Renew" for a listing hidden as expired. A plain form: it works before the
 * page's JavaScript has loaded. `action` is the route whose action takes intents set-status and renew.
 */
export function StatusActions({
  listing,
  action,
  className = "",
}: {
  listing: Pick<Listing, "id" | "name" | "type" | "status" | "expired">;
  action?: string;
  className?: string;
}) {
  const status = nextStatus(listing);
  const i18n = useI18n();
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Form method="post" action={action} className="contents">
        <input type="hidden" name="intent" value="set-status" />
        <input type="hidden" name="listingId" value={listing.id} />
        <input type="hidden" name="status" value={status} />
        <button type="submit" className="btn-secondary btn-small grow">
          {statusButtonLabel(status, i18n)}
          <span className="sr-only">: {listing.name}</span>
        </button>
      </Form>
      {listing.expired && listing.status === "available" ? (
        <Form method="post" action={action} className="contents">
          <input type="hidden" name="intent" value="renew" />
          <input type="hidden" name="listingId" value={listing.id} />
          <button type="submit" className="btn-primary btn-small grow">
            {i18n.t("Renew")}
            <span className="sr-only">: {listing.name}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}
