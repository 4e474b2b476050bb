import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { newAccount } from "#tests/support/accounts.ts";
import { type AppData, openAppData } from "#tests/support/app-data.ts";
import { type PhotoServer, startPhotoServer } from "#tests/support/photo-server.ts";
import { signedIn } from "#tests/support/sessions.ts";
import { startEmptyApp } from "./empty-app.ts";

/**
 * An agency's import, as its owner does it: from /agency to Import listings, a CSV upload shows its dry run's
 * line, Import queues it (a toast says so) and the app's job runner saves the listings: the run's line appears
 * under Recent imports without a reload, the agency page lists them, and the same file again says it would
 * change nothing. The photos come from a loopback server, so the app runs with IMPORT_ALLOW_PRIVATE_HOSTS=true, on an
 * instance of its own.
 */

type App = { url: string; data: AppData; cleanup: () => Promise<void> };
let app: App;
let photos: PhotoServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  photos = await startPhotoServer();
  const started = await startEmptyApp("homestead_e2e_imports", { IMPORT_ALLOW_PRIVATE_HOSTS: "true" });
  app = { url: started.url, data: await openAppData(started.env), cleanup: started.cleanup };
});
test.afterAll(async () => {
  await app?.data.close();
  await app?.cleanup();
  await photos?.close();
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });

function listingsCsv() {
  const header =
    "reference,type,name,description,address,bedrooms,bathrooms,parking,offer,furnished,propertyType,livingArea,regularPrice,photos";
  const row = (ref: string, name: string) =>
    [
      ref,
      "rent",
      name,
      `"A bright flat by the harbour, with a balcony and a renewed kitchen."`,
      `"12 Rue de Rivoli, Paris"`,
      "2",
      "1",
      "false",
      "false",
      "furnished",
      "flat",
      "72",
      "1500",
      `${photos.url}/photo/${ref}.jpg`,
    ].join(",");
  return Buffer.from(
    `${[header, row("IMP-1", "Harbour flat one"), row("IMP-2", "Harbour flat two")].join("\r\n")}\r\n`,
  );
}

async function upload(page: Page) {
  await page
    .getByLabel("Feed file")
    .setInputFiles({ name: "listings.csv", mimeType: "text/csv", buffer: listingsCsv() });
  await page.getByRole("button", { name: "Check the file" }).click();
}

test("an agency owner imports a CSV: the dry run, Import, the result under Recent imports, the listings on the agency page, the same file again", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: app.url });
  const owner = await context.newPage();
  await signedIn(app.data, owner, newAccount("Olga Importer"));
  const agencyName = `Import Homes ${Math.random().toString(36).slice(2, 7)}`;

  await owner.goto("/agencies/new");
  await owner.getByLabel("Agency name").fill(agencyName);
  await owner.getByLabel("About the agency").fill("Flats by the harbour since 1990.");
  await owner.getByLabel("Office address").fill("12 Rue de Rivoli, Paris");
  await owner.getByLabel("Legal name").fill(`${agencyName} SARL`);
  await owner.getByLabel("Contact e-mail").fill("office@imports.example");
  await owner.getByRole("button", { name: "Create agency" }).click();
  await expect(owner.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();

  await owner.getByRole("link", { name: "Import listings" }).click();
  await expect(owner.getByRole("heading", { name: "Import listings", level: 1 })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Download the CSV template" })).toBeVisible();
  await upload(owner);
  await expect(
    owner.getByRole("status").filter({ hasText: "2 new, 0 changed, 0 withdrawn, 0 refused" }),
  ).toBeVisible();
  // The page with its dry run passes the WCAG 2.1 AA checks axe can make.
  const axe = await new AxeBuilder({ page: owner })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
  // The page with its dry run as people see it, on a desktop and a phone (in the test's output folder).
  for (const width of [1440, 390]) {
    await owner.setViewportSize({ width, height: 900 });
    await owner.screenshot({ path: test.info().outputPath(`import-dry-run-${width}.png`), fullPage: true });
  }
  await owner.getByRole("button", { name: "Import", exact: true }).click();
  // Import only queues it: the app's job runner imports it, and the page shows the result by itself.
  await expect(toast(owner, "Import started: its result appears under Recent imports")).toBeVisible();
  await expect(owner.getByRole("heading", { name: "Import listings", level: 1 })).toBeVisible();
  await expect(
    owner
      .getByRole("region", { name: "Recent imports" })
      .getByText("2 new, 0 changed, 0 withdrawn, 0 refused"),
  ).toBeVisible();

  await owner.getByRole("link", { name: `Back to ${agencyName}` }).click();
  await expect(owner.getByRole("heading", { name: agencyName, level: 1 })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Harbour flat one", exact: true })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Harbour flat two", exact: true })).toBeVisible();

  await owner.getByRole("link", { name: "Import listings" }).click();
  await upload(owner);
  await expect(
    owner.getByRole("status").filter({ hasText: "0 new, 0 changed, 0 withdrawn, 0 refused" }),
  ).toBeVisible();
  await context.close();
});
