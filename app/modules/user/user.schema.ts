// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";

/** The longest display name, in characters (code points). */
export const USER_NAME_MAX_LENGTH = 60;

/** A display name, as sign-up, the profile and every write to the user table accept it. */
export const UserNameSchema = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(USER_NAME_MAX_LENGTH, `Keep your name under ${USER_NAME_MAX_LENGTH} characters`)
  .refine(isPlainText, "Your name can not contain control characters");

/** The Personal Details form of the profile page. */
export const ProfileFormSchema = z.object({ name: UserNameSchema });
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
