import { betterAuth } from "better-auth";
import { admin, genericOAuth } from "better-auth/plugins";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import { TooManyRequestsError } from "#app/http/errors.ts";
import { logger } from "#app/logger.server.ts";
import { serverI18n } from "#app/modules/i18n/i18n.server.ts";
import { type LimitRules, takeLimit } from "#app/modules/limits/limits.server.ts";
import type { Mailer, MailMessage } from "#app/providers/mail/mail.server.ts";
import { CLIENT_IP_HEADER, MIN_PASSWORD_LENGTH } from "./auth.constants.ts";
import { nameFromGoogleProfile } from "./auth.google-profile.ts";
import { passwordResetMail, verificationMail } from "./auth.mail.ts";
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
  /** Reset and verification e-mails per recipient per hour; none when absent. */
  limits?: Pick<LimitRules, "authEmails">;
}) {
  const { rateLimit, google } = config.auth;
  const rule = { window: rateLimit.windowSeconds, max: rateLimit.max };

  /**
   * Queues an account e-mail in the outbox after the answer has gone (the outbox's drain sends it at once,
   * and retries it): the page answers at once whether or not the address has an account (timing reveals
   * nothing), and a slow SMTP server never holds a request. Each recipient
   * gets at most LIMIT_AUTH_EMAILS_PER_HOUR of them; over that the mail is dropped silently (the page must
   * answer the same), so nobody can flood someone's inbox through the forms.
   */
  const sendLater = (message: MailMessage) => {
    setImmediate(async () => {
      try {
        if (limits) await takeLimit(db, limits.authEmails, message.to.toLowerCase());
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

  return betterAuth({
    appName: config.site.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.auth.secret,
    trustedOrigins: [config.publicUrl],
    database: { db, type: config.database.kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        sendLater(
          passwordResetMail({
            to: user.email,
            name: user.name,
            url,
            siteName: config.site.name,
            t: serverI18n(config).t,
          }),
        );
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
        sendLater(
          verificationMail({
            to: user.email,
            name: user.name,
            url,
            siteName: config.site.name,
            t: serverI18n(config).t,
          }),
        );
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            assertAcceptableUserFields(user);
            // Roles come from ADMIN_EMAILS only (the admin plugin's role column is not an input).
            const listed = config.auth.adminEmails.includes(user.email.toLowerCase());
            return { data: { ...user, role: listed ? ADMIN_ROLE : USER_ROLE } };
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
