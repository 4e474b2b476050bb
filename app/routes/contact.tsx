import { type ReactNode, useEffect, useState } from "react";
import { data, Link } from "react-router";
import { MessageComposer } from "#app/components/message/message-composer.tsx";
import { notify } from "#app/components/toaster.tsx";
import { type Refusal, refusalResponse, TooManyRequestsError } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { takeDistinctLimit } from "#app/modules/limits/limits.server.ts";
import { landlordMailtoHref } from "#app/modules/listing/listing.contact.ts";
import {
  findListingById,
  hasVisibleListing,
  isListingVisible,
} from "#app/modules/listing/listing.repo.server.ts";
import {
  findKeepEmailPrivate,
  findThreadIdOfEnquirer,
  isBlocked,
} from "#app/modules/message/message.repo.server.ts";
import { contactChannel, MESSAGE_TEXTS, threadPath } from "#app/modules/message/message.rules.ts";
import { sendEnquiry } from "#app/modules/message/message.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { findUserContactById } from "#app/modules/user/user.repo.server.ts";
import { servicesContext } from "#app/services.server.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import type { Route } from "./+types/contact.ts";

const LANDLORD_MISSING = "Could not get landlord data";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  pageTitle(
    loaderData?.landlord
      ? i18nOf(matches).t("Contact {name}", { name: loaderData.landlord.name })
      : i18nOf(matches).t("Contact Landlord"),
    matches,
  ),
  // Nobody's page to find in search results (it may show an e-mail address to a signed-in user).
  { name: "robots", content: "noindex" },
];

/**
 * Signed-in users with a verified address only (others are asked to verify first), about someone with a listing
 * the public sees (any other id answers as a missing landlord, so the page names and reaches no one else). How
 * the lister is reached decides what the page holds: in relay mode (CONTACT_MODE or the lister's "Keep my
 * e-mail private") a form that sends the message through the site and no address at all; in e-mail mode the
 * spec's mailto, the one place a lister's address reaches a browser, for at most LIMIT_CONTACT_OWNERS_PER_DAY
 * different listers a day per account, and beside it "Send through the site", which is the relay's form (its
 * own limits, not the mailto's).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const user = await requireVerifiedUser(context, url);
  const { db, config, limits } = context.get(servicesContext);
  const listingId = url.searchParams.get("listingId");
  const listing = listingId ? await findListingById(db, listingId) : undefined;
  const contactable = listingId
    ? listing?.userRef === params.landlordId && (await isListingVisible(db, listing.id))
    : await hasVisibleListing(db, params.landlordId);
  const landlord = contactable ? await findUserContactById(db, params.landlordId) : undefined;
  if (!landlord) return data({ landlord: null }, { status: 404 });
  const listingName = listing?.name ?? url.searchParams.get("listingName") ?? "";
  const channel = contactChannel(config.contact.mode, await findKeepEmailPrivate(db, landlord.id));
  const blocked = await isBlocked(db, landlord.id, user.id);
  const page = { landlord: { name: landlord.name }, listingName } as const;
  const relay = {
    listingId: listing?.id ?? null,
    threadId: listing ? ((await findThreadIdOfEnquirer(db, listing.id, user.id)) ?? null) : null,
    blocked,
  };
  if (channel === "relay") return { ...page, contact: { channel, ...relay } } as const;
  // One's own listing takes no enquiry through the site.
  const email = { channel, ...relay, listingId: landlord.id === user.id ? null : relay.listingId };
  if (blocked) return { ...page, contact: { ...email, email: null, limited: null } } as const;
  try {
    // Seeing one lister's address again is free; a new lister counts against the day's limit.
    if (landlord.id !== user.id) await takeDistinctLimit(db, limits.contactOwners, user.id, landlord.id);
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    return data({ ...page, contact: { ...email, email: null, limited: error.message } } as const, {
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  return { ...page, contact: { ...email, email: landlord.email, limited: null } } as const;
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireVerifiedUser(context, url);
  const { db, mailer, config, limits, i18n } = context.get(servicesContext);
  const form = await readForm(request);
  try {
    const threadId = await sendEnquiry(
      { db, mailer, publicUrl: config.publicUrl, siteName: config.site.name, limits, i18n },
      user,
      { listingId: form.get("listingId"), body: form.get("message") },
    );
    return redirectWithToast(context, threadPath(threadId), "success", MESSAGE_TEXTS.sent);
  } catch (error) {
    return refusalResponse(error);
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const landlord = loaderData.landlord;
  const { t, translate } = useI18n();
  useEffect(() => {
    if (!landlord) notify("error", translate(LANDLORD_MISSING));
  }, [landlord, translate]);

  if (!landlord || !("contact" in loaderData)) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading">{t("Contact Landlord")}</h1>
        <p role="alert" className="alert-error">
          {translate(LANDLORD_MISSING)}
        </p>
      </main>
    );
  }
  const { contact, listingName } = loaderData;
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">{t("Contact {name}", { name: landlord.name })}</h1>
      <div className="flex flex-col gap-4">
        {listingName ? (
          <p className="text-muted">
            {t("About")} <span className="font-semibold text-ink">{listingName}</span>
          </p>
        ) : null}
        {contact.blocked ? (
          <p role="alert" className="alert-error">
            {translate(MESSAGE_TEXTS.blocked)}
          </p>
        ) : contact.channel === "email" ? (
          <>
            {contact.limited ? (
              <p role="alert" className="alert-error">
                {translate(contact.limited)}
              </p>
            ) : null}
            {contact.threadId ? <ConversationLink threadId={contact.threadId} /> : null}
            {contact.email || contact.listingId ? (
              <EmailOrSiteForm
                email={contact.email}
                listingName={listingName}
                listingId={contact.listingId}
                refusal={actionData as Refusal | undefined}
              />
            ) : null}
          </>
        ) : contact.listingId ? (
          <>
            {contact.threadId ? <ConversationLink threadId={contact.threadId} /> : null}
            <MessageComposer
              refusal={actionData as Refusal | undefined}
              submitLabel={t("Send Message")}
              hidden={{ listingId: contact.listingId }}
            />
            <p className="text-sm text-muted">
              {t(
                "Your message is sent through this site: neither of you sees the other's e-mail address, and answers arrive in Messages.",
              )}
            </p>
          </>
        ) : (
          <p role="alert" className="alert-error">
            {t("Open the listing you are asking about and press Contact Landlord there.")}
          </p>
        )}
      </div>
    </main>
  );
}

function ConversationLink({ threadId }: { threadId: string }) {
  const { t } = useI18n();
  return (
    <p>
      <Link to={threadPath(threadId)} className="link">
        {t("See your conversation about this listing")}
      </Link>
    </p>
  );
}

/**
 * E-mail mode: the message box, the spec's Send Message link, whose mailto follows the message as it is typed,
 * and beside it "Send through the site" for people whose mail is not in an app (the relay's form). Either may
 * be missing: no address over the day's limit; no site button without the listing the message is about.
 */
function EmailOrSiteForm({
  email,
  listingName,
  listingId,
  refusal,
}: {
  email: string | null;
  listingName: string;
  listingId: string | null;
  refusal: Refusal | undefined;
}) {
  const { t } = useI18n();
  const mailto = (message: string) =>
    email ? (
      <a href={landlordMailtoHref(email, listingName, message)} className="btn-primary">
        {t("Send Message")}
      </a>
    ) : null;
  if (!listingId) return <MailtoOnly render={mailto} />;
  return (
    <>
      <MessageComposer
        refusal={refusal}
        submitLabel={t("Send through the site")}
        hidden={{ listingId }}
        leading={mailto}
      />
      <p className="text-sm text-muted">
        {email
          ? t(
              "Send Message opens your mail app. Send through the site delivers the message here without showing your e-mail address, and answers arrive in Messages.",
            )
          : t(
              "Your message is sent through this site: neither of you sees the other's e-mail address, and answers arrive in Messages.",
            )}
      </p>
    </>
  );
}

/** The message box and the Send Message link alone (no listing to send through the site about). */
function MailtoOnly({ render }: { render: (message: string) => ReactNode }) {
  const [message, setMessage] = useState("");
  const { t } = useI18n();
  return (
    <>
      <div>
        <label htmlFor="contact-message" className="field-label">
          {t("Message")}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          className="text-input min-h-40 resize-y"
        />
      </div>
      <div className="self-start">{render(message)}</div>
    </>
  );
}
