import { describe, expect, it } from "vitest";
import { AgencyFormSchema } from "./agency.schema.ts";

const FORM = {
  name: "Riverside Homes",
  about: "Homes by the river since 1990.",
  officeAddress: "1 Quai de la Tournelle, Paris",
  legalName: "Riverside Homes SARL",
  contactEmail: "office@riverside.example",
};

describe("the agency form's logo", () => {
  it("takes an upload's id, or none", () => {
    const id = "3f5d2c35-b0fc-4355-b7e6-366038017702";
    expect(AgencyFormSchema.parse({ ...FORM, logoImageId: id }).logoImageId).toBe(id);
    expect(AgencyFormSchema.parse({ ...FORM, logoImageId: "" }).logoImageId).toBeNull();
    expect(AgencyFormSchema.parse(FORM).logoImageId).toBeNull();
  });

  // Found by the form-refusals property test: PostgreSQL refuses a NUL byte in a query's text (a 500).
  it.each(["\u0000", "a\u0000b", "../etc/passwd", "x".repeat(65)])(
    "refuses %j before any query",
    (logoImageId) => {
      expect(AgencyFormSchema.safeParse({ ...FORM, logoImageId }).success).toBe(false);
    },
  );
});
