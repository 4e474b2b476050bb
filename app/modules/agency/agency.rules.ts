import { msg } from "#app/modules/i18n/i18n.ts";

// Agencies: the words, roles and limits both the browser and the server use (no Zod here, decision 020).

/** The roles of an agency's members, as better-auth's organization plugin stores them. */
export const AGENCY_ROLES = { owner: "owner", admin: "admin", agent: "agent" } as const;
export type AgencyRole = (typeof AGENCY_ROLES)[keyof typeof AGENCY_ROLES];
export const AGENCY_ROLE_VALUES = [AGENCY_ROLES.owner, AGENCY_ROLES.admin, AGENCY_ROLES.agent] as const;

const ROLE_LABELS: Record<AgencyRole, string> = {
  owner: msg("Owner"),
  admin: msg("Admin"),
  agent: msg("Agent"),
};

/** A role's words ("Agent"); an unknown role shows as it is stored. */
export function roleLabel(role: string) {
  return ROLE_LABELS[role as AgencyRole] ?? role;
}

/** Whether `role` may invite, change roles, remove members and edit the profile: owners and admins. */
export function managesAgency(role: string | null | undefined) {
  return role === AGENCY_ROLES.owner || role === AGENCY_ROLES.admin;
}

export const AGENCY_LIMITS = {
  /** Agencies one user may belong to (create or join). */
  agenciesPerUser: 20,
  membersPerAgency: 200,
  openInvitations: 50,
  invitationDays: 7,
  nameMax: 80,
  aboutMax: 2000,
  addressMax: 200,
  phoneMax: 30,
  legalNameMax: 120,
  registrationNumberMax: 60,
  emailMax: 254,
} as const;

export const AGENCY_MESSAGES = {
  nameRequired: msg("Agency name is required"),
  nameTooLong: msg("Please keep the name under 80 characters"),
  aboutRequired: msg("Please say a few words about the agency"),
  aboutTooLong: msg("Please keep it under 2000 characters"),
  addressRequired: msg("Office address is required"),
  addressTooLong: msg("Please keep the address under 200 characters"),
  phoneInvalid: msg("Please enter a phone number (digits, spaces, +, -, and brackets)"),
  legalNameRequired: msg("Legal name is required"),
  legalNameTooLong: msg("Please keep the legal name under 120 characters"),
  registrationNumberTooLong: msg("Please keep the registration number under 60 characters"),
  emailInvalid: msg("Please enter a valid e-mail address"),
  unprintable: msg("Please remove the control characters"),
  roleInvalid: msg("Please choose a role"),
  logoGone: msg("The logo was not uploaded, please choose it again"),
  agentInvalid: msg("Please choose a member of the agency as the listing agent"),
  tooManyAgencies: msg("You can belong to at most 20 agencies"),
  tooManyMembers: msg("An agency can have at most 200 members"),
  tooManyInvitations: msg("An agency can have at most 50 open invitations"),
  lastOwner: msg("An agency always keeps at least one owner"),
  onlyOwner: msg("You are the only owner of an agency: make another member an owner first"),
  notAllowed: msg("You can not do that in this agency"),
  notFound: msg("That agency does not exist"),
  memberGone: msg("That member is no longer in the agency"),
  alreadyMember: msg("That person is already a member"),
  invitationInvalid: msg("This invitation is no longer valid"),
  invitationNotYours: msg("This invitation was sent to another e-mail address"),
  created: msg("Agency created"),
  saved: msg("Agency saved"),
  invited: msg("Invitation sent"),
  roleChanged: msg("Role changed"),
  removed: msg("Member removed"),
  invitationCanceled: msg("Invitation canceled"),
  joined: msg("You joined the agency"),
} as const;

/** Where an invitation's link leads: the page that shows it and accepts it. */
export function agencyInvitationPath(invitationId: string) {
  return `/agency/invitations/${encodeURIComponent(invitationId)}`;
}

/** The agency's public page. */
export function agencyPath(slug: string) {
  return `/agencies/${encodeURIComponent(slug)}`;
}

/** A slug from the agency's name: lower-case letters and digits in words joined by dashes. */
export function slugFromName(name: string) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "agency";
}
