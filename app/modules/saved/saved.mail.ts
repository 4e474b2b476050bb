import { escapeHtml } from "#app/modules/auth/auth.mail.ts";
import type { I18n } from "#app/modules/i18n/i18n.ts";
import { mailImageUrl } from "#app/modules/image/image.rules.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import {
  bathroomsLabel,
  bedroomsLabel,
  formatPrice,
  listingPath,
} from "#app/modules/listing/listing.rules.ts";

// The alert e-mails' words and layout: a header bar with the site's name, then one card per home with its
// key facts (price as pages show it, bedrooms and bathrooms, location, a JPEG photo, a link). The words are
// LOCALE's (the server's translations; English by default).

export type MailContext = { i18n: I18n; siteName: string; publicUrl: string };
/** A home whose price fell from `previousPrice` (the one last told) to what it costs now. */
export type PriceDrop = { listing: Listing; previousPrice: number };
/** One line of news about a saved home: let, sold (its status), or a price drop (with the price told before). */
export type SavedHomeNews = { listing: Listing; previousPrice: number | null };
type Mail = { subject: string; text: string; html: string };

const BRAND = "#047857";
const MUTED = "#4b5563";

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

/** The e-mail of one saved search: its new homes, then the announced ones whose price fell. */
export function searchAlertMail(
  ctx: MailContext,
  alert: { fresh: Listing[]; drops: PriceDrop[]; words: string; searchUrl: string; unsubscribe: string },
): Mail {
  const { t } = ctx.i18n;
  const headline = searchAlertHeadline(ctx.i18n, alert.fresh.length, alert.drops.length);
  const intro = t("Your saved search: {words}", { words: alert.words });
  const sections: { title: string; items: { listing: Listing; note: string | null }[] }[] = [];
  if (alert.fresh.length > 0) {
    sections.push({ title: t("New homes"), items: alert.fresh.map((listing) => ({ listing, note: null })) });
  }
  if (alert.drops.length > 0) {
    sections.push({
      title: t("Price reduced"),
      items: alert.drops.map((drop) => ({ listing: drop.listing, note: priceDropNote(ctx.i18n, drop) })),
    });
  }
  const text = [
    ctx.siteName,
    "",
    headline,
    intro,
    "",
    ...sections.flatMap((section) => [
      sections.length > 1 ? `${section.title}:\n` : "",
      section.items.map((item) => cardText(ctx, item.listing, item.note)).join("\n\n"),
      "",
    ]),
    `${t("See them all")}: ${alert.searchUrl}`,
    "",
    `${t("Stop these e-mails")}: ${alert.unsubscribe}`,
    "",
  ]
    .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
    .join("\n");
  const body = [
    `<p style="margin:0 0 16px;color:${MUTED}">${escapeHtml(intro)}</p>`,
    ...sections.map(
      (section) =>
        `${sections.length > 1 ? `<h2 style="margin:16px 0 0;font-size:16px">${escapeHtml(section.title)}</h2>` : ""}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${section.items.map((item) => cardHtml(ctx, item.listing, item.note)).join("")}</table>`,
    ),
    `<p style="margin:16px 0"><a href="${escapeHtml(alert.searchUrl)}" style="color:${BRAND};font-weight:bold">${escapeHtml(t("See them all"))}</a></p>`,
    `<p style="margin:16px 0 0;color:${MUTED};font-size:13px"><a href="${escapeHtml(alert.unsubscribe)}" style="color:${MUTED}">${escapeHtml(t("Unsubscribe"))}</a> ${escapeHtml(t("from this search's alerts."))}</p>`,
  ].join("");
  return {
    subject: t("{headline}: {words}", { headline, words: alert.words }),
    text,
    html: layout(ctx, headline, body),
  };
}

/** The e-mail of a user's saved homes that were let, sold or got cheaper. */
export function savedHomesMail(ctx: MailContext, news: SavedHomeNews[]): Mail {
  const { i18n } = ctx;
  const { t } = i18n;
  const line = ({ listing }: SavedHomeNews) =>
    listing.status === "let"
      ? t("{name} has been let", { name: listing.name })
      : listing.status === "sold"
        ? t("{name} has been sold", { name: listing.name })
        : t("{name} is now {price}", { name: listing.name, price: formatPrice(listing, i18n) });
  const note = (item: SavedHomeNews) =>
    item.listing.status === "available" && item.previousPrice != null
      ? priceDropNote(i18n, { listing: item.listing, previousPrice: item.previousPrice })
      : line(item);
  const subject =
    news.length === 1
      ? t("News about a home you saved: {news}", { news: line(news[0]!) })
      : t("{count} homes you saved have news", { count: i18n.number(news.length) });
  const heading = t("News about the homes you saved:");
  const saved = `${ctx.publicUrl}/saved`;
  const text = [
    ctx.siteName,
    "",
    heading,
    "",
    news.map((item) => cardText(ctx, item.listing, note(item))).join("\n\n"),
    "",
    `${t("Your saved homes")}: ${saved}`,
    "",
  ].join("\n");
  const body = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${news.map((item) => cardHtml(ctx, item.listing, note(item))).join("")}</table><p style="margin:16px 0 0"><a href="${escapeHtml(saved)}" style="color:${BRAND};font-weight:bold">${escapeHtml(t("Your saved homes"))}</a></p>`;
  return { subject, text, html: layout(ctx, heading, body) };
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

function cardText(ctx: MailContext, listing: Listing, note: string | null) {
  return [
    `${listing.name}, ${formatPrice(listing, ctx.i18n)}`,
    ...(note ? [note] : []),
    `${facts(listing, ctx.i18n)} · ${listing.location}`,
    `${ctx.publicUrl}${listingPath(listing)}`,
  ].join("\n");
}

function cardHtml(ctx: MailContext, listing: Listing, note: string | null) {
  const { i18n } = ctx;
  const url = escapeHtml(`${ctx.publicUrl}${listingPath(listing)}`);
  const cover = listing.images[0];
  const photo = cover
    ? `<a href="${url}"><img src="${escapeHtml(mailImageUrl(cover, ctx.publicUrl))}" alt="${escapeHtml(listing.name)}" width="480" style="display:block;width:100%;max-width:480px;height:auto;border:0;border-radius:12px"></a>`
    : "";
  const noteHtml = note
    ? `<p style="margin:8px 0 0;color:#b91c1c;font-weight:bold">${escapeHtml(note)}</p>`
    : "";
  return `<tr><td style="padding:16px 0;border-bottom:1px solid #e5e7eb">${photo}${noteHtml}<p style="margin:8px 0 0;font-size:18px;font-weight:bold">${escapeHtml(formatPrice(listing, i18n))}</p><p style="margin:4px 0 0;font-size:16px"><a href="${url}" style="color:#111827">${escapeHtml(listing.name)}</a></p><p style="margin:4px 0 0;color:${MUTED}">${escapeHtml(facts(listing, i18n))}</p><p style="margin:4px 0 0;color:${MUTED}">${escapeHtml(listing.location)}</p><p style="margin:12px 0 0"><a href="${url}" style="display:inline-block;padding:8px 16px;border-radius:8px;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(i18n.t("View home"))}</a></p></td></tr>`;
}

/** The page every alert shares: the site's name in a header bar, the heading, then `body`. */
function layout(ctx: MailContext, heading: string, body: string) {
  return `<!doctype html><html lang="${escapeHtml(ctx.i18n.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px"><table role="presentation" width="560" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden"><tr><td style="background:${BRAND};padding:16px 24px"><a href="${escapeHtml(ctx.publicUrl)}/" style="color:#ffffff;font-size:20px;font-weight:bold;text-decoration:none">${escapeHtml(ctx.siteName)}</a></td></tr><tr><td style="padding:24px"><h1 style="margin:0 0 8px;font-size:20px">${escapeHtml(heading)}</h1>${body}</td></tr></table></td></tr></table></body></html>`;
}
