import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, appDataFixture } from "#tests/support/app-data.ts";
import { fillRequiredDetails } from "#tests/support/listing-form.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { waitForMail } from "#tests/support/smtp-server.ts";

/**
 * An agency's first steps, as its people take them: the owner creates it (with a logo) and invites an agent by
 * e-mail, the agent opens the link and joins, publishes a home as the agency, the agency's page lists it (its
 * card naming agent and agency), a visitor's enquiry reaches the agent and the owner answers it from the agency
 * inbox, the owner edits the agent's listing, removes the agent, and the agent can no longer edit it. Screenshots of the
 * agency's screens at 390 and 1440 px go to screenshots/agencies-*.png for people to look at.
 */
const test = base.extend<object, { data: AppData }>({ data: appDataFixture });

const SCREENSHOTS = path.resolve(import.meta.dirname, "../../screenshots");

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

async function photo(dir: string, name: string, colour: string) {
  const file = path.join(dir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
}

/**
 * Saves the page at a phone's and a desktop's width, drawn whole by growing the window to the page's height
 * (so the phone's tab bar sits at the bottom), after a reload that leaves no toast over it.
 */
async function shoot(page: Page, screen: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.reload();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(900, height) });
    await page.screenshot({ path: path.join(SCREENSHOTS, `agencies-${screen}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an agency: create, invite an agent, the agent publishes as it, the owner edits it, a removed agent can not", async ({
  browser,
  data,
}, testInfo) => {
  test.setTimeout(300_000); // four people, ten pages and four e-mails
  const files = testInfo.outputPath();
  mkdirSync(files, { recursive: true });
  const logo = await photo(files, "logo.jpg", "#047857");
  const home = await photo(files, "home.jpg", "#1d4ed8");
  const agencyName = `Harbour Homes ${Math.random().toString(36).slice(2, 7)}`;

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signedIn(data, owner, newAccount("Olga Owner"));
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await signedIn(data, agentPage, newAccount("Anton Agent"));

  // The owner creates the agency from Profile.
  await owner.goto("/profile");
  await owner.getByRole("link", { name: "Create an agency" }).click();
  await expect(owner.getByRole("heading", { name: "Create an agency" })).toBeVisible();
  await expect(owner.getByLabel("Logo (optional)")).toBeEnabled();
  await shoot(owner, "new");
  await expect(owner.getByLabel("Logo (optional)")).toBeEnabled();
  await owner.getByLabel("Agency name").fill(agencyName);
  await owner.getByLabel("Logo (optional)").setInputFiles(logo);
  await owner.getByLabel("About the agency").fill("Flats by the harbour since 1990.");
  await owner.getByLabel("Office address").fill("12 Rue de Rivoli, Paris");
  await owner.getByLabel("Public phone (optional)").fill("+33 1 23 45 67 89");
  await owner.getByLabel("Legal name").fill(`${agencyName} SARL`);
  await owner.getByLabel("Registration number (optional)").fill("RCS Paris 123 456 789");
  await owner.getByLabel("Contact e-mail").fill("office@harbour.example");
  await expect(owner.getByRole("status").filter({ hasText: "Logo uploaded" })).toBeVisible({
    timeout: 20_000,
  });
  await owner.getByRole("button", { name: "Create agency" }).click();
  await expect(toast(owner, "Agency created")).toBeVisible();
  await expect(owner.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();

  // It invites the agent; the agent opens the mailed link and joins.
  await owner.getByLabel("E-mail address").fill(agent.email);
  await owner.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toast(owner, "Invitation sent")).toBeVisible();
  const mail = await waitForMail(agent.email, { subject: "Join" });
  const link = mail.links.find((href) => href.includes("/agency/invitations/"));
  expect(link).toBeTruthy();
  await agentPage.goto(link!);
  await expect(agentPage.getByText(`You are invited to join ${agencyName} as Agent.`)).toBeVisible();
  await agentPage.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(toast(agentPage, "You joined the agency")).toBeVisible();
  await expect(agentPage.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();

  // The agent publishes a home as the agency.
  await agentPage.goto("/create-listing");
  await expect(
    agentPage.getByRole("group", { name: "Offer" }).getByRole("button", { name: "No" }),
  ).toBeEnabled();
  await agentPage.getByLabel("Name").fill("Harbour view flat");
  await fillRequiredDetails(agentPage);
  await agentPage.getByLabel("Address", { exact: true }).fill("12 Rue de Rivoli, Paris");
  await agentPage.getByLabel("Regular Price").fill("1500");
  await agentPage.getByLabel("Images", { exact: true }).setInputFiles([home]);
  await expect(agentPage.getByText("1 of 6 images uploaded")).toBeVisible();
  await agentPage.getByLabel("Publish as").selectOption({ label: agencyName });
  await agentPage.getByRole("button", { name: "Create Listing" }).click();
  await expect(agentPage).toHaveURL(/\/category\/rent\/[0-9a-f-]{36}$/);
  const listingId = agentPage.url().split("/").at(-1)!;
  await expect(agentPage.getByText("Listed by Anton Agent")).toBeVisible();
  await shoot(agentPage, "listing");
  await agentPage.getByRole("link", { name: agencyName }).click();

  // The agency's public page lists it, with the trader details but never the contact e-mail.
  await expect(agentPage.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();
  await expect(agentPage.getByRole("link", { name: /Harbour view flat/ })).toBeVisible();
  await expect(agentPage.getByText(`${agencyName} SARL`)).toBeVisible();
  await expect(agentPage.getByText("office@harbour.example")).toHaveCount(0);
  // Its card says who lists the home, and the category page's filter bar narrows its listings.
  await expect(agentPage.getByText(`Listed by Anton Agent · ${agencyName}`)).toBeVisible();
  await expect(agentPage.getByRole("button", { name: "Show homes" })).toBeVisible();
  await shoot(agentPage, "page");

  // A visitor's enquiry reaches the agent, and the owner answers it from the agency inbox, as the agency.
  const enquirerContext = await browser.newContext();
  const enquirerPage = await enquirerContext.newPage();
  await signedIn(data, enquirerPage, newAccount("Erin Enquirer"));
  await enquirerPage.goto(`/category/rent/${listingId}`);
  await enquirerPage.getByRole("link", { name: "Contact Landlord" }).click();
  await enquirerPage.getByLabel("Message").fill("Is the harbour flat free in June?");
  await enquirerPage.getByRole("button", { name: "Send through the site" }).click();
  await expect(enquirerPage).toHaveURL(/\/messages\/[\w-]+$/);
  await expect(enquirerPage.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();
  await waitForMail(agent.email, { subject: "New message about Harbour view flat" });
  await owner.goto("/messages");
  await expect(owner.getByRole("heading", { name: "Agency inbox" })).toBeVisible();
  await shoot(owner, "inbox");
  await owner.getByRole("link", { name: /Erin Enquirer/ }).click();
  await expect(owner.getByText("Is the harbour flat free in June?")).toBeVisible();
  await owner.getByLabel("Message").fill("Yes, from the 1st of June.");
  await owner.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(owner, "Message sent")).toBeVisible();
  await enquirerPage.reload();
  await expect(enquirerPage.getByText("Yes, from the 1st of June.")).toBeVisible();
  await enquirerContext.close();

  // The owner edits the agent's listing.
  await owner.goto(`/edit-listing/${listingId}`);
  await expect(owner.getByRole("group", { name: "Offer" }).getByRole("button", { name: "No" })).toBeEnabled();
  await owner.getByLabel("Name").fill("Harbour view flat, renovated");
  await owner.getByRole("button", { name: "Edit Listing" }).click();
  // The saved page is the outcome (publish.spec.ts holds the toast; on a loaded machine it may be gone by now).
  await expect(owner.getByRole("heading", { name: "Harbour view flat, renovated" })).toBeVisible();
  await expect(owner.getByText("Listed by Anton Agent")).toBeVisible();

  // The workspace lists it; the owner removes the agent, who can no longer edit it.
  await owner.goto("/agency");
  await expect(owner.getByRole("link", { name: "Harbour view flat, renovated", exact: true })).toBeVisible();
  await shoot(owner, "workspace");
  // The only owner is offered neither Remove nor another role (the agency keeps an owner).
  await expect(owner.getByRole("button", { name: "Remove Olga Owner" })).toHaveCount(0);
  await expect(owner.getByLabel("Role of Olga Owner")).toHaveCount(0);
  await owner.getByRole("button", { name: "Remove Anton Agent" }).click();
  await expect(toast(owner, "Member removed")).toBeVisible();
  await agentPage.goto(`/edit-listing/${listingId}`);
  await expect(agentPage).toHaveURL("/");
  await expect(toast(agentPage, "You can not edit that listing")).toBeVisible();

  await ownerContext.close();
  await agentContext.close();
});
