import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import type { Config } from "#app/config.server.ts";
import type { Db } from "#app/db/db.server.ts";
import type { Mailer } from "#app/providers/mail/mail.server.ts";
import { CLIENT_IP_HEADER, MIN_PASSWORD_LENGTH } from "./auth.constants.ts";
import { nameFromGoogleProfile } from "./auth.google-profile.ts";
import { passwordResetMail } from "./auth.mail.ts";
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
];

/**
 * better-auth over our Kysely instance: e-mail + password, password reset by e-mail, Google (OpenID Connect,
 * endpoints from the discovery document so a test can point it at a loopback provider), database sessions.
 */
export function createAuth({ config, db, mailer }: { config: Config; db: Db; mailer: Mailer }) {
  const { rateLimit, google } = config.auth;
  const rule = { window: rateLimit.windowSeconds, max: rateLimit.max };
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
        await mailer.send(
          passwordResetMail({ to: user.email, name: user.name, url, siteName: config.site.name }),
        );
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      user: {
        create: { before: async (user) => assertAcceptableUserFields(user) },
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
      // The server sets this header from the socket (or a trusted proxy) and strips any sent by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.secureCookies },
    },
    plugins: google
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
                mapProfileToUser: (profile) => ({ name: nameFromGoogleProfile(profile.name, profile.email) }),
              },
            ],
          }),
        ]
      : [],
  });
}
