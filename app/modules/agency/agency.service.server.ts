import { isAPIError } from "better-auth/api";
import type { Db } from "#app/db/db.server.ts";
import {
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseOrInvalid,
  TooManyRequestsError,
  UnavailableError,
} from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import type { Auth } from "#app/modules/auth/auth.server.ts";
import type { SessionUser } from "#app/modules/auth/auth.session.server.ts";
import { GeocoderBusyError } from "#app/providers/geocoding/geocoding.error.ts";
import type { Geocoder } from "#app/providers/geocoding/geocoding.server.ts";
import {
  findInvitation,
  findMemberById,
  findMembership,
  isAgencySlugTaken,
  isPendingUploadOf,
  moveAgencyListings,
  setAgencyLogo,
} from "./agency.repo.server.ts";
import { AGENCY_MESSAGES as M, managesAgency, slugFromName } from "./agency.rules.ts";
import {
  type AgencyFormField,
  AgencyFormSchema,
  InvitationFormSchema,
  RoleFormSchema,
} from "./agency.schema.ts";

// Agency writes. Each one validates its input here, checks that the user is a member who may do it, then asks
// better-auth's organization plugin, which checks the role again and keeps the rules it owns (limits, the last
// owner, invitations bound to their address, single use, expiry). `headers` carry the user's session: the
// plugin acts as that user, never as the server.

export type AgencyDeps = { db: Db; auth: Auth; geocoder: Geocoder };

const GEOCODER_DOWN = "Could not check the address right now, please try again in a moment";
const GEOCODER_BUSY = "Many addresses are being checked right now, please try again in a moment";
const BAD_ADDRESS = "Please enter a correct address";

/** The plugin's refusals in our words; anything else it throws is a bug and is rethrown. */
const PLUGIN_REFUSALS: Record<string, () => Error> = {
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: () => new ForbiddenError(M.tooManyAgencies),
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: () => new ForbiddenError(M.tooManyMembers),
  INVITATION_LIMIT_REACHED: () => new ForbiddenError(M.tooManyInvitations),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: () => new ForbiddenError(M.lastOwner),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: () => new ForbiddenError(M.lastOwner),
  INVITATION_NOT_FOUND: () => new NotFoundError(M.invitationInvalid),
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: () => new ForbiddenError(M.invitationNotYours),
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: () =>
    new ForbiddenError(M.invitationNotYours),
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: () =>
    new InvalidError({ email: M.alreadyMember }, M.alreadyMember),
  MEMBER_NOT_FOUND: () => new NotFoundError(M.memberGone),
};

/** Runs a plugin call, turning its refusals into ours. */
async function plugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    const refusal = PLUGIN_REFUSALS[code];
    if (refusal) throw refusal();
    if (error.statusCode === 403 || error.statusCode === 401) throw new ForbiddenError(M.notAllowed);
    throw error;
  }
}

/** The office's point, from its address as a listing's is found; refuses an address the geocoder cannot place. */
async function placeOffice(geocoder: Geocoder, address: string) {
  let place: Awaited<ReturnType<Geocoder["geocode"]>>;
  try {
    place = await geocoder.geocode(address);
  } catch (error) {
    if (error instanceof GeocoderBusyError)
      throw new TooManyRequestsError(GEOCODER_BUSY, error.retryAfterSeconds);
    logger.error({ err: error }, "geocoding an agency's office failed");
    throw new UnavailableError(GEOCODER_DOWN, { officeAddress: GEOCODER_DOWN });
  }
  const formatted = place?.formattedAddress?.trim();
  if (!place || !formatted) {
    throw new InvalidError<AgencyFormField>({ officeAddress: BAD_ADDRESS }, BAD_ADDRESS);
  }
  return { officeAddress: formatted, officeLat: place.lat, officeLng: place.lng };
}

/** A slug no agency has: the name's, or with a number after it. */
async function freeSlug(db: Db, name: string) {
  const base = slugFromName(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await isAgencySlugTaken(db, slug))) return slug;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/** The user's membership of the agency; anyone else (a former member too) is refused. */
async function requireMember(db: Db, agencyId: string, user: Pick<SessionUser, "id">) {
  const membership = await findMembership(db, agencyId, user.id);
  if (!membership) throw new ForbiddenError(M.notAllowed);
  return membership;
}

/** The membership of an owner or admin of the agency; agents and anyone else are refused. */
export async function requireAgencyManager(db: Db, agencyId: string, user: Pick<SessionUser, "id">) {
  const membership = await requireMember(db, agencyId, user);
  if (!managesAgency(membership.role)) throw new ForbiddenError(M.notAllowed);
  return membership;
}

/** A logo the form names must be the user's own upload, in no listing or agency yet. */
async function checkLogo(db: Db, user: Pick<SessionUser, "id">, logoImageId: string | null) {
  if (logoImageId && !(await isPendingUploadOf(db, logoImageId, user.id))) {
    throw new InvalidError<AgencyFormField>({ logoImageId: M.logoGone }, M.logoGone);
  }
}

async function applyLogo(
  db: Db,
  user: Pick<SessionUser, "id">,
  agencyId: string,
  logoImageId: string | null,
) {
  if (logoImageId && !(await setAgencyLogo(db, agencyId, logoImageId, user.id))) {
    throw new InvalidError<AgencyFormField>({ logoImageId: M.logoGone }, M.logoGone);
  }
}

/** Creates an agency with `user` as its owner, with the uploaded logo if any; returns its id and slug. */
export async function createAgency(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  input: unknown,
) {
  const form = parseOrInvalid(AgencyFormSchema, input);
  await checkLogo(deps.db, user, form.logoImageId);
  const office = await placeOffice(deps.geocoder, form.officeAddress);
  const slug = await freeSlug(deps.db, form.name);
  const created = await plugin(() =>
    deps.auth.api.createOrganization({
      headers,
      body: {
        name: form.name,
        slug,
        about: form.about,
        ...office,
        phone: form.phone ?? undefined,
        legalName: form.legalName,
        registrationNumber: form.registrationNumber ?? undefined,
        contactEmail: form.contactEmail,
        keepCurrentActiveOrganization: true,
      },
    }),
  );
  if (!created) throw new Error("the organization plugin created no agency");
  await applyLogo(deps.db, user, created.id, form.logoImageId);
  return { id: created.id, slug: created.slug };
}

/** Saves the agency's profile (owners and admins); its slug stays, so links to it keep working. */
export async function updateAgency(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  agencyId: string,
  input: unknown,
) {
  await requireAgencyManager(deps.db, agencyId, user);
  const form = parseOrInvalid(AgencyFormSchema, input);
  await checkLogo(deps.db, user, form.logoImageId);
  const office = await placeOffice(deps.geocoder, form.officeAddress);
  await plugin(() =>
    deps.auth.api.updateOrganization({
      headers,
      body: {
        organizationId: agencyId,
        data: {
          name: form.name,
          about: form.about,
          ...office,
          phone: form.phone ?? "",
          legalName: form.legalName,
          registrationNumber: form.registrationNumber ?? "",
          contactEmail: form.contactEmail,
        },
      },
    }),
  );
  await applyLogo(deps.db, user, agencyId, form.logoImageId);
}

/** Invites an address to the agency (owners and admins); the plugin mails the link. */
export async function inviteMember(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  agencyId: string,
  input: unknown,
) {
  await requireAgencyManager(deps.db, agencyId, user);
  const { email, role } = parseOrInvalid(InvitationFormSchema, input);
  await plugin(() =>
    deps.auth.api.createInvitation({
      headers,
      body: { organizationId: agencyId, email, role, resend: true },
    }),
  );
}

/** Withdraws an open invitation (owners and admins of its agency). */
export async function cancelInvitation(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  agencyId: string,
  invitationId: string,
) {
  await requireAgencyManager(deps.db, agencyId, user);
  const invitation = await findInvitation(deps.db, invitationId);
  if (!invitation || invitation.organizationId !== agencyId) throw new NotFoundError(M.invitationInvalid);
  await plugin(() => deps.auth.api.cancelInvitation({ headers, body: { invitationId } }));
}

/** Joins the agency of an invitation sent to the user's own (verified) address; returns the agency's slug. */
export async function acceptInvitation(deps: AgencyDeps, headers: Headers, invitationId: string) {
  const invitation = await findInvitation(deps.db, invitationId);
  if (!invitation) throw new NotFoundError(M.invitationInvalid);
  await plugin(() => deps.auth.api.acceptInvitation({ headers, body: { invitationId } }));
  return { name: invitation.agencyName, slug: invitation.agencySlug };
}

/** Gives a member another role (owners and admins; only an owner makes or unmakes an owner). */
export async function changeMemberRole(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  agencyId: string,
  input: unknown,
) {
  await requireAgencyManager(deps.db, agencyId, user);
  const { memberId, role } = parseOrInvalid(RoleFormSchema, input);
  await plugin(() =>
    deps.auth.api.updateMemberRole({ headers, body: { organizationId: agencyId, memberId, role } }),
  );
}

/**
 * Removes a member (owners and admins; an owner only by an owner, and never the last one). The agency keeps
 * the listings they listed for it: the member who removed them becomes their listing agent (decision 061),
 * so enquiries reach someone still in the agency, and the former member can no longer change them.
 */
export async function removeMember(
  deps: AgencyDeps,
  user: Pick<SessionUser, "id">,
  headers: Headers,
  agencyId: string,
  memberId: string,
) {
  await requireAgencyManager(deps.db, agencyId, user);
  const removed = await findMemberById(deps.db, agencyId, memberId);
  if (!removed) throw new NotFoundError(M.memberGone);
  await plugin(() =>
    deps.auth.api.removeMember({ headers, body: { organizationId: agencyId, memberIdOrEmail: memberId } }),
  );
  await moveAgencyListings(deps.db, agencyId, removed.userId, user.id);
}
