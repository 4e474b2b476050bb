// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { API_KEY_LIMITS, API_KEY_SCOPES, API_KEY_MESSAGES as M } from "./api-key.rules.ts";

/** The "Create API key" form: a name to tell it apart, and what it may do. */
export const ApiKeyFormSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(API_KEY_LIMITS.nameMax, M.nameTooLong)
    .refine(isPlainText, M.nameRequired),
  scope: z.enum(API_KEY_SCOPES, { error: M.scopeInvalid }),
});
export type ApiKeyForm = z.output<typeof ApiKeyFormSchema>;
