import { type I18n, msg } from "#app/modules/i18n/i18n.ts";
import type { Listing, ListingStatus, ListingType } from "./listing.model.ts";

// The display rules for a listing's status, dates and price history: browser-safe, used by the
// listing page, the cards and the server alike. Dates are written in UTC so the server's HTML and the
// browser's render agree.

export const STATUS_MESSAGES = {
  let: msg("Marked as let"),
  sold: msg("Marked as sold"),
  available: msg("Marked as available"),
  renewed: msg("Listing renewed"),
  noLongerAvailable: msg("This home is no longer available"),
  letIsForRent: msg("Only a home for rent can be let"),
  soldIsForSale: msg("Only a home for sale can be sold"),
  unknownStatus: msg("Unknown status"),
} as const;

/** The status an owner may set next: let for rent, sold for sale, available from either. */
export function nextStatus(listing: Pick<Listing, "type" | "status">): ListingStatus {
  if (listing.status !== "available") return "available";
  return takenStatus(listing.type);
}

/** What a taken home of this type is: let (rent) or sold (sale). */
export function takenStatus(type: ListingType): "let" | "sold" {
  return type === "rent" ? "let" : "sold";
}

/** The button that sets `status`: "Mark as let", "Mark as sold", "Mark as available". */
export function statusButtonLabel(status: ListingStatus, i18n: I18n) {
  if (status === "let") return i18n.t("Mark as let");
  return status === "sold" ? i18n.t("Mark as sold") : i18n.t("Mark as available");
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "today", "yesterday", "3 days ago", "2 months ago", "last year": how long ago `then` was at `now`. */
export function timeAgo(then: number, now: number, i18n: I18n) {
  const days = Math.max(0, Math.floor(now / DAY_MS) - Math.floor(then / DAY_MS));
  if (days < 31) return i18n.relative(-days, "day");
  if (days < 365) return i18n.relative(-Math.floor(days / 30.4), "month");
  return i18n.relative(-Math.floor(days / 365), "year");
}

// English pages write dates day first ("12 November 2026"), which no reader misreads whatever their country;
// other languages write them as LOCALE does.
const dayFirst = (i18n: I18n) => (i18n.language === "en" ? "en-GB" : i18n.locale);

/** "12 November 2026 at 14:05 UTC": the exact moment behind "3 days ago". */
export function formatExactDate(ms: number, i18n: I18n) {
  return i18n.date(
    ms,
    {
      day: "numeric",
      month: "long",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    },
    dayFirst(i18n),
  );
}

/** "Price reduced by $200 on 12 Nov", "Price increased by $1,000 on 3 Dec". */
export function priceChangeLabel(
  change: { previousPrice: number; price: number; changedAt: number },
  i18n: I18n,
) {
  const difference = change.price - change.previousPrice;
  const vars = {
    amount: i18n.money(Math.abs(difference)),
    date: i18n.date(change.changedAt, { day: "numeric", month: "short", timeZone: "UTC" }, dayFirst(i18n)),
  };
  return difference < 0
    ? i18n.t("Price reduced by {amount} on {date}", vars)
    : i18n.t("Price increased by {amount} on {date}", vars);
}
