// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { UserNameSchema } from "#app/modules/user/user.schema.ts";

// SPEC.md section 5: sign-in, sign-up and reset forms have no client-side rules beyond input type e-mail.
// The server still refuses what cannot be an account, and better-auth enforces the password length.
const email = z.string().trim().toLowerCase().max(254);
const password = z.string().max(128);
// better-auth's reset tokens are URL-safe letters and digits; anything else is not one of ours.
const token = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);

export const SignInFormSchema = z.object({ email, password });
export const SignUpFormSchema = z.object({ name: UserNameSchema, email, password });
export const ForgotPasswordFormSchema = z.object({ email });
export const ResetPasswordFormSchema = z.object({ token, password });
