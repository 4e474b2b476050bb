// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { CANCEL_REASON_MAX_LENGTH, MAX_CAPACITY, SLOT_MINUTES, VIEWING_TEXTS as T } from "./viewing.rules.ts";

/**
 * The lister's "Viewing times" form: a day and a span in the listing's time zone, the kind, and for slots their
 * length, for an open house an optional cap. The instants and the other rules (future, length) are the
 * service's, which knows the zone and the clock.
 */
export const ViewingTimeFormSchema = z.object({
  kind: z.enum(["openHouse", "slots"], { error: T.badSlotLength }),
  date: z.string({ error: T.dateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, T.dateRequired),
  from: z.string({ error: T.timeRequired }).regex(/^\d{2}:\d{2}$/, T.timeRequired),
  to: z.string({ error: T.timeRequired }).regex(/^\d{2}:\d{2}$/, T.timeRequired),
  slotMinutes: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .refine(
      (value) => value === null || (SLOT_MINUTES as readonly number[]).includes(value),
      T.badSlotLength,
    ),
  capacity: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? Number(value.trim()) : null))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 1 && value <= MAX_CAPACITY),
      T.badCapacity,
    ),
  confirmByHand: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type ViewingTimeForm = z.infer<typeof ViewingTimeFormSchema>;

/** A reason to cancel: required of the lister, one line or a few. */
export const CancelReasonSchema = z
  .string({ error: T.reasonRequired })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, T.reasonRequired)
      .max(CANCEL_REASON_MAX_LENGTH, T.reasonTooLong)
      .refine((value) => isPlainText(value.replace(/[\n\t]/g, " ")), T.reasonRequired),
  );
