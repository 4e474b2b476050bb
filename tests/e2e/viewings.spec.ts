import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect as baseExpect, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture, insertTestListing, userIdByEmail } from "#tests/support/app-data.ts";
import { createUser } from "#tests/support/factories.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { type ReceivedMail, waitForMail } from "#tests/support/smtp-server.ts";

/**
 * Viewings, as the lister and visitors meet them: the lister adds bookable slots on the listing page, a visitor
 * books one with a message, both get e-mails whose calendar file parses (METHOD, a stable UID, SEQUENCE rising),
 * the conversation shows the booking, the visitor moves and cancels it, two visitors race for the last slot,
 * a home marked let cancels its bookings, and an agent keeps the agency's viewing times in /agency. The listings
 * are in Paris: their times read in Paris time.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });
// Each step waits for a server round trip with e-mails queued in its transaction: on a loaded machine that
// can take longer than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const DAY = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

function calendarOf(mail: ReceivedMail) {
  const file = mail.attachments.find((attachment) => attachment.filename.endsWith(".ics"));
  expect(file, `a calendar file in "${mail.subject}"`).toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(file!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
  };
}

async function visitorPage(browser: Browser, data: AppData, name: string) {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  const account = await signedIn(data, page, newAccount(name));
  return { page, account };
}

/** Chooses the time whose button reads `label` in "Book a viewing" and books it. */
async function book(page: Page, label: string, message?: string) {
  const section = page.getByRole("region", { name: "Book a viewing" });
  await section.getByText(label, { exact: true }).click();
  if (message) await section.getByLabel("Message (optional)").fill(message);
  await section.getByRole("button", { name: "Book a viewing" }).click();
}

test("the lister publishes slots; a visitor books, moves and cancels; both sides get calendar files", async ({
  page,
  browser,
  data,
}) => {
  test.setTimeout(300_000);
  const lister = await signedIn(data, page, newAccount("Lena Lister"));
  const listing = await insertTestListing(data, await userIdByEmail(data.db, lister.email), {
    name: "Bright flat with viewings",
  });
  const path = `/category/rent/${listing.id}`;

  // The lister: "Viewing times" on their listing page, three 20-minute slots from 10:00 Paris time.
  await page.goto(path);
  const times = page.getByRole("region", { name: "Viewing times" });
  await times.getByLabel("Bookable slots").check();
  await times.getByLabel("Day").fill(DAY);
  await times.getByLabel("From").fill("10:00");
  await times.getByLabel("Until").fill("11:00");
  await times.getByLabel("Slot length").selectOption("20");
  await times.getByRole("button", { name: "Add viewing times" }).click();
  // What stays on the page, not the toast (a toast may come and go while a loaded machine answers).
  await expect(times.getByText("20-minute slots · 0 bookings")).toBeVisible({ timeout: 60_000 });

  // A visitor books the first slot with a message.
  const { page: visitor, account: vera } = await visitorPage(browser, data, "Vera Visitor");
  await visitor.goto(path);
  await visitor.getByRole("link", { name: "Book a viewing" }).click();
  await book(visitor, "10:00 AM – 10:20 AM", "Can I come with my partner?");
  await expect(toast(visitor, "Viewing booked")).toBeVisible();
  await expect(visitor.getByText(/Viewing booked: .*10:00 AM – 10:20 AM/)).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Add to calendar" })).toBeVisible();

  const booked = await waitForMail(vera.email, { subject: "Viewing booked: Bright flat with viewings" });
  const first = calendarOf(booked);
  expect(first).toMatchObject({ method: "REQUEST", sequence: 0 });
  expect(first.start).toBe(new Date(`${DAY}T10:00:00+01:00`).toISOString());
  const listerMail = await waitForMail(lister.email, { subject: "New viewing of Bright flat with viewings" });
  expect(calendarOf(listerMail).uid).toBe(first.uid);
  expect(`${listerMail.text}${listerMail.html}`).not.toContain(vera.email);
  expect(`${booked.text}${booked.html}`).not.toContain(lister.email);

  // The booking is in the conversation, and on the lister's /viewings with the visitor's words.
  await visitor.goto("/messages");
  await visitor.getByRole("link", { name: /Lena Lister/ }).click();
  await expect(visitor.getByText("Can I come with my partner?")).toBeVisible();
  await page.goto("/viewings");
  const card = page.getByRole("listitem").filter({ hasText: "Vera Visitor" });
  await expect(card.getByText("Can I come with my partner?")).toBeVisible();
  await expect(card.getByRole("link", { name: "Conversation" })).toBeVisible();

  // The visitor moves it to 10:40: the same event, a higher SEQUENCE.
  await visitor.goto("/viewings");
  await visitor.getByRole("link", { name: "Change time" }).click();
  await visitor
    .getByRole("region", { name: "Book a viewing" })
    .getByText("10:40 AM – 11:00 AM", { exact: true })
    .click();
  await visitor.getByRole("button", { name: "Move my viewing" }).click();
  await expect(toast(visitor, "Viewing rescheduled")).toBeVisible();
  const moved = calendarOf(await waitForMail(vera.email, { subject: "Viewing rescheduled" }));
  expect(moved).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1 });

  // Then cancels it: the lister's calendar gets METHOD:CANCEL for the same UID.
  await visitor.goto("/viewings");
  await visitor.locator("summary", { hasText: "Cancel" }).click();
  await visitor.getByRole("button", { name: "Cancel viewing" }).click();
  await expect(toast(visitor, "Viewing cancelled")).toBeVisible();
  const cancelled = calendarOf(await waitForMail(lister.email, { subject: "Viewing cancelled" }));
  expect(cancelled).toMatchObject({ method: "CANCEL", uid: first.uid });
});

test("two visitors race for the last slot; a home marked let cancels the winner's booking", async ({
  page,
  browser,
  data,
}) => {
  test.setTimeout(300_000);
  const lister = await signedIn(data, page, newAccount("Lars Lister"));
  const listing = await insertTestListing(data, await userIdByEmail(data.db, lister.email), {
    name: "Corner flat with one slot",
  });
  const path = `/category/rent/${listing.id}`;
  // One 20-minute slot, written as the lister's form would (the form itself is the first journey's).
  const startsAt = Date.parse(`${DAY}T09:20:00Z`);
  await data.db
    .insertInto("openHouse")
    .values({
      id: crypto.randomUUID(),
      listingId: listing.id,
      kind: "slots",
      startsAt,
      endsAt: startsAt + 20 * 60_000,
      slotMinutes: 20,
      capacity: null,
      confirmByHand: false,
      timeZone: "Europe/Paris",
      createdAt: Date.now(),
    })
    .execute();

  // Two visitors press the same slot at the same moment: one gets it, the other a clear message.
  const racers = [
    await visitorPage(browser, data, "Rita Racer"),
    await visitorPage(browser, data, "Rudi Racer"),
  ];
  for (const racer of racers) {
    await racer.page.goto(path);
    await racer.page
      .getByRole("region", { name: "Book a viewing" })
      .getByText("10:20 AM – 10:40 AM", { exact: true })
      .click();
  }
  await Promise.all(
    racers.map((racer) =>
      racer.page
        .getByRole("region", { name: "Book a viewing" })
        .getByRole("button", { name: "Book a viewing" })
        .click(),
    ),
  );
  const outcomes = await Promise.all(
    racers.map(async (racer) => {
      // The loser's page shows the refusal; the winner's the booking.
      const won = toast(racer.page, "Viewing booked");
      const lost = toast(racer.page, "That time was just taken. Please choose another.");
      await expect(won.or(lost)).toBeVisible();
      return (await won.isVisible()) ? "won" : "lost";
    }),
  );
  // A sorted copy: sorting `outcomes` itself would lose which racer won.
  expect([...outcomes].sort()).toEqual(["lost", "won"]);
  const winner = racers[outcomes.indexOf("won")]!;

  // The lister marks the home let: the winner's booking is cancelled, and they are told why.
  await page.goto(path);
  await page.getByRole("button", { name: "Mark as let" }).click();
  const notice = await waitForMail(winner.account.email, { subject: "Viewing cancelled" });
  expect(notice.text).toContain("The home is no longer available, so the viewing is cancelled.");
  expect(calendarOf(notice).method).toBe("CANCEL");
});

test("an agent keeps their agency's viewing times in /agency with the listing page's editor", async ({
  page,
  data,
}) => {
  test.setTimeout(300_000);
  const agent = await signedIn(data, page, newAccount("Ada Agent"));
  const colleague = await createUser(data.db, { name: "Carl Colleague" });
  const agencyId = crypto.randomUUID();
  await data.db
    .insertInto("organization")
    .values({
      id: agencyId,
      name: "Viewing Homes",
      slug: `viewing-homes-${agencyId.slice(0, 8)}`,
      createdAt: new Date(),
      about: "Homes to see.",
      officeAddress: "12 Rue de Rivoli, Paris, France",
      officeLat: 48.8553,
      officeLng: 2.3601,
      legalName: "Viewing Homes SARL",
      contactEmail: "office@viewing-homes.example",
    })
    .execute();
  for (const userId of [agent.id, colleague.id]) {
    await data.db
      .insertInto("member")
      .values({
        id: crypto.randomUUID(),
        organizationId: agencyId,
        userId,
        role: "agent",
        createdAt: new Date(),
      })
      .execute();
  }
  const own = await insertTestListing(data, agent.id, { agencyId, name: "Agency flat with viewings" });
  const theirs = await insertTestListing(data, colleague.id, { agencyId, name: "Colleague's loft" });
  // The colleague's open house, as their own editor would have written it.
  const startsAt = Date.parse(`${DAY}T13:00:00Z`);
  await data.db
    .insertInto("openHouse")
    .values({
      id: crypto.randomUUID(),
      listingId: theirs.id,
      kind: "openHouse",
      startsAt,
      endsAt: startsAt + 2 * 3_600_000,
      slotMinutes: null,
      capacity: null,
      confirmByHand: false,
      timeZone: "Europe/Paris",
      createdAt: Date.now(),
    })
    .execute();

  await page.goto("/agency");
  const section = page.getByRole("region", { name: "Viewing times" });
  await expect(section.getByText("Agency flat with viewings")).toBeVisible();
  // Their own home: the listing page's editor. An open house for up to 8 visitors, 14:00 to 16:00 Paris time.
  await section.getByText("Agency flat with viewings").click();
  const editor = section.getByRole("group", { name: "Agency flat with viewings" });
  await editor.getByLabel("Open house").check();
  await editor.getByLabel("Day").fill(DAY);
  await editor.getByLabel("From").fill("14:00");
  await editor.getByLabel("Until").fill("16:00");
  await editor.getByLabel("Most visitors (optional)").fill("8");
  await editor.getByRole("button", { name: "Add viewing times" }).click();
  // Back on the workspace with that home's times open: what stays on the page, not the toast.
  await expect(editor.getByText("Open house, up to 8 visitors · 0 bookings")).toBeVisible({
    timeout: 60_000,
  });
  await expect(editor.getByRole("button", { name: /^Remove .*, 2:00 PM – 4:00 PM$/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`viewings=${own.id}`));
  // The workspace with editors open passes axe's checks (the page's landmarks, labels and names).
  const { violations } = await new AxeBuilder({ page })
    .include("#viewings")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // The page as served draws only the open home's editor; another home's comes with a link that opens it.
  const served = await (await page.request.get(`/agency?viewings=${own.id}`)).text();
  expect(served.match(/value="add-viewing-time"/g)).toHaveLength(1);
  expect(served).toContain(
    `href="/agency?agency=viewing-homes-${agencyId.slice(0, 8)}&amp;viewings=${theirs.id}#viewings-${theirs.id}"`,
  );

  // The colleague's home: its times, read only (the agent may not change another agent's listing).
  await section.getByText("Colleague's loft").click();
  const colleagues = section.getByRole("group", { name: "Colleague's loft" });
  await expect(colleagues.getByRole("listitem").filter({ hasText: "2:00 PM – 4:00 PM" })).toBeVisible();
  await expect(colleagues.getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await expect(colleagues.getByRole("button", { name: "Add viewing times" })).toHaveCount(0);

  // Visitors of the listing page see the new open house.
  const visitor = await (
    await page.context().browser()!.newContext({ baseURL: process.env.E2E_BASE_URL })
  ).newPage();
  await visitor.goto(`/category/rent/${own.id}`);
  await expect(
    visitor
      .getByRole("region", { name: "Book a viewing" })
      .getByRole("radio", { name: "2:00 PM – 4:00 PM · 8 places left" }),
  ).toBeVisible();

  // Remove: the home has no times again.
  await editor.getByRole("button", { name: /Remove/ }).click();
  await expect(editor.getByText("No viewing times yet.")).toBeVisible({ timeout: 60_000 });
});
