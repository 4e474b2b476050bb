import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { newAccount, type TestAccount } from "#tests/support/accounts.ts";
import {
  type AppData,
  appDataFixture,
  insertTestListing,
  openAppData,
  userIdByEmail,
} from "#tests/support/app-data.ts";
import { createAccount, signedIn } from "#tests/support/sessions.ts";
import { waitForMail } from "#tests/support/smtp-server.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * Enquiries that keep addresses private: the relay round trip on an instance with
 * CONTACT_MODE=relay (every page, `.data` answer and header the enquirer receives is scanned for the owner's
 * address, and the other way round), the default e-mail mode's mailto, its "Send through the site" and "Keep
 * my e-mail private", and a blocked sender.
 */
const test = base.extend<object, { data: AppData }>({
  data: appDataFixture,
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Every answer a context receives, as text: status line, headers and (text) body, to scan for an address. */
function recordAnswers(context: BrowserContext) {
  const answers: Array<Promise<string>> = [];
  context.on("response", (response) => {
    answers.push(
      (async () => {
        const headers = JSON.stringify(await response.allHeaders());
        const type = response.headers()["content-type"] ?? "";
        const textual =
          /html|json|javascript|text|x-script|xml/.test(type) || response.url().endsWith(".data");
        const body = textual ? await response.text().catch(() => "") : "";
        return `${response.url()}\n${headers}\n${body}`;
      })(),
    );
  });
  return {
    async scan(secret: string) {
      const all = await Promise.all(answers);
      expect(all.length).toBeGreaterThan(5);
      expect(all.some((answer) => answer.includes(".data"))).toBe(true);
      return all.filter((answer) => answer.toLowerCase().includes(secret.toLowerCase()));
    },
  };
}

async function listingOf(data: AppData, account: TestAccount, name: string) {
  return insertTestListing(data, await userIdByEmail(data.db, account.email), { name, type: "rent" });
}

test.describe("relay mode (CONTACT_MODE=relay)", () => {
  let relay: Awaited<ReturnType<typeof startEmptyApp>>;
  let relayData: AppData;
  test.beforeAll(async () => {
    relay = await startEmptyApp("homestead_relay", { CONTACT_MODE: "relay" });
    relayData = await openAppData(relay.env);
  });
  test.afterAll(async () => {
    await relayData?.close();
    await relay?.cleanup();
  });

  test("an enquiry and its answer go through the site: neither side ever receives the other's address", {
    tag: "@smoke",
  }, async ({ browser }) => {
    test.setTimeout(180_000);
    const ownerContext = await browser.newContext({ baseURL: relay.url });
    const enquirerContext = await browser.newContext({ baseURL: relay.url });
    const ownerAnswers = recordAnswers(ownerContext);
    const enquirerAnswers = recordAnswers(enquirerContext);
    const ownerPage = await ownerContext.newPage();
    const page = await enquirerContext.newPage();
    const owner = await signedIn(relayData, ownerPage, newAccount("Olivia Owner"));
    const enquirer = await signedIn(relayData, page, newAccount("Eve Enquirer"));
    const listing = await listingOf(relayData, owner, "Quiet loft by the river");

    // The enquirer: listing, Contact Landlord, the spec's screen, one press on Send Message.
    await page.goto(`/category/rent/${listing.id}`);
    await page.getByRole("link", { name: "Contact Landlord" }).click();
    await expect(page.getByRole("heading", { name: "Contact Olivia Owner" })).toBeVisible();
    await expect(page.getByText("About Quiet loft by the river")).toBeVisible();
    await page.getByLabel("Message").fill("Hello! Is the loft free from May?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
    await expect(toast(page, "Message sent")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Olivia Owner" })).toBeVisible();
    await expect(page.getByText("Hello! Is the loft free from May?")).toBeVisible();
    const threadUrl = page.url();

    // The owner: told by e-mail with a link (no address of the enquirer), the unread count in the header.
    const mail = await waitForMail(owner.email, { subject: "New message about Quiet loft by the river" });
    expect(`${mail.text}${mail.html}`).not.toContain(enquirer.email);
    const link = mail.links.find((href) => href.includes("/messages/"));
    expect(new URL(link ?? "").pathname).toBe(new URL(threadUrl).pathname);
    await ownerPage.goto("/");
    await expect(ownerPage.getByRole("link", { name: "Messages 1 unread" })).toBeVisible();
    await ownerPage.goto(new URL(link ?? "").pathname);
    await expect(ownerPage.getByRole("heading", { name: "Eve Enquirer" })).toBeVisible();
    await expect(ownerPage.getByText("Hello! Is the loft free from May?")).toBeVisible();
    await ownerPage.getByLabel("Message").fill("Yes, from the 1st of May. Would you like a visit?");
    await ownerPage.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(ownerPage, "Message sent")).toBeVisible();
    await expect(ownerPage.getByRole("link", { name: /^Messages/ })).toHaveText("Messages");

    // The enquirer: the answer's e-mail links back; Messages lists the thread with its unread answer.
    const answer = await waitForMail(enquirer.email, {
      subject: "New message about Quiet loft by the river",
    });
    expect(`${answer.text}${answer.html}`).not.toContain(owner.email);
    expect(answer.text).toContain("Would you like a visit?");
    await page.goto("/messages");
    await expect(page.getByRole("link", { name: /Olivia Owner.*1 unread/ })).toBeVisible();
    await page.getByRole("link", { name: /Olivia Owner/ }).click();
    // The conversation itself (the list's preview shows the same words): opening it reads it.
    await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: "Olivia Owner" })).toBeVisible();
    await expect(page.getByText("Yes, from the 1st of May. Would you like a visit?")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: /Your messages\s*No unread messages/ })).toBeVisible();
    // The contact page again: no address, a way back to the conversation.
    await page.goto(`/category/rent/${listing.id}`);
    await page.getByRole("link", { name: "Contact Landlord" }).click();
    await expect(page.getByRole("link", { name: "See your conversation about this listing" })).toBeVisible();
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);

    expect(await enquirerAnswers.scan(owner.email)).toEqual([]);
    expect(await ownerAnswers.scan(enquirer.email)).toEqual([]);
    await ownerContext.close();
    await enquirerContext.close();
  });
});

test.describe("e-mail mode (the default)", () => {
  test("the mailto goes to signed-in users, until the lister keeps their e-mail private", async ({
    browser,
    page,
    data,
  }) => {
    const owner = newAccount("Paula Private");
    const ownerPage = await (await browser.newContext()).newPage();
    await signedIn(data, ownerPage, owner);
    const listing = await listingOf(data, owner, "Attic with a view");

    await signedIn(data, page, newAccount("Sam Sender"));
    await page.goto(`/category/rent/${listing.id}`);
    await page.getByRole("link", { name: "Contact Landlord" }).click();
    await expect(page.getByRole("heading", { name: "Contact Paula Private" })).toBeVisible();
    await page.getByLabel("Message").fill("Hi");
    await expect(page.getByRole("link", { name: "Send Message" })).toHaveAttribute(
      "href",
      `mailto:${owner.email}?subject=Attic%20with%20a%20view&body=Hi`,
    );

    // The lister chooses privacy in Profile: the same page then sends through the site and shows no address.
    await ownerPage.goto("/profile");
    await expect(ownerPage.getByText("Off: signed-in people who ask about your listings")).toBeVisible();
    await ownerPage.getByRole("button", { name: "Keep my e-mail private" }).click();
    await expect(toast(ownerPage, "Your e-mail is private")).toBeVisible();
    await expect(ownerPage.getByRole("button", { name: "Keep my e-mail private" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    const contact = await page.reload();
    expect(await contact?.text()).not.toContain(owner.email);
    await expect(page.getByRole("heading", { name: "Contact Paula Private" })).toBeVisible();
    await expect(page.locator('a[href^="mailto:"]')).toHaveCount(0);
    await page.getByLabel("Message").fill("Is the attic still free?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message sent")).toBeVisible();
    await waitForMail(owner.email, { subject: "New message about Attic with a view" });
    await ownerPage.context().close();
  });

  test("Send through the site: the lister gets the message in Messages and answers; a sent reply leaves the box empty", async ({
    browser,
    page,
    data,
  }) => {
    test.slow();
    const ownerPage = await (await browser.newContext()).newPage();
    const owner = await signedIn(data, ownerPage, newAccount("Wendy Webmail"));
    const listing = await listingOf(data, owner, "Cottage by the canal");
    const enquirer = await signedIn(data, page, newAccount("Theo Through"));

    // The spec's mailto stays; beside it, one press sends the same message through the site.
    await page.goto(`/category/rent/${listing.id}`);
    await page.getByRole("link", { name: "Contact Landlord" }).click();
    await expect(page.getByRole("heading", { name: "Contact Wendy Webmail" })).toBeVisible();
    await page.getByLabel("Message").fill("Hello, can I see the cottage on Saturday?");
    await expect(page.getByRole("link", { name: "Send Message" })).toHaveAttribute(
      "href",
      `mailto:${owner.email}?subject=Cottage%20by%20the%20canal&body=Hello%2C%20can%20I%20see%20the%20cottage%20on%20Saturday%3F`,
    );
    await page.getByRole("button", { name: "Send through the site" }).click();
    await expect(toast(page, "Message sent")).toBeVisible();
    await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
    await expect(page.getByText("Hello, can I see the cottage on Saturday?")).toBeVisible();
    await page.getByRole("link", { name: "All messages" }).click();
    await expect(page.getByRole("link", { name: /Wendy Webmail.*Cottage by the canal/ })).toBeVisible();

    // The lister: an e-mail with a link, the conversation in Messages, one press on Send reply = one message.
    const mail = await waitForMail(owner.email, { subject: "New message about Cottage by the canal" });
    expect(`${mail.text}${mail.html}`).not.toContain(enquirer.email);
    await ownerPage.goto("/messages");
    await ownerPage.getByRole("link", { name: /Theo Through/ }).click();
    await expect(ownerPage.getByText("Hello, can I see the cottage on Saturday?")).toBeVisible();
    const box = ownerPage.getByLabel("Message");
    const conversation = ownerPage.getByRole("list", { name: "Conversation" });
    // A refused reply stays in the box, with the reason.
    await box.fill("Yes \u202e at ten");
    await ownerPage.getByRole("button", { name: "Send reply" }).click();
    await expect(
      ownerPage.getByText("Your message can not contain control characters").first(),
    ).toBeVisible();
    await expect(box).toHaveValue("Yes \u202e at ten");
    await box.fill("Yes, at ten. See you there!");
    await ownerPage.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(ownerPage, "Message sent")).toBeVisible();
    await expect(conversation.getByText("Yes, at ten. See you there!")).toHaveCount(1);
    await expect(box).toHaveValue("");
    // Pressing again sends nothing (an empty box is not sent).
    await ownerPage.getByRole("button", { name: "Send reply" }).click();
    await ownerPage.reload();
    await expect(conversation.getByRole("listitem")).toHaveCount(2);

    // The enquirer gets the answer by e-mail and in Messages.
    const answer = await waitForMail(enquirer.email, { subject: "New message about Cottage by the canal" });
    expect(answer.text).toContain("Yes, at ten. See you there!");
    expect(`${answer.text}${answer.html}`).not.toContain(owner.email);
    await page.goto("/messages");
    await expect(page.getByRole("link", { name: /Wendy Webmail.*1 unread/ })).toBeVisible();
    await ownerPage.context().close();
  });

  test("a visitor is sent to sign in; the contact page of a listing that is not this lister's says so", async ({
    page,
    data,
  }) => {
    const owner = await createAccount(data, newAccount("Olga Owner"));
    const listing = await listingOf(data, owner, "Barn");
    const ownerId = owner.id;
    await page.goto(`/contact/${ownerId}?listingId=${listing.id}`);
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
    await signedIn(data, page, newAccount("Ned Nosy"));
    const answer = await page.goto(`/contact/${ownerId}?listingId=not-${listing.id}`);
    expect(answer?.status()).toBe(404);
    expect(await answer?.text()).not.toContain(owner.email);
    await expect(page.getByRole("alert").filter({ hasText: "Could not get landlord data" })).toBeVisible();
  });
});

test.describe("e-mail mode's limits", () => {
  let app: Awaited<ReturnType<typeof startEmptyApp>>;
  let appData: AppData;
  test.beforeAll(async () => {
    app = await startEmptyApp("homestead_contact_limit", { LIMIT_CONTACT_OWNERS_PER_DAY: "2" });
    appData = await openAppData(app.env);
  });
  test.afterAll(async () => {
    await appData?.close();
    await app?.cleanup();
  });

  test("an unverified user sees no address; a verified one sees 2 different listers' a day, the 3rd gets 429", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    const owners: Array<TestAccount & { listing: Awaited<ReturnType<typeof listingOf>> }> = [];
    // The listers are the setting, not the subject: verified accounts, as their link leaves them.
    for (const name of ["Ann One", "Ben Two", "Cat Three"]) {
      const owner = await createAccount(appData, newAccount(name));
      owners.push({ ...owner, listing: await listingOf(appData, owner, `Home of ${name}`) });
    }
    const contactPage = (owner: (typeof owners)[number]) =>
      `/contact/${owner.listing.userRef}?listingId=${owner.listing.id}`;

    await signedIn(appData, page, newAccount("Uma Unverified"), { verified: false });
    const unverified = await page.goto(contactPage(owners[0]!));
    await expect(page).toHaveURL(/\/verify-email\?redirectTo=/);
    expect(await unverified?.text()).not.toContain(owners[0]!.email);
    await context.clearCookies();

    await signedIn(appData, page, newAccount("Vera Verified"));
    for (const owner of [owners[0]!, owners[1]!, owners[0]!]) {
      const answer = await page.goto(contactPage(owner));
      expect(answer?.status()).toBe(200);
      await expect(page.getByRole("link", { name: "Send Message" })).toHaveAttribute(
        "href",
        new RegExp(`^mailto:${owner.email}`),
      );
    }
    const third = await page.goto(contactPage(owners[2]!));
    expect(third?.status()).toBe(429);
    expect(Number(third?.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await third?.text()).not.toContain(owners[2]!.email);
    await expect(
      page.getByRole("alert").filter({ hasText: "You can contact up to 2 different owners a day" }),
    ).toBeVisible();
    await context.close();
  });
});

test("a blocked sender's messages are refused with a clear message", async ({ browser, page, data }) => {
  const owner = newAccount("Bea Blocker");
  const ownerPage = await (await browser.newContext()).newPage();
  await signedIn(data, ownerPage, owner);
  await ownerPage.goto("/profile");
  await ownerPage.getByRole("button", { name: "Keep my e-mail private" }).click();
  await expect(toast(ownerPage, "Your e-mail is private")).toBeVisible();
  const listing = await listingOf(data, owner, "Houseboat");

  await signedIn(data, page, newAccount("Spam Sender"));
  await page.goto(`/category/rent/${listing.id}`);
  await page.getByRole("link", { name: "Contact Landlord" }).click();
  await page.getByLabel("Message").fill("Cheap loans!!!");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/messages\/[\w-]+$/);
  const threadPath = new URL(page.url()).pathname;

  await ownerPage.goto("/messages");
  await ownerPage.getByRole("link", { name: /Spam Sender/ }).click();
  await ownerPage.getByRole("button", { name: "Block Spam Sender" }).click();
  await expect(toast(ownerPage, "Blocked: they can no longer send you messages")).toBeVisible();
  await expect(ownerPage.getByRole("button", { name: "Unblock Spam Sender" })).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole("alert").filter({ hasText: "This person does not accept your messages" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send reply" })).toHaveCount(0);
  // A reply posted anyway is refused by the server, with the same words; nothing is stored.
  const forged = await page.request.post(threadPath, {
    form: { intent: "reply", message: "Still here" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("This person does not accept your messages");
  await page.goto(`/category/rent/${listing.id}`);
  await page.getByRole("link", { name: "Contact Landlord" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This person does not accept your messages" }),
  ).toBeVisible();
  await ownerPage.reload();
  await expect(ownerPage.getByText("Still here")).toHaveCount(0);
  await ownerPage.context().close();
});
