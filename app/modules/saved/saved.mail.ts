import { Fragment, createElement as h } from "react";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import { mailImageUrl } from "#app/modules/image/image.rules.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  formatPrice,
  listingPath,
} from "#app/modules/listing/listing.rules.ts";
import { BRAND, type MailContext, MailLayout, MUTED, renderMailHtml } from "#app/modules/mail/mail.layout.ts";
import { viewingSpan } from "#app/modules/viewing/viewing.rules.ts";

// The alert e-mails' words and layout: the shared header bar with the site's name, a heading, then one card per
// home with its key facts (price as pages show it, bedrooms and bathrooms, location, a JPEG photo, a link). The
// words are LOCALE's (the server's translations; English by default).

/** A home whose price fell from `previousPrice` (the one last told) to what it costs now. */
export type PriceDrop = { listing: Listing; previousPrice: number };
/** One line of news about a saved home: let, sold (its status), or a price drop (with the price told before). */
export type SavedHomeNews = { listing: Listing; previousPrice: number | null };
type Mail = { subject: string; text: string; html: string };
/** A home's card, with what the e-mail says of it above the price (a price drop, a sale, open houses), if anything. */
type Card = { listing: Listing; notes: string[]; noteColor?: string };
/** A span of viewing times a lister added: an open house, or bookable slots. */
type OpenHouseTime = {
  kind: "openHouse" | "slots";
  startsAt: number;
  endsAt: number;
  timeZone: string;
};
/** A home with new open houses, soonest first. */
type OpenHouseNews = { listing: Listing; times: OpenHouseTime[] };

/** "1 new home matches your saved search", or for price drops alone "Price reduced on 1 home in …". */
export function searchAlertHeadline(i18n: I18n, fresh: number, drops: number) {
  return fresh > 0
    ? i18n.tn(
        fresh,
        "{count} new home matches your saved search",
        "{count} new homes match your saved search",
      )
    : i18n.tn(
        drops,
        "Price reduced on {count} home in your saved search",
        "Price reduced on {count} homes in your saved search",
      );
}

type SearchAlert = {
  fresh: Listing[];
  drops: PriceDrop[];
  words: string;
  searchUrl: string;
  unsubscribe: string;
};

/** A search alert's headline, intro and sections (new homes, price drops; a title each when both). */
function searchAlertParts(ctx: MailContext, alert: SearchAlert) {
  const { t } = ctx.i18n;
  const sections: { title: string; cards: Card[] }[] = [];
  if (alert.fresh.length > 0) {
    sections.push({ title: t("New homes"), cards: alert.fresh.map((listing) => ({ listing, notes: [] })) });
  }
  if (alert.drops.length > 0) {
    sections.push({
      title: t("Price reduced"),
      cards: alert.drops.map((drop) => ({ listing: drop.listing, notes: [priceDropNote(ctx.i18n, drop)] })),
    });
  }
  return {
    headline: searchAlertHeadline(ctx.i18n, alert.fresh.length, alert.drops.length),
    intro: t("Your saved search: {words}", { words: alert.words }),
    sections,
  };
}

function SearchAlertMail({ ctx, alert }: { ctx: MailContext; alert: SearchAlert }) {
  const { t } = ctx.i18n;
  const { headline, intro, sections } = searchAlertParts(ctx, alert);
  return h(
    MailLayout,
    { ctx, heading: headline },
    h("p", { style: { margin: "0 0 16px", color: MUTED } }, intro),
    sections.map((section) =>
      h(
        Fragment,
        { key: section.title },
        sections.length > 1
          ? h("h2", { style: { margin: "16px 0 0", fontSize: "16px" } }, section.title)
          : null,
        h(HomeCards, { ctx, cards: section.cards }),
      ),
    ),
    h(
      "p",
      { style: { margin: "16px 0" } },
      h("a", { href: alert.searchUrl, style: { color: BRAND, fontWeight: "bold" } }, t("See them all")),
    ),
    h(
      "p",
      { style: { margin: "16px 0 0", color: MUTED, fontSize: "13px" } },
      h("a", { href: alert.unsubscribe, style: { color: MUTED } }, t("Unsubscribe")),
      " ",
      t("from this search's alerts."),
    ),
  );
}

/** The e-mail of one saved search: its new homes, then the announced ones whose price fell. */
export function searchAlertMail(ctx: MailContext, alert: SearchAlert): Mail {
  const { t } = ctx.i18n;
  const { headline, intro, sections } = searchAlertParts(ctx, alert);
  const text = [
    ctx.siteName,
    "",
    headline,
    intro,
    "",
    ...sections.flatMap((section) => [
      sections.length > 1 ? `${section.title}:\n` : "",
      section.cards.map((card) => cardText(ctx, card)).join("\n\n"),
      "",
    ]),
    `${t("See them all")}: ${alert.searchUrl}`,
    "",
    `${t("Stop these e-mails")}: ${alert.unsubscribe}`,
    "",
  ]
    .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
    .join("\n");
  return {
    subject: t("{headline}: {words}", { headline, words: alert.words }),
    text,
    html: renderMailHtml(h(SearchAlertMail, { ctx, alert })),
  };
}

/** A saved-homes e-mail's heading and one card per home, its news above the price. */
function savedHomesParts(ctx: MailContext, news: SavedHomeNews[]) {
  const { i18n } = ctx;
  const note = (item: SavedHomeNews) =>
    item.listing.status === "available" && item.previousPrice != null
      ? priceDropNote(i18n, { listing: item.listing, previousPrice: item.previousPrice })
      : savedHomeNewsLine(i18n, item);
  return {
    heading: i18n.t("News about the homes you saved:"),
    cards: news.map((item) => ({ listing: item.listing, notes: [note(item)] })),
    savedUrl: `${ctx.publicUrl}/saved`,
  };
}

function SavedHomesMail({ ctx, news }: { ctx: MailContext; news: SavedHomeNews[] }) {
  const { heading, cards, savedUrl } = savedHomesParts(ctx, news);
  return h(
    MailLayout,
    { ctx, heading },
    h(HomeCards, { ctx, cards }),
    h(
      "p",
      { style: { margin: "16px 0 0" } },
      h("a", { href: savedUrl, style: { color: BRAND, fontWeight: "bold" } }, ctx.i18n.t("Your saved homes")),
    ),
  );
}

/** The e-mail of a user's saved homes that were let, sold or got cheaper. */
export function savedHomesMail(ctx: MailContext, news: SavedHomeNews[]): Mail {
  const { i18n } = ctx;
  const { t } = i18n;
  const { heading, cards, savedUrl } = savedHomesParts(ctx, news);
  const subject =
    news.length === 1
      ? t("News about a home you saved: {news}", { news: savedHomeNewsLine(i18n, news[0]!) })
      : t("{count} homes you saved have news", { count: i18n.number(news.length) });
  const text = [
    ctx.siteName,
    "",
    heading,
    "",
    cards.map((card) => cardText(ctx, card)).join("\n\n"),
    "",
    `${t("Your saved homes")}: ${savedUrl}`,
    "",
  ].join("\n");
  return { subject, text, html: renderMailHtml(h(SavedHomesMail, { ctx, news })) };
}

/** "Open house: Sat, Dec 6, 10:00 AM – 12:00 PM (CET)", or "Viewings to book: …" for bookable slots. */
function openHouseNote(i18n: I18n, time: OpenHouseTime) {
  const when = viewingSpan(time.startsAt, time.endsAt, time.timeZone, i18n.locale, true);
  return time.kind === "openHouse"
    ? i18n.t("Open house: {when}", { when })
    : i18n.t("Viewings to book: {when}", { when });
}

/** An open-house e-mail's subject, heading and cards (one per home, its new times above the price). */
function openHousesParts(ctx: MailContext, news: OpenHouseNews[]) {
  const { i18n } = ctx;
  const count = news.reduce((sum, item) => sum + item.times.length, 0);
  const first = news[0]!;
  return {
    subject:
      count === 1
        ? i18n.t("New viewing times at {name}: {when}", {
            name: first.listing.name,
            when: viewingSpan(
              first.times[0]!.startsAt,
              first.times[0]!.endsAt,
              first.times[0]!.timeZone,
              i18n.locale,
              true,
            ),
          })
        : i18n.tn(
            count,
            "{count} new open house at homes you follow",
            "{count} new open houses at homes you follow",
          ),
    heading: i18n.t("New open houses at homes you saved or searched for:"),
    cards: news.map((item) => ({
      listing: item.listing,
      notes: item.times.map((time) => openHouseNote(i18n, time)),
      noteColor: BRAND,
    })),
    savedUrl: `${ctx.publicUrl}/saved`,
  };
}

function OpenHousesMail({ ctx, news }: { ctx: MailContext; news: OpenHouseNews[] }) {
  const { heading, cards, savedUrl } = openHousesParts(ctx, news);
  return h(
    MailLayout,
    { ctx, heading },
    h(HomeCards, { ctx, cards }),
    h(
      "p",
      { style: { margin: "16px 0 0", color: MUTED, fontSize: "13px" } },
      ctx.i18n.t("You hear of these because you saved the home or a search it matches."),
      " ",
      h("a", { href: savedUrl, style: { color: MUTED } }, ctx.i18n.t("Your saved homes")),
    ),
  );
}

/** The e-mail of new open houses at homes a user saved, or that match their saved searches. */
export function openHousesMail(ctx: MailContext, news: OpenHouseNews[]): Mail {
  const { t } = ctx.i18n;
  const { subject, heading, cards, savedUrl } = openHousesParts(ctx, news);
  const text = [
    ctx.siteName,
    "",
    heading,
    "",
    cards.map((card) => cardText(ctx, card)).join("\n\n"),
    "",
    t("You hear of these because you saved the home or a search it matches."),
    `${t("Your saved homes")}: ${savedUrl}`,
    "",
  ].join("\n");
  return { subject, text, html: renderMailHtml(h(OpenHousesMail, { ctx, news })) };
}

/** "Fernweg 3 has been let", "… has been sold", or "… is now $1,800 / Month". */
function savedHomeNewsLine(i18n: I18n, { listing }: SavedHomeNews) {
  const { t } = i18n;
  if (listing.status === "let") return t("{name} has been let", { name: listing.name });
  if (listing.status === "sold") return t("{name} has been sold", { name: listing.name });
  return t("{name} is now {price}", { name: listing.name, price: formatPrice(listing, i18n) });
}

/** "Price reduced: $2,000 → $1,800 / Month". */
function priceDropNote(i18n: I18n, { listing, previousPrice }: PriceDrop) {
  return i18n.t("Price reduced: {previous} → {price}", {
    previous: i18n.money(previousPrice),
    price: formatPrice(listing, i18n),
  });
}

/** "2 Bedrooms · 1 Bathroom". */
function facts(listing: Listing, i18n: I18n) {
  return `${bedroomsLabel(listing.bedrooms, i18n)} · ${bathroomsLabel(listing.bathrooms, i18n)}`;
}

function cardText(ctx: MailContext, { listing, notes }: Card) {
  return [
    `${listing.name}, ${formatPrice(listing, ctx.i18n)}`,
    ...notes,
    `${facts(listing, ctx.i18n)} · ${listing.location}`,
    `${ctx.publicUrl}${listingPath(listing)}`,
  ].join("\n");
}

/** The homes' cards, one table row each. */
function HomeCards({ ctx, cards }: { ctx: MailContext; cards: Card[] }) {
  return h(
    "table",
    { role: "presentation", width: "100%", cellPadding: 0, cellSpacing: 0 },
    h(
      "tbody",
      null,
      cards.map((card) => h(HomeCard, { key: card.listing.id, ctx, card })),
    ),
  );
}

function HomeCard({ ctx, card: { listing, notes, noteColor } }: { ctx: MailContext; card: Card }) {
  const { i18n } = ctx;
  const url = `${ctx.publicUrl}${listingPath(listing)}`;
  const cover = listing.images[0];
  const muted = { margin: "4px 0 0", color: MUTED };
  return h(
    "tr",
    null,
    h(
      "td",
      { style: { padding: "16px 0", borderBottom: "1px solid #e5e7eb" } },
      cover
        ? h(
            "a",
            { href: url },
            h("img", {
              src: mailImageUrl(cover, ctx.publicUrl),
              alt: listing.name,
              width: 480,
              // Low priority keeps React from adding a <link rel="preload"> for it: an e-mail has no use for one.
              fetchPriority: "low",
              style: {
                display: "block",
                width: "100%",
                maxWidth: "480px",
                height: "auto",
                border: 0,
                borderRadius: "12px",
              },
            }),
          )
        : null,
      notes.map((note) =>
        h(
          "p",
          { key: note, style: { margin: "8px 0 0", color: noteColor ?? "#b91c1c", fontWeight: "bold" } },
          note,
        ),
      ),
      h(
        "p",
        { style: { margin: "8px 0 0", fontSize: "18px", fontWeight: "bold" } },
        formatPrice(listing, i18n),
      ),
      h(
        "p",
        { style: { margin: "4px 0 0", fontSize: "16px" } },
        h("a", { href: url, style: { color: "#111827" } }, listing.name),
      ),
      h("p", { style: muted }, facts(listing, i18n)),
      h("p", { style: muted }, listing.location),
      h(
        "p",
        { style: { margin: "12px 0 0" } },
        h(
          "a",
          {
            href: url,
            style: {
              display: "inline-block",
              padding: "8px 16px",
              borderRadius: "8px",
              background: BRAND,
              color: "#ffffff",
              textDecoration: "none",
              fontWeight: "bold",
            },
          },
          i18n.t("View home"),
        ),
      ),
    ),
  );
}
