// First: configures Zod before this module creates a schema (see zod-config.ts).
import "#app/zod-config.ts";
import { z } from "zod";
import { isPlainText } from "#app/modules/text/text.rules.ts";
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from "./message.rules.ts";

/** A message as the contact page and a conversation's reply form send it: line breaks and tabs allowed. */
export const MessageBodySchema = z
  .string({ error: MESSAGE_TEXTS.empty })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, MESSAGE_TEXTS.empty)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)
      .refine((value) => isPlainText(value.replace(/[\n\t]/g, " ")), MESSAGE_TEXTS.unprintable),
  );
