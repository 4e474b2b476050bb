import type { Page } from "@playwright/test";

/** The details every listing form needs since they are required: a description, a property type and an area. */
export type RequiredDetails = { description?: string; propertyType?: string; livingArea?: string };

export const SAMPLE_DESCRIPTION =
  "A bright home with large windows, a renewed kitchen and a quiet bedroom at the back.";

/**
 * Fills the listing form's required details as a lister does (a flat of 75 in the site's unit, unless told
 * otherwise); the form must be open and interactive.
 */
export async function fillRequiredDetails(page: Page, details: RequiredDetails = {}) {
  await page.getByLabel("Property type").selectOption(details.propertyType ?? "Flat");
  await page.getByLabel("Description").fill(details.description ?? SAMPLE_DESCRIPTION);
  await page.getByLabel("Living area").fill(details.livingArea ?? "75");
}
