import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import {
  DECISION_NOTE_MAX,
  HIDE_REASON_VALUES,
  MODERATION_MESSAGES,
  REPORT_DETAILS_MAX,
  REPORT_REASON_VALUES,
  REPORTER_EMAIL_MAX,
} from "./moderation.rules.ts";

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

/** A visitor's report: the report form, and the address the confirmation link goes to (kept lower case). */
export const VisitorReportFormSchema = ReportFormSchema.extend({
  email: z
    .string({ error: MODERATION_MESSAGES.emailRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.emailRequired)
    .max(REPORTER_EMAIL_MAX, MODERATION_MESSAGES.emailInvalid)
    .pipe(z.email({ error: MODERATION_MESSAGES.emailInvalid }))
    .transform((value) => value.toLowerCase()),
});

/** A text for the other side of a decision: several lines of plain text, trimmed. */
const decisionText = (required: boolean) =>
  z
    .string({ error: required ? MODERATION_MESSAGES.noteRequired : MODERATION_MESSAGES.noteTooLong })
    .trim()
    .min(required ? 1 : 0, MODERATION_MESSAGES.noteRequired)
    .max(DECISION_NOTE_MAX, MODERATION_MESSAGES.noteTooLong)
    .refine((value) => isPlainText(value.replace(/\r?\n/g, " ")), MODERATION_MESSAGES.noteUnprintable);

/** Hiding a listing: why, and the words the owner is sent. */
export const HideFormSchema = z.object({
  reason: z.enum(HIDE_REASON_VALUES, { error: MODERATION_MESSAGES.hideReasonRequired }),
  note: decisionText(true),
});

/** An owner's review request: optionally what they changed or want the moderators to know. */
export const ReviewRequestSchema = z.object({
  message: decisionText(false)
    .optional()
    .transform((value) => value || null),
});
