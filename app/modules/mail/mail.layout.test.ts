import { describe, expect, it } from "vitest";
import {
  existingAccountMail,
  passwordResetMail,
  signInAlertMail,
  verificationMail,
} from "#app/modules/auth/auth.mail.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import { ENGLISH } from "#app/modules/i18n/i18n.ts";
import { freshnessMail } from "#app/modules/listing/listing.freshness.mail.ts";
import type { Listing } from "#app/modules/listing/listing.model.ts";
import { newMessageMail } from "#app/modules/message/message.mail.ts";
import { reportDigestMail } from "#app/modules/moderation/moderation.mail.ts";
import { openHousesMail, savedHomesMail, searchAlertMail } from "#app/modules/saved/saved.mail.ts";
import { type ViewingMailKind, viewingMail } from "#app/modules/viewing/viewing.mail.ts";
import { NO_LISTING_DETAILS } from "#tests/support/factories.ts";
import type { MailContext } from "./mail.layout.ts";

// Every e-mail the product sends, rendered with a name that is markup: each has the layout's header bar and a
// text part, and what a user typed is escaped in the HTML and verbatim in the text.

const NAME = `<script>x</script> & "Ada"`;
const ESCAPED = "&lt;script&gt;x&lt;/script&gt; &amp; &quot;Ada&quot;";
/** A link with a query of two parameters: its "&" is escaped in the HTML's href. */
const LINK = "https://homes.test/link?token=a1&next=%2F";
const HEADER =
  /<td style="background:#047857;padding:16px 24px"><a href="https:\/\/homes\.test\/"[^>]*>Homestead<\/a><\/td>/;

/** An open house's start: Saturday, 6 December 2031, 10:00 in Berlin. */
const OPEN_HOUSE = Date.UTC(2031, 11, 6, 9);

const english: MailContext = { i18n: ENGLISH, siteName: "Homestead", publicUrl: "https://homes.test" };

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: "l1",
    agencyId: null,
    type: "rent",
    name: NAME,
    bedrooms: 2,
    bathrooms: 1,
    parking: false,
    furnished: "unfurnished",
    ...NO_LISTING_DETAILS,
    location: "Kastanienallee 1, Berlin",
    offer: false,
    regularPrice: 1800,
    discountedPrice: null,
    images: [{ id: "p1", storageKey: "images/u1-photo-p1", width: 1600, height: 1067, caption: null }],
    floorPlans: [],
    geolocation: { lat: 52.5, lng: 13.4 },
    exactAddress: true,
    timestamp: 0,
    userRef: "u1",
    status: "available",
    expired: false,
    publishedAt: 0,
    changedAt: 0,
    ...overrides,
  };
}

/** A viewing's e-mail about a home named NAME, booked by a visitor named NAME, cancelled for NAME. */
function viewingOf(ctx: MailContext, kind: ViewingMailKind) {
  return viewingMail(ctx, {
    to: "ada@homes.test",
    kind,
    recipientName: NAME,
    visitorName: NAME,
    listingName: NAME,
    when: "Sat, Dec 6, 10:00 AM – 10:20 AM (GMT+1)",
    address: "Kastanienallee 1, Berlin",
    reason: kind === "cancelled" ? NAME : null,
    url: LINK,
    attachment: { filename: "viewing.ics", contentType: "text/calendar; method=REQUEST", content: "" },
  });
}

/** Each e-mail, written for a user (or about a home) named NAME, with LINK as its main link. */
const MAILS = {
  "password reset": (ctx: MailContext) =>
    passwordResetMail(ctx, { to: "ada@homes.test", name: NAME, url: LINK }),
  verification: (ctx: MailContext) => verificationMail(ctx, { to: "ada@homes.test", name: NAME, url: LINK }),
  "sign-in alert": (ctx: MailContext) =>
    signInAlertMail(ctx, { to: "ada@homes.test", name: NAME, resetUrl: LINK }),
  "existing account": (ctx: MailContext) =>
    existingAccountMail(ctx, { to: "ada@homes.test", name: NAME, signInUrl: LINK, resetUrl: LINK }),
  "new message": (ctx: MailContext) =>
    newMessageMail(ctx, {
      to: "ada@homes.test",
      recipientName: NAME,
      authorName: NAME,
      listingName: NAME,
      body: `First line\n${NAME}`,
      url: LINK,
    }),
  "listing freshness": (ctx: MailContext) =>
    freshnessMail(ctx, {
      to: "ada@homes.test",
      ownerName: NAME,
      listingName: NAME,
      days: 60,
      taken: "let",
      pageUrl: LINK,
      confirmUrl: LINK,
      takenUrl: LINK,
    }),
  "report digest": (ctx: MailContext) => ({
    to: "admin@homes.test",
    ...reportDigestMail(ctx, [
      { reason: "scam", details: NAME, listingName: NAME },
      { reason: "other", details: null, listingName: "Fernweg 3" },
    ]),
  }),
  "search alert": (ctx: MailContext) => ({
    to: "ada@homes.test",
    ...searchAlertMail(ctx, {
      fresh: [listing()],
      drops: [{ listing: listing({ id: "l2" }), previousPrice: 2000 }],
      words: NAME,
      searchUrl: LINK,
      unsubscribe: LINK,
    }),
  }),
  "saved homes": (ctx: MailContext) => ({
    to: "ada@homes.test",
    ...savedHomesMail(ctx, [
      { listing: listing(), previousPrice: 2000 },
      { listing: listing({ id: "l2", status: "let" }), previousPrice: null },
    ]),
  }),
  "viewing cancelled": (ctx: MailContext) => viewingOf(ctx, "cancelled"),
  "viewing rescheduled": (ctx: MailContext) => viewingOf(ctx, "rescheduled"),
  "open houses": (ctx: MailContext) => ({
    to: "ada@homes.test",
    ...openHousesMail(ctx, [
      {
        listing: listing(),
        times: [
          {
            kind: "openHouse",
            startsAt: OPEN_HOUSE,
            endsAt: OPEN_HOUSE + 7_200_000,
            timeZone: "Europe/Berlin",
          },
          {
            kind: "slots",
            startsAt: OPEN_HOUSE + 86_400_000,
            endsAt: OPEN_HOUSE + 90_000_000,
            timeZone: "Europe/Berlin",
          },
        ],
      },
    ]),
  }),
};

/** The e-mails whose main link is the site's own page, not one they are given. */
const MAIN_LINKS: Record<string, string> = {
  "report digest": "https://homes.test/admin",
  "saved homes": "https://homes.test/saved",
  "open houses": "https://homes.test/saved",
};

describe("every e-mail", () => {
  for (const [name, write] of Object.entries(MAILS)) {
    it(`${name}: the layout's header, a text part, the user's words escaped in HTML and verbatim in text`, () => {
      const mail = write(english);
      expect(mail.subject).not.toBe("");
      expect(mail.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(mail.html).toMatch(HEADER);
      expect(mail.text.trim()).not.toBe("");

      expect(mail.text).toContain(NAME);
      expect(mail.html).toContain(ESCAPED);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain('"Ada"');

      const link = MAIN_LINKS[name] ?? LINK;
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    });
  }

  it("is written in LOCALE's words, in both parts", () => {
    const german = { ...english, i18n: serverI18n({ i18n: { locale: "de-DE", currency: "EUR" } }) };
    for (const write of Object.values(MAILS)) {
      const mail = write(german);
      expect(mail.html.startsWith('<!doctype html><html lang="de">')).toBe(true);
      expect(mail.html).toMatch(HEADER);
      expect(mail.html, mail.subject).not.toContain("Hello");
    }
    const reset = MAILS["password reset"](german);
    expect(reset.subject).toBe("Ihr Passwort bei Homestead zurücksetzen");
    expect(reset.text).toContain(`Hallo ${NAME},`);
    expect(reset.html).toContain(`Hallo ${ESCAPED},`);
    const openHouses = MAILS["open houses"](german);
    expect(openHouses.subject).toBe("2 neue Besichtigungstermine bei Zuhause, denen Sie folgen");
    for (const part of [openHouses.text, openHouses.html]) {
      expect(part).toContain("Offene Besichtigung: Sa., 6. Dez., 10:00 – 12:00 (MEZ)");
      expect(part).toContain("Besichtigungstermine zum Buchen: So., 7. Dez., 10:00 – 11:00 (MEZ)");
    }
  });

  it("tells of new open houses in the home's time zone, above the home's card", () => {
    const mail = MAILS["open houses"](english);
    expect(mail.subject).toBe("2 new open houses at homes you follow");
    expect(mail.text).toContain(
      `${NAME}, $1,800 / Month\nOpen house: Sat, Dec 6, 10:00 AM – 12:00 PM (GMT+1)\nViewings to book: Sun, Dec 7, 10:00 AM – 11:00 AM (GMT+1)\n`,
    );
    expect(mail.html).toContain("Open house: Sat, Dec 6, 10:00 AM – 12:00 PM (GMT+1)</p>");
    expect(mail.html).toContain('href="https://homes.test/category/rent/l1"');
  });

  it("shows each home's card: its photo as a JPEG, its price, facts and link", () => {
    const mail = MAILS["search alert"](english);
    expect(mail.html).toContain(
      `<img src="https://homes.test/images/u1-photo-p1-800.jpg" alt="${ESCAPED}" width="480"`,
    );
    expect(mail.html).toContain("Price reduced: $2,000 → $1,800 / Month");
    expect(mail.html).toContain("2 Bedrooms · 1 Bathroom");
    expect(mail.html).toContain('href="https://homes.test/category/rent/l2"');
    // React adds no preload link for the photos: an e-mail has no use for one.
    expect(mail.html).not.toContain("<link");
  });
});
