import { useI18n } from "#app/components/use-i18n.ts";
import type { BookableTime, ViewingTime } from "#app/modules/viewing/viewing.rules.ts";
import { BookViewing, type OwnBooking } from "./book-viewing.tsx";
import { ViewingTimesEditor } from "./viewing-times-editor.tsx";

export type ListingViewingsData = {
  timeZone: string;
  /** The lister's spans (for the editor); empty for everyone else. */
  times: ViewingTime[];
  bookable: BookableTime[];
  ownBookings: OwnBooking[];
  reschedule: string | null;
};

type Props = { viewings: ListingViewingsData; isOwner: boolean; listed: boolean; signedIn: boolean };

/** The listing page's "Viewing times": the lister's editor, or "Book a viewing" for everyone else. */
export function ListingViewings({ viewings, isOwner, listed, signedIn }: Props) {
  const { t } = useI18n();
  if (!isOwner && (!listed || (viewings.bookable.length === 0 && viewings.ownBookings.length === 0)))
    return null;
  return (
    <section id="viewings" aria-labelledby="viewings-heading" className="scroll-mt-24">
      <h2 id="viewings-heading" className="section-heading mb-3">
        {isOwner ? t("Viewing times") : t("Book a viewing")}
      </h2>
      {isOwner ? (
        <ViewingTimesEditor timeZone={viewings.timeZone} times={viewings.times} listed={listed} />
      ) : (
        <BookViewing
          timeZone={viewings.timeZone}
          times={viewings.bookable}
          bookings={viewings.ownBookings}
          reschedule={viewings.reschedule}
          signedIn={signedIn}
        />
      )}
    </section>
  );
}
