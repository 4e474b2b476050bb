import { z } from "zod";
import { isPlainText } from "~/modules/text/text.rules";

/** A display name, as sign-up, the profile and every write to the user table accept it. */
export const UserNameSchema = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(60, "Keep your name under 60 characters")
  .refine(isPlainText, "Your name can not contain control characters");

/** The Personal Details form of the profile page. */
export const ProfileFormSchema = z.object({ name: UserNameSchema });
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
