import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { MODERATION_MESSAGES, REPORT_DETAILS_MAX, REPORT_REASON_VALUES } from "./moderation.rules.ts";

/** The report form: a reason, and optionally what is wrong in the user's words (several lines). */
export const ReportFormSchema = z.object({
  reason: z.enum(REPORT_REASON_VALUES, { error: MODERATION_MESSAGES.reasonRequired }),
  details: z
    .string({ error: MODERATION_MESSAGES.detailsTooLong })
    .trim()
    .max(REPORT_DETAILS_MAX, MODERATION_MESSAGES.detailsTooLong)
    .refine((value) => isPlainText(value.replace(/\r?\n/g, " ")), MODERATION_MESSAGES.detailsUnprintable)
    .optional()
    .transform((value) => value || null),
});

export type ReportForm = z.infer<typeof ReportFormSchema>;
