// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { USER_NAME_MAX_LENGTH } from "./user.rules.ts";

/** A display name, as sign-up, the profile and every write to the user table accept it. */
export const UserNameSchema = z
  .string({ error: "Enter your name" })
  .trim()
  .min(1, "Enter your name")
  .max(USER_NAME_MAX_LENGTH, `Keep your name under ${USER_NAME_MAX_LENGTH} characters`)
  .refine(isPlainText, "Your name can not contain control characters");
