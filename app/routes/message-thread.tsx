import { data, Form, Link } from "react-router";
import { MessageComposer } from "#app/components/message/message-composer.tsx";
import { type Refusal, refusalResponse } from "#app/http/errors.ts";
import { readForm } from "#app/http/request-body.server.ts";
import { requireUser, requireVerifiedUser } from "#app/modules/auth/auth.session.server.ts";
import { listingPath } from "#app/modules/listing/listing.rules.ts";
import {
  findThreadForParty,
  findThreadMessages,
  isBlocked,
  markThreadRead,
} from "#app/modules/message/message.repo.server.ts";
import { MESSAGE_TEXTS } from "#app/modules/message/message.rules.ts";
import {
  blockOtherParty,
  replyInThread,
  sideOf,
  unblockOtherParty,
} from "#app/modules/message/message.service.server.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import type { Route } from "./+types/message-thread.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  pageTitle(
    loaderData
      ? `${loaderData.thread.otherPartyName} · ${loaderData.thread.listingName}`
      : i18nOf(matches).t("Messages"),
    matches,
  ),
  { name: "robots", content: "noindex" },
];

/** One conversation, private to its two parties (anyone else is told it does not exist); opening it reads it. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const thread = await findThreadForParty(db, params.threadId, user.id);
  if (!thread) throw data(MESSAGE_TEXTS.threadMissing, { status: 404 });
  // An agency's manager sees the thread as the listing's side: its lister's blocks (sideOf).
  const side = sideOf(thread, user);
  const [messages, blockedByMe, blockedMe, blockedSide] = await Promise.all([
    findThreadMessages(db, thread.id),
    isBlocked(db, side, thread.otherPartyId),
    isBlocked(db, thread.otherPartyId, user.id),
    side === user.id ? false : isBlocked(db, thread.otherPartyId, side),
  ]);
  await markThreadRead(db, thread, thread.lastMessageAt);
  return {
    thread: {
      id: thread.id,
      listingName: thread.listingName,
      listingPath: listingPath({ id: thread.listingId, type: thread.listingType }),
      otherPartyName: thread.otherPartyName,
      viewerIsOwner: thread.viewerIsOwner,
      // Read by an agency's manager about another agent's listing ("Agency inbox").
      agencyName: thread.viewerIsOwner && thread.ownerId !== user.id ? thread.agencyName : null,
    },
    messages: messages.map((message) => ({
      id: message.id,
      mine: message.authorId === user.id,
      // Written by someone else on the viewer's side (the agent, or another manager of the agency).
      ours: message.authorId !== user.id && thread.viewerIsOwner && message.authorId !== thread.enquirerId,
      body: message.body,
      createdAt: message.createdAt,
    })),
    blockedByMe,
    blockedMe: blockedMe || blockedSide,
  };
}

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const { db, mailer, config, limits, i18n } = context.get(servicesContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  // Writing asks for a verified address (as contacting does); blocking one's own inbox does not.
  const user = await (intent === "reply" ? requireVerifiedUser : requireUser)(context, url);
  try {
    if (intent === "reply") {
      const deps = { db, mailer, publicUrl: config.publicUrl, siteName: config.site.name, limits, i18n };
      await replyInThread(deps, user, params.threadId, { body: form.get("message") });
      return redirectWithToast(context, url.pathname, "success", MESSAGE_TEXTS.sent);
    }
    if (intent === "block") {
      await blockOtherParty(db, user, params.threadId);
      return redirectWithToast(context, url.pathname, "success", MESSAGE_TEXTS.blockedToast);
    }
    if (intent === "unblock") {
      await unblockOtherParty(db, user, params.threadId);
      return redirectWithToast(context, url.pathname, "success", MESSAGE_TEXTS.unblockedToast);
    }
  } catch (error) {
    return refusalResponse(error);
  }
  return data({ error: msg("Unknown action"), fieldErrors: {} }, { status: 400 });
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, messages, blockedByMe, blockedMe } = loaderData;
  const { t, translate, date } = useI18n();
  const name = thread.otherPartyName;
  return (
    <main className="page max-w-3xl">
      <p className="mb-2">
        <Link to="/messages" className="link">
          {t("All messages")}
        </Link>
      </p>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="page-heading mb-1">{thread.otherPartyName}</h1>
          <p className="text-muted">
            {thread.agencyName
              ? t("Asks {agency} about", { agency: thread.agencyName })
              : thread.viewerIsOwner
                ? t("Asks about your listing")
                : t("About")}{" "}
            <Link to={thread.listingPath} className="link">
              {thread.listingName}
            </Link>
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={blockedByMe ? "unblock" : "block"} />
          <button type="submit" className="btn-secondary btn-small">
            {blockedByMe ? t("Unblock {name}", { name }) : t("Block {name}", { name })}
          </button>
        </Form>
      </header>
      <ol className="mb-8 flex flex-col gap-3" aria-label={t("Conversation")}>
        {messages.map((message) => (
          <li
            key={message.id}
            className={`card max-w-[85%] ${message.mine || message.ours ? "self-end bg-brand-soft" : "self-start"}`}
          >
            <p className="mb-1 text-sm font-semibold text-muted">
              {message.mine
                ? t("You")
                : message.ours
                  ? (thread.agencyName ?? t("Your agency"))
                  : thread.otherPartyName}{" "}
              ·{" "}
              <time dateTime={new Date(message.createdAt).toISOString()}>
                {date(message.createdAt, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })}
              </time>
            </p>
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
          </li>
        ))}
      </ol>
      {blockedMe ? (
        <p role="alert" className="alert-error">
          {translate(MESSAGE_TEXTS.blocked)}
        </p>
      ) : blockedByMe ? (
        <p className="text-muted">
          {t("You blocked {name}: they can not send you messages. Unblock them to write again.", { name })}
        </p>
      ) : (
        <section aria-labelledby="reply-heading">
          <h2 id="reply-heading" className="section-heading mb-3">
            {t("Reply")}
          </h2>
          <MessageComposer
            // A sent reply starts an empty box (a new key); a refused one stays in the box, with the error.
            key={messages.findLast((message) => message.mine)?.id ?? "none"}
            refusal={actionData as Refusal | undefined}
            submitLabel={t("Send reply")}
            hidden={{ intent: "reply" }}
          />
        </section>
      )}
    </main>
  );
}
