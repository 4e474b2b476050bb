import { useState } from "react";
import { useI18n } from "#app/components/use-i18n.ts";
import { ViewingTimesEditor } from "#app/components/viewing/viewing-times-editor.tsx";
import type { ViewingTime } from "#app/modules/viewing/viewing.rules.ts";

type AgencyViewingListing = {
  id: string;
  name: string;
  path: string;
  /** Whether the viewer may change its times: its listing agent, and the agency's owners and admins. */
  editable: boolean;
  timeZone: string;
  times: ViewingTime[];
};

/** The element id of a listing's viewing times in the workspace (the redirect after a change comes back to it). */
export function agencyViewingsAnchor(listingId: string) {
  return `viewings-${listingId}`;
}

/**
 * The workspace's "Viewing times": each of the agency's listed homes, folded, with the listing page's own
 * editor (the forms post to the workspace, naming the listing); `open` is the home just changed.
 */
export function AgencyViewingTimes({
  listings,
  action,
  open,
}: {
  listings: AgencyViewingListing[];
  action: string;
  open: string | null;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="agency-viewings" id="viewings" className="scroll-mt-24">
      <h2 id="agency-viewings" className="section-heading mb-2">
        {t("Viewing times")}
      </h2>
      {listings.length === 0 ? (
        <p className="text-muted">{t("No listed homes take viewings.")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {listings.map((listing) => (
            <li key={listing.id}>
              <AgencyViewingHome listing={listing} action={action} initiallyOpen={open === listing.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One home, folded. An agency may list hundreds of homes, so a home's editor is drawn only once it is opened:
 * in the browser when its summary is pressed, or, before the page runs, by the link that reloads the
 * workspace with it open.
 */
function AgencyViewingHome({
  listing,
  action,
  initiallyOpen,
}: {
  listing: AgencyViewingListing;
  action: string;
  initiallyOpen: boolean;
}) {
  const { t, tn } = useI18n();
  const [opened, setOpened] = useState(initiallyOpen);
  const anchor = agencyViewingsAnchor(listing.id);
  const query = new URLSearchParams(action.split("?")[1] ?? "");
  query.set("viewings", listing.id);
  return (
    <details
      id={anchor}
      open={initiallyOpen}
      onToggle={(event) => setOpened(event.currentTarget.open)}
      aria-labelledby={`${anchor}-name`}
      className="card scroll-mt-24 p-4"
    >
      <summary className="cursor-pointer">
        <span id={`${anchor}-name`} className="font-semibold">
          {listing.name}
        </span>{" "}
        <span className="text-sm text-muted">
          · {tn(listing.times.length, "{count} upcoming viewing time", "{count} upcoming viewing times")}
        </span>
      </summary>
      <div className="mt-4">
        {opened ? (
          <ViewingTimesEditor
            timeZone={listing.timeZone}
            times={listing.times}
            listed
            action={action}
            listingId={listing.id}
            readOnly={!listing.editable}
          />
        ) : (
          <a href={`/agency?${query}#${anchor}`} className="link">
            {listing.editable ? t("Change viewing times") : t("Show viewing times")}
          </a>
        )}
      </div>
    </details>
  );
}
