import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { admin, genericOAuth, organization } from "better-auth/plugins";
import { adminAc, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import { invitationMail } from "#app/modules/agency/agency.mail.ts";
import { AGENCY_LIMITS, AGENCY_ROLES, agencyInvitationPath } from "#app/modules/agency/agency.rules.ts";
import {
  assertUnderLimit,
  type LimitRule,
  type LimitRules,
  remainingHits,
  takeLimit,
} from "#app/modules/limits/limits.server.ts";
import { mailContextOf } from "#app/modules/mail/mail.context.server.ts";
import type { Mailer, MailMessage } from "#app/providers/mail/mail.server.ts";
import { CLIENT_IP_HEADER, MIN_PASSWORD_LENGTH, TOO_MANY_FAILED_SIGN_INS } from "./auth.constants.ts";
import { nameFromGoogleProfile } from "./auth.google-profile.ts";
import { existingAccountMail, passwordResetMail, signInAlertMail, verificationMail } from "./auth.mail.ts";
import { ADMIN_ROLE, SUSPENDED_MESSAGE, USER_ROLE } from "./auth.roles.ts";
import { assertAcceptableUserFields } from "./auth.user-fields.server.ts";

export type Auth = ReturnType<typeof createAuth>;

/**
 * Paths (under /api/auth) that guess, send or store something: rate limited per client IP, counted in the
 * database. "/sign-in/social" (Google; it stores an OAuth state) is listed so that every sign-in follows the
 * one rule an operator sets (AUTH_RATE_LIMIT_*) rather than better-auth's built-in 3 per 10 s for "/sign-in*".
 */
const RATE_LIMITED_PATHS = [
  "/sign-in/email",
  "/sign-in/social",
  "/sign-up/email",
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
];

/**
 * better-auth over our Kysely instance: e-mail + password, password reset by e-mail, Google (OpenID Connect,
 * endpoints from the discovery document so a test can point it at a loopback provider), database sessions.
 */
export function createAuth({
  config,
  db,
  mailer,
  limits,
}: {
  config: Config;
  db: Db;
  /** The outbox (services.mailer): `send` queues the message for its drain. */
  mailer: Mailer;
  /** Account e-mails per recipient per hour, failed sign-ins per account; none when absent. */
  limits?: Pick<LimitRules, "authEmails" | "signInFailures" | "signInAlerts">;
}) {
  const { rateLimit, google } = config.auth;
  const rule = { window: rateLimit.windowSeconds, max: rateLimit.max };
  const signInUrl = `${config.publicUrl}/sign-in`;
  const resetUrl = `${config.publicUrl}/forgot-password`;

  /**
   * Queues an account e-mail in the outbox after the answer has gone (the outbox's drain sends it at once,
   * and retries it): the page answers at once whether or not the address has an account (timing reveals
   * nothing), and a slow SMTP server never holds a request. Each recipient
   * gets at most LIMIT_AUTH_EMAILS_PER_HOUR of them; over that the mail is dropped silently (the page must
   * answer the same), so nobody can flood someone's inbox through the forms.
   */
  const sendLater = (message: MailMessage, recipientLimit: LimitRule | null = limits?.authEmails ?? null) => {
    setImmediate(async () => {
      try {
        if (recipientLimit) await takeLimit(db, recipientLimit, message.to.toLowerCase());
        await mailer.send(message);
      } catch (error) {
        if (error instanceof TooManyRequestsError) {
          logger.warn({ subject: message.subject }, "account e-mail not sent: recipient limit reached");
        } else {
          logger.error({ err: error, subject: message.subject }, "account e-mail could not be queued");
        }
      }
    });
  };

  /**
   * Counts a failed sign-in against the account typed (whether or not it exists: the answer must not tell).
   * The failure that uses up LIMIT_SIGN_IN_FAILURES e-mails the owner, at most once per lock window.
   */
  const countSignInFailure = async (account: string) => {
    if (!limits) return;
    try {
      await takeLimit(db, limits.signInFailures, account);
    } catch (error) {
      if (error instanceof TooManyRequestsError) return; // already locked by a concurrent failure
      throw error;
    }
    if ((await remainingHits(db, limits.signInFailures, account)) > 0) return;
    const owner = await db
      .selectFrom("user")
      .select(["email", "name"])
      .where("email", "=", account)
      .executeTakeFirst();
    if (!owner) return;
    try {
      await takeLimit(db, limits.signInAlerts, account);
    } catch (error) {
      if (error instanceof TooManyRequestsError) return;
      throw error;
    }
    // Counted by its own rule (one per lock window), not against the account e-mails: it must not be crowded out.
    sendLater(signInAlertMail(mailContextOf(config), { to: owner.email, name: owner.name, resetUrl }), null);
  };

  /** E-mails the owner of a verified account at `email` (if there is one) the ways to sign in. */
  const remindExistingOwner = async (email: unknown) => {
    if (typeof email !== "string") return;
    const owner = await db
      .selectFrom("user")
      .select(["email", "name", "emailVerified"])
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (owner?.emailVerified) sendExistingAccountMail(owner);
  };

  const sendExistingAccountMail = (owner: { email: string; name: string }) =>
    sendLater(
      existingAccountMail(mailContextOf(config), { to: owner.email, name: owner.name, signInUrl, resetUrl }),
    );

  /** Roles come from ADMIN_EMAILS only (the admin plugin's role column is not an input). */
  const roleOf = (email: string) =>
    config.auth.adminEmails.includes(email.toLowerCase()) ? ADMIN_ROLE : USER_ROLE;

  return betterAuth({
    appName: config.site.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.auth.secret,
    trustedOrigins: [config.publicUrl],
    database: { db, type: config.database.kind },
    // A failure that is not one of better-auth's answers (the database out of reach) is thrown to the route,
    // like any loader's, and answered there (a 503 with Retry-After; decision 048), not as a bare 500.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Sign-up must not tell whether an address has an account: without a session for a new address,
      // better-auth answers an existing one exactly the same (a synthetic user, after hashing the password just
      // as long), and the owner gets an e-mail instead. The verification link signs the new user in.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => sendExistingAccountMail(user),
      // The answer for an existing address shows the user a new account would have had, field for field.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: roleOf(coreFields.email),
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      sendResetPassword: async ({ user, url }) => {
        sendLater(passwordResetMail(mailContextOf(config), { to: user.email, name: user.name, url }));
      },
    },
    emailVerification: {
      // Until verified a user may browse and save; publishing, contacting and alerts ask them to verify first
      // (requireVerifiedUser), so sign-in itself never requires it.
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        sendLater(verificationMail(mailContextOf(config), { to: user.email, name: user.name, url }));
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A name the forms refuse is refused before the address is looked up, so both kinds of address
        // get the same answer for it.
        if (ctx.path === "/sign-up/email") assertAcceptableUserFields({ name: ctx.body?.name });
        const account = signInAccount(ctx.path, ctx.body);
        if (account && limits) {
          try {
            await assertUnderLimit(db, limits.signInFailures, account);
          } catch (error) {
            if (!(error instanceof TooManyRequestsError)) throw error;
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: error.message, code: TOO_MANY_FAILED_SIGN_INS },
              { "Retry-After": String(error.retryAfterSeconds) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const account = signInAccount(ctx.path, ctx.body);
        if (account && isAPIError(returned) && returned.statusCode === 401) await countSignInFailure(account);
        // "Resend" on "Check your inbox" after signing up with an address that already has a verified account:
        // better-auth sends nothing and answers as for any address; the owner gets the sign-in links again.
        if (ctx.path === "/send-verification-email" && !isAPIError(returned)) {
          await remindExistingOwner(ctx.body?.email);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            assertAcceptableUserFields(user);
            return { data: { ...user, role: roleOf(user.email) } };
          },
        },
        update: { before: async (user) => assertAcceptableUserFields(user) },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      customRules: Object.fromEntries(RATE_LIMITED_PATHS.map((path) => [path, rule])),
    },
    advanced: {
      // Pinned on, whatever the environment: better-auth turns its origin checks off by default when TEST is
      // set or NODE_ENV=test, which lets a reset link carry its token to another site.
      disableCSRFCheck: false,
      disableOriginCheck: false,
      // The server sets this header from the socket (or a trusted proxy) and strips any sent by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
    },
    plugins: [
      // Roles and bans (suspension). Its HTTP endpoints (/api/auth/admin/*) are closed in front of
      // better-auth (auth.request-guard.server.ts): /admin calls it in-process, for administrators only.
      admin({ defaultRole: USER_ROLE, adminRoles: [ADMIN_ROLE], bannedUserMessage: SUSPENDED_MESSAGE }),
      // Agencies (decision 061): members, roles and invitations. Like the admin plugin's, its HTTP endpoints
      // are closed in front of better-auth; the agency pages call it in-process after validating the input,
      // and it checks who may do what by the member's role.
      organization({
        roles: {
          [AGENCY_ROLES.owner]: ownerAc,
          [AGENCY_ROLES.admin]: adminAc,
          [AGENCY_ROLES.agent]: memberAc,
        },
        creatorRole: AGENCY_ROLES.owner,
        organizationLimit: AGENCY_LIMITS.agenciesPerUser,
        membershipLimit: AGENCY_LIMITS.membersPerAgency,
        invitationLimit: AGENCY_LIMITS.openInvitations,
        invitationExpiresIn: AGENCY_LIMITS.invitationDays * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        // The invitation's link is the proof of the mailbox; the account accepting it must have proved it too.
        requireEmailVerificationOnInvitation: true,
        sendInvitationEmail: async ({ id, email, organization: agency, inviter }) => {
          await mailer.send(
            invitationMail(mailContextOf(config), {
              to: email,
              agencyName: agency.name,
              inviterName: inviter.user.name,
              url: `${config.publicUrl}${agencyInvitationPath(id)}`,
            }),
          );
        },
        schema: {
          organization: {
            additionalFields: {
              about: { type: "string", required: true },
              officeAddress: { type: "string", required: true },
              officeLat: { type: "number", required: true },
              officeLng: { type: "number", required: true },
              phone: { type: "string", required: false },
              legalName: { type: "string", required: true },
              registrationNumber: { type: "string", required: false },
              contactEmail: { type: "string", required: true },
            },
          },
        },
      }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  discoveryUrl: google.discoveryUrl,
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  prompt: "select_account",
                  // A Google name our name rule would refuse must not lock the person out (see there).
                  mapProfileToUser: (profile) => ({
                    name: nameFromGoogleProfile(profile.name, profile.email),
                    // Google has checked the address: such an account counts as verified.
                    emailVerified: true,
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/** The account (its address, lower case) an e-mail sign-in is for; null for any other request. */
function signInAccount(path: string, body: unknown) {
  if (path !== "/sign-in/email" || typeof body !== "object" || body === null) return null;
  const email = (body as { email?: unknown }).email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}
