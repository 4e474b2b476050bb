import { useEffect, useRef } from "react";
import { data, Link, useRevalidator } from "react-router";
import { ImportFeeds } from "#app/components/exchange/import-feeds.tsx";
import { ImportRuns } from "#app/components/exchange/import-runs.tsx";
import { ImportDryRun, ImportUploadForm } from "#app/components/exchange/import-upload.tsx";
import { FormMessage } from "#app/components/form-message.tsx";
import { i18nOf, useI18n } from "#app/components/use-i18n.ts";
import { refusalResponse } from "#app/http/errors.ts";
import { MAX_FORM_BYTES, parseForm, RequestBodyError } from "#app/http/request-body.server.ts";
import { findAgenciesOfUser } from "#app/modules/agency/agency.repo.server.ts";
import { AGENCY_MESSAGES, managesAgency } from "#app/modules/agency/agency.rules.ts";
import { requireAgencyManager } from "#app/modules/agency/agency.service.server.ts";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { findImportFeeds, findImportRuns } from "#app/modules/exchange/exchange.import.repo.server.ts";
import { addImportFeed, removeImportFeed } from "#app/modules/exchange/exchange.import-feeds.server.ts";
import {
  GoneImportError,
  IMPORT_QUEUE_MESSAGES,
  planUploadImport,
  queueUploadImport,
} from "#app/modules/exchange/exchange.import-queue.server.ts";
import { FEED_ERRORS, FEED_MAX_BYTES } from "#app/modules/exchange/exchange.model.ts";
import { msg } from "#app/modules/i18n/i18n.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { redirectWithToast } from "#app/modules/toast/toast.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/agency-import.ts";

export { retryAfterHeaders as headers } from "#app/http/errors.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  pageTitle(i18nOf(matches).t("Import listings"), matches),
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  noFile: msg("Choose a file to import"),
} as const;

/** The agency `slug` names (or the user's first they manage), when the user is its owner or admin; else 403. */
async function managedAgency(
  db: Parameters<typeof findAgenciesOfUser>[0],
  userId: string,
  slug: string | null,
) {
  const agencies = await findAgenciesOfUser(db, userId);
  const chosen = slug
    ? agencies.find((agency) => agency.slug === slug)
    : (agencies.find((agency) => managesAgency(agency.role)) ?? agencies[0]);
  if (!chosen || !managesAgency(chosen.role)) throw data(AGENCY_MESSAGES.notAllowed, { status: 403 });
  return chosen;
}

/** /agency/import: imports into an agency (its owners and admins): upload with a dry run, feed URLs, runs. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser(context, url);
  const { db, config } = context.get(servicesContext);
  const agency = await managedAgency(db, user.id, url.searchParams.get("agency"));
  const [runs, feeds] = await Promise.all([findImportRuns(db, agency.id), findImportFeeds(db, agency.id)]);
  return {
    agency: { id: agency.id, name: agency.name, slug: agency.slug },
    runs,
    feeds: feeds.map(({ id, url: feedUrl, format, full, lastRunAt }) => ({
      id,
      url: feedUrl,
      format,
      full,
      lastRunAt: lastRunAt === null ? null : Number(lastRunAt),
    })),
    maxMb: Math.round(FEED_MAX_BYTES / 1024 / 1024),
    intervalMinutes: Math.round(config.imports.feedIntervalMs / 60_000),
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const user = await requireUser(context, url);
  const services = context.get(servicesContext);
  let form: FormData;
  try {
    // The upload rides in the form: up to the feed limit, and a form's worth for the other fields.
    form = await parseForm(request, FEED_MAX_BYTES + MAX_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    const message = error.status === 413 ? FEED_ERRORS.tooLarge : error.message;
    return data({ error: message, fieldErrors: {} }, { status: error.status });
  }
  const agencyId = String(form.get("agencyId") ?? "");
  const slug = url.searchParams.get("agency");
  const here = slug ? `/agency/import?${new URLSearchParams({ agency: slug })}` : "/agency/import";
  const full = form.get("full") === "true";
  try {
    switch (form.get("intent")) {
      case "dry-run": {
        await requireAgencyManager(services.db, agencyId, user);
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0) {
          return data({ error: MESSAGES.noFile, fieldErrors: { file: MESSAGES.noFile } }, { status: 400 });
        }
        const dryRun = await planUploadImport(services, {
          agencyId,
          user,
          bytes: new Uint8Array(await file.arrayBuffer()),
          fileName: file.name.slice(0, 200),
          full,
        });
        return { dryRun };
      }
      case "import": {
        // Only queued here: the job runner runs it (a large file takes longer than a request may).
        const queued = await queueUploadImport(
          services.db,
          user,
          agencyId,
          String(form.get("runId") ?? ""),
          form.get("confirmWithdrawals") === "true",
        );
        // Not queued: the withdrawal of more than a fifth waits for the box to be ticked.
        if (!queued.queued) return { dryRun: queued.dryRun };
        return redirectWithToast(context, here, "success", IMPORT_QUEUE_MESSAGES.queued);
      }
      case "add-feed": {
        const message = await addImportFeed(services.db, user, agencyId, {
          url: form.get("url"),
          format: form.get("format"),
          full,
        });
        return redirectWithToast(context, here, "success", message);
      }
      case "remove-feed": {
        const message = await removeImportFeed(services.db, user, agencyId, String(form.get("feedId") ?? ""));
        return redirectWithToast(context, here, "success", message);
      }
    }
  } catch (error) {
    if (error instanceof GoneImportError)
      return data({ error: error.message, fieldErrors: {} }, { status: 400 });
    return refusalResponse(error);
  }
  return data({ error: msg("Unknown action"), fieldErrors: {} }, { status: 400 });
}

export default function AgencyImport({ loaderData, actionData }: Route.ComponentProps) {
  const { agency, runs, feeds, maxMb, intervalMinutes } = loaderData;
  const { t } = useI18n();
  const dryRun = actionData && "dryRun" in actionData ? actionData.dryRun : null;
  const refusal = actionData && "error" in actionData ? actionData : undefined;
  const fieldErrors: Record<string, string | undefined> = refusal?.fieldErrors ?? {};
  useRevalidateWhileImporting(runs.some((run) => run.status === "queued" || run.status === "running"));
  return (
    <main className="page max-w-5xl">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="page-heading mb-0">{t("Import listings")}</h1>
        <p className="text-muted">
          <Link to={`/agency?${new URLSearchParams({ agency: agency.slug })}`} className="link">
            {t("Back to {agency}", { agency: agency.name })}
          </Link>
        </p>
      </header>
      <p className="mb-6 max-w-3xl text-muted">
        {t(
          "Every import first shows what it would do; nothing changes until you press Import. Listings are matched by your own reference, so the same file twice changes nothing.",
        )}{" "}
        <a href="/agency/import/template.csv" className="link" download>
          {t("Download the CSV template")}
        </a>
      </p>
      <FormMessage data={refusal} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex flex-col gap-8">
          {dryRun ? <ImportDryRun agencyId={agency.id} dryRun={dryRun} /> : null}
          <ImportUploadForm agencyId={agency.id} maxMb={maxMb} />
          <ImportRuns runs={runs} />
        </div>
        <ImportFeeds
          agencyId={agency.id}
          feeds={feeds}
          intervalMinutes={intervalMinutes}
          fieldErrors={fieldErrors}
        />
      </div>
    </main>
  );
}

/** How often the page asks again while an import of the agency's waits or runs. */
const REVALIDATE_EVERY_MS = 3_000;

/** While `importing`, the page's data is loaded again every few seconds: the run's result appears by itself. */
function useRevalidateWhileImporting(importing: boolean) {
  const revalidator = useRevalidator();
  // The revalidator changes with its state: held in a ref, so the interval is not restarted by each load.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(() => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    }, REVALIDATE_EVERY_MS);
    return () => clearInterval(timer);
  }, [importing]);
}
