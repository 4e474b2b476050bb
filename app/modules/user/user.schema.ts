import { z } from "zod";

/** The Personal Details form of the profile page. */
export const ProfileFormSchema = z.object({
  name: z.string().trim().min(1, "Enter your name").max(60, "Keep your name under 60 characters"),
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;
