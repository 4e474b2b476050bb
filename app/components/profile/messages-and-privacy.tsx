import { Form, Link } from "react-router";
import { ArrowRightIcon } from "#app/components/icons.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

type Props = { unreadMessages: number; keepEmailPrivate: boolean };

/**
 * The Profile's way to Messages (with the unread count, which phones have nowhere else) and the lister's
 * "Keep my e-mail private" choice: with it, their listings take enquiries through the site only.
 */
export function MessagesAndPrivacy({ unreadMessages, keepEmailPrivate }: Props) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="messages-heading" className="mt-8">
      <h2 id="messages-heading" className="section-heading mb-2">
        {t("Messages")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <Link to="/messages" className="card flex items-center gap-4 p-5 font-semibold hover:bg-surface-2">
          <span className="grow">
            {t("Your messages")}
            <span className="block text-sm font-normal text-muted">
              {unreadMessages > 0 ? t("{count} unread", { count: unreadMessages }) : t("No unread messages")}
            </span>
          </span>
          <ArrowRightIcon />
        </Link>
        <Link to="/viewings" className="card flex items-center gap-4 p-5 font-semibold hover:bg-surface-2">
          <span className="grow">
            {t("Viewings")}
            <span className="block text-sm font-normal text-muted">
              {t("Times you booked, and bookings of your listings")}
            </span>
          </span>
          <ArrowRightIcon />
        </Link>
        <Form method="post" className="card flex flex-col gap-3 p-5">
          <input type="hidden" name="intent" value="email-privacy" />
          <input type="hidden" name="keepEmailPrivate" value={keepEmailPrivate ? "false" : "true"} />
          <p className="font-semibold">{t("Keep my e-mail private")}</p>
          <p className="text-sm text-muted">
            {keepEmailPrivate
              ? t(
                  "On: people who ask about your listings write to you through this site and never see your address.",
                )
              : t("Off: signed-in people who ask about your listings may see your e-mail address.")}
          </p>
          <button
            type="submit"
            className="btn-secondary btn-small self-start"
            aria-pressed={keepEmailPrivate}
          >
            {t("Keep my e-mail private")}
          </button>
        </Form>
      </div>
    </section>
  );
}
