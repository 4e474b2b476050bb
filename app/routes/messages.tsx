import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import {
  findAgencyThreads,
  findThreadsOfUser,
  type ThreadSummary,
} from "#app/modules/message/message.repo.server.ts";
import { threadPath } from "#app/modules/message/message.rules.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/messages.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Messages"), matches),
  { name: "robots", content: "noindex" },
];

/**
 * The signed-in user's conversations, one per listing and enquirer, the latest first; for owners and admins of
 * an agency, its other agents' conversations too, under "Agency inbox".
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db } = context.get(servicesContext);
  const [threads, agencyThreads] = await Promise.all([
    findThreadsOfUser(db, user.id),
    findAgencyThreads(db, user.id),
  ]);
  return { threads, agencyThreads };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { threads, agencyThreads } = loaderData;
  const { t } = useI18n();
  return (
    <main className="page max-w-3xl">
      <h1 className="page-heading">{t("Messages")}</h1>
      {threads.length === 0 ? (
        agencyThreads.length === 0 ? (
          <EmptyState
            illustration="house"
            message={t("No messages yet")}
            detail={t(
              "When you contact a lister, or someone asks about your listing, the conversation shows here.",
            )}
          >
            <Link to="/" className="btn-primary">
              {t("Explore listings")}
            </Link>
          </EmptyState>
        ) : null
      ) : (
        <ThreadList threads={threads} />
      )}
      {agencyThreads.length > 0 ? (
        <section aria-labelledby="agency-inbox" className={threads.length > 0 ? "mt-10" : undefined}>
          <h2 id="agency-inbox" className="section-heading mb-4">
            {t("Agency inbox")}
          </h2>
          <ThreadList threads={agencyThreads} agency />
        </section>
      ) : null}
    </main>
  );
}

/** Conversations as links, the latest first; `agency` for the agency inbox (about its agents' listings). */
function ThreadList({ threads, agency = false }: { threads: ThreadSummary[]; agency?: boolean }) {
  const { t, date } = useI18n();
  return (
    <ul className="flex flex-col gap-3">
      {threads.map((thread) => (
        <li key={thread.id}>
          <Link
            to={threadPath(thread.id)}
            className="card flex flex-col gap-1 transition-colors hover:bg-surface-2"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className={thread.unread ? "font-extrabold" : "font-semibold"}>
                {thread.otherPartyName}
              </span>
              <time
                className="shrink-0 text-sm text-muted"
                dateTime={new Date(thread.lastMessageAt).toISOString()}
              >
                {date(thread.lastMessageAt, { dateStyle: "medium", timeZone: "UTC" })}
              </time>
            </span>
            <span className="text-sm text-muted">
              {agency && thread.agencyName
                ? t("Asks {agency} about", { agency: thread.agencyName })
                : thread.viewerIsOwner
                  ? t("Asks about your listing")
                  : t("About")}{" "}
              <span className="font-semibold text-ink">{thread.listingName}</span>
            </span>
            <span className="flex items-center justify-between gap-3">
              <span className="truncate">{thread.lastMessage}</span>
              {thread.unread ? (
                <span className="badge badge-success shrink-0">
                  {t("{count} unread", { count: thread.unread })}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
