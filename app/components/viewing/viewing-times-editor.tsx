import { useId, useState } from "react";
import { Form } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import {
  MAX_CAPACITY,
  SLOT_MINUTES,
  type ViewingTime,
  viewingSpan,
} from "#app/modules/viewing/viewing.rules.ts";

type Props = {
  timeZone: string;
  times: ViewingTime[];
  listed: boolean;
  /** Where the forms post: the listing page's own `#viewings` unless another page (/agency) hosts the editor. */
  action?: string;
  /** The listing the forms are for, when the page that posts is not the listing's own. */
  listingId?: string;
  /** Only the times, for a member who may not change them (the server refuses their forms anyway). */
  readOnly?: boolean;
};

/**
 * The lister's "Viewing times": the spans still to come, each with Remove (its bookings are cancelled and
 * their visitors told), and a form for a new one in the home's time zone: an open house (anyone may come,
 * optionally capped) or bookable slots of N minutes, one visitor each. The listing page and the agency
 * workspace (one per listing) both show it.
 */
export function ViewingTimesEditor({
  timeZone,
  times,
  listed,
  action = "#viewings",
  listingId,
  readOnly = false,
}: Props) {
  const { t, tn, locale } = useI18n();
  const [kind, setKind] = useState<"openHouse" | "slots">("slots");
  // Several editors may share a page (/agency): each field's id is its own.
  const id = useId();
  const listingField = listingId ? <input type="hidden" name="listingId" value={listingId} /> : null;
  return (
    <div className="flex flex-col gap-5">
      {times.length === 0 ? (
        <p className="text-muted">{t("No viewing times yet.")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {times.map((time) => (
            <li key={time.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
              <span>
                <span className="block font-semibold">
                  {viewingSpan(time.startsAt, time.endsAt, timeZone, locale)}
                </span>
                <span className="block text-sm text-muted">
                  {time.kind === "openHouse"
                    ? time.capacity === null
                      ? t("Open house")
                      : t("Open house, up to {count} visitors", { count: time.capacity })
                    : t("{minutes}-minute slots", { minutes: time.slotMinutes ?? 0 })}
                  {" · "}
                  {tn(time.booked, "{count} booking", "{count} bookings")}
                  {time.confirmByHand ? ` · ${t("you confirm each booking")}` : ""}
                </span>
              </span>
              {readOnly ? null : (
                <Form method="post" action={action}>
                  <input type="hidden" name="intent" value="remove-viewing-time" />
                  <input type="hidden" name="openHouseId" value={time.id} />
                  {listingField}
                  <button type="submit" className="btn-secondary btn-small text-danger">
                    {t("Remove")}
                    <span className="sr-only">
                      {" "}
                      {viewingSpan(time.startsAt, time.endsAt, timeZone, locale)}
                    </span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : listed ? (
        <Form method="post" action={action} className="card flex flex-col gap-4 p-5">
          <input type="hidden" name="intent" value="add-viewing-time" />
          {listingField}
          <h3 className="font-bold">{t("Add viewing times")}</h3>
          <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
            <legend className="field-label">{t("Kind")}</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value="slots"
                checked={kind === "slots"}
                onChange={() => setKind("slots")}
              />
              {t("Bookable slots")}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value="openHouse"
                checked={kind === "openHouse"}
                onChange={() => setKind("openHouse")}
              />
              {t("Open house")}
            </label>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-date`} className="field-label">
                {t("Day")}
              </label>
              <input id={`${id}-date`} name="date" type="date" required className="text-input" />
            </div>
            <div>
              <label htmlFor={`${id}-from`} className="field-label">
                {t("From")}
              </label>
              <input id={`${id}-from`} name="from" type="time" required step={300} className="text-input" />
            </div>
            <div>
              <label htmlFor={`${id}-to`} className="field-label">
                {t("Until")}
              </label>
              <input id={`${id}-to`} name="to" type="time" required step={300} className="text-input" />
            </div>
          </div>
          {kind === "slots" ? (
            <div>
              <label htmlFor={`${id}-slot`} className="field-label">
                {t("Slot length")}
              </label>
              <select
                id={`${id}-slot`}
                name="slotMinutes"
                defaultValue="20"
                className="text-input sm:max-w-48"
              >
                {SLOT_MINUTES.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t("{minutes} minutes", { minutes })}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-cap`} className="field-label">
                {t("Most visitors (optional)")}
              </label>
              <input
                id={`${id}-cap`}
                name="capacity"
                type="number"
                min={1}
                max={MAX_CAPACITY}
                inputMode="numeric"
                className="text-input sm:max-w-48"
              />
            </div>
          )}
          <label className="flex items-center gap-2">
            <input type="checkbox" name="confirmByHand" />
            {t("I confirm each booking myself")}
          </label>
          <p className="field-hint">
            {t("Times are in the home's time zone: {zone}", { zone: timeZone.replace(/_/g, " ") })}
          </p>
          <button type="submit" className="btn-primary self-start">
            {t("Add viewing times")}
          </button>
        </Form>
      ) : (
        <p className="text-muted">{t("A home that is let, sold or hidden takes no viewings.")}</p>
      )}
    </div>
  );
}
