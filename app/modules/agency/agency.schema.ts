import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { AGENCY_ROLE_VALUES, AGENCY_LIMITS as L, AGENCY_MESSAGES as M } from "./agency.rules.ts";

/** One line of text: trimmed, within `max`, no control characters. */
const line = (max: number, required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => isPlainText(value), M.unprintable);

/** An optional line: empty becomes null. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => isPlainText(value), M.unprintable)
    .optional()
    .transform((value) => value || null);

const email = z
  .string({ error: M.emailInvalid })
  .trim()
  .toLowerCase()
  .max(L.emailMax, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }));

/**
 * The agency's profile (Create an agency, and Settings): name, about text, office address, public phone, and
 * the trader details (legal name, registration number; the contact e-mail is never shown).
 */
export const AgencyFormSchema = z.object({
  name: line(L.nameMax, M.nameRequired, M.nameTooLong),
  about: z
    .string({ error: M.aboutRequired })
    .trim()
    .min(1, M.aboutRequired)
    .max(L.aboutMax, M.aboutTooLong)
    .refine((value) => isPlainText(value.replace(/\r?\n/g, " ")), M.unprintable),
  officeAddress: line(L.addressMax, M.addressRequired, M.addressTooLong),
  phone: z
    .string()
    .trim()
    .max(L.phoneMax, M.phoneInvalid)
    .refine((value) => value === "" || /^\+?[0-9 ()-]{6,}$/.test(value), M.phoneInvalid)
    .optional()
    .transform((value) => value || null),
  legalName: line(L.legalNameMax, M.legalNameRequired, M.legalNameTooLong),
  registrationNumber: optionalLine(L.registrationNumberMax, M.registrationNumberTooLong),
  contactEmail: email,
  /** A new logo: the id of the user's upload (the photo pipeline); absent keeps the current one. */
  logoImageId: z
    .string({ error: M.logoGone })
    .trim()
    // An id as the upload endpoint hands it out: anything else (a NUL byte PostgreSQL refuses) is refused
    // before a query.
    .regex(/^([A-Za-z0-9-]{1,64})?$/, M.logoGone)
    .optional()
    .transform((value) => value || null),
});

export type AgencyForm = z.infer<typeof AgencyFormSchema>;
export type AgencyFormField = keyof AgencyForm;

/** An invitation: the address it is bound to, and the role the invitee gets. */
export const InvitationFormSchema = z.object({
  email,
  role: z.enum(AGENCY_ROLE_VALUES, { error: M.roleInvalid }),
});

export type InvitationForm = z.infer<typeof InvitationFormSchema>;

/** A member's new role. */
export const RoleFormSchema = z.object({
  memberId: z.string().min(1).max(100),
  role: z.enum(AGENCY_ROLE_VALUES, { error: M.roleInvalid }),
});

/** A posted profile form's fields, as the service reads them (absent ones undefined). */
export function agencyFormInput(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name"),
    about: text("about"),
    officeAddress: text("officeAddress"),
    phone: text("phone"),
    legalName: text("legalName"),
    registrationNumber: text("registrationNumber"),
    contactEmail: text("contactEmail"),
    // Raw: a file posted in place of the id is refused (the logo's own upload is the photo pipeline's).
    logoImageId: form.get("logoImageId") ?? undefined,
  };
}
