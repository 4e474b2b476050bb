import { z } from "zod";

// SPEC.md section 5: sign-in, sign-up and reset forms have no client-side rules beyond input type e-mail.
// The server still refuses what cannot be an account, and better-auth enforces the password length.
const email = z.string().trim().toLowerCase().max(254);
const password = z.string().max(128);

export const SignInFormSchema = z.object({ email, password, redirectTo: z.string().optional() });
export const SignUpFormSchema = z.object({ name: z.string().trim().min(1).max(60), email, password });
export const ForgotPasswordFormSchema = z.object({ email });
export const ResetPasswordFormSchema = z.object({ token: z.string().min(1).max(200), password });

export const MIN_PASSWORD_LENGTH = 8;
