import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { Refusal } from "#app/http/errors.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/message/message.rules.ts";

type Props = {
  /** The action's answer to the last submission, when it refused it. */
  refusal: Refusal | undefined;
  /** The button's words: "Send Message" on the contact page, "Send reply" in a conversation. */
  submitLabel: string;
  /** Hidden fields the action needs besides the message (the listing, the intent). */
  hidden?: Record<string, string>;
  /**
   * What goes before the button, given the message as typed (the e-mail mode's mailto link, which then makes
   * the site's button a secondary one).
   */
  leading?: (message: string) => ReactNode;
};

/**
 * A message box and its button, posted to the page's own action (it works before JavaScript loads). The
 * server checks the message again and answers with the same words under the box; a refused message stays in
 * the box. The box starts empty when the composer is mounted: a page that stays after a sent message gives it
 * a new `key` (the sent message's id), so the text is never sent twice.
 */
export function MessageComposer({ refusal, submitLabel, hidden = {}, leading }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const fieldMessage = refusal?.fieldErrors.message;
  const [message, setMessage] = useState("");
  const { t } = useI18n();
  const before = leading?.(message);
  return (
    <Form method="post" className="flex flex-col gap-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage data={refusal} />
      <div>
        <label htmlFor="message-body" className="field-label">
          {t("Message")}
        </label>
        <textarea
          id="message-body"
          name="message"
          rows={6}
          required
          maxLength={MESSAGE_MAX_LENGTH}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={errorId("message-body", fieldMessage)}
          className="text-input min-h-40 resize-y"
        />
        <FieldError id="message-body-error" message={fieldMessage} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {before}
        <button type="submit" className={before ? "btn-secondary" : "btn-primary"} disabled={sending}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
