import { useI18n } from "#app/components/use-i18n.ts";
import type { MessageKey } from "#app/modules/i18n/i18n.ts";

type Run = {
  id: string;
  source: string;
  fileName: string;
  startedAt: number;
  finishedAt: number | null;
  summary: string;
  refusals: string[];
  error: string | null;
  /** queued | running | done | failed (planned runs are not listed). */
  status: string;
  userName: string | null;
};

const SOURCES: Record<string, MessageKey> = {
  upload: "Upload",
  cli: "Command line",
  feed: "Feed URL",
};

/**
 * The agency's recent imports, newest first: when, from what, and what each did (or why it did nothing); an
 * upload's import waiting for the job runner, or running, says so until its result is there.
 */
export function ImportRuns({ runs }: { runs: Run[] }) {
  const { t, date } = useI18n();
  return (
    <section aria-labelledby="import-runs">
      <h2 id="import-runs" className="section-heading mb-2">
        {t("Recent imports")}
      </h2>
      {runs.length === 0 ? (
        <p className="text-muted">{t("No imports yet.")}</p>
      ) : (
        <ul className="card divide-y divide-line p-0">
          {runs.map((run) => (
            <li key={run.id} className="flex flex-col gap-1 p-4">
              <p className="text-sm text-muted">
                {date(run.startedAt, { dateStyle: "medium", timeStyle: "short" })} ·{" "}
                {t(SOURCES[run.source] ?? "Upload")} · <span className="break-all">{run.fileName}</span>
                {run.userName ? ` · ${run.userName}` : ""}
              </p>
              <p className={run.finishedAt !== null && run.error ? "text-danger" : "font-semibold"}>
                {run.status === "queued"
                  ? t("Waiting to start")
                  : run.finishedAt === null
                    ? t("Importing…")
                    : run.error && run.summary !== run.error
                      ? `${run.summary} — ${run.error}`
                      : run.summary || run.error}
              </p>
              {run.finishedAt !== null && run.refusals.length > 0 ? (
                <details>
                  <summary className="cursor-pointer text-sm">
                    {t("Refused listings: {count}", { count: run.refusals.length })}
                  </summary>
                  <ul className="mt-1 list-disc pl-6 text-sm">
                    {run.refusals.map((refusal) => (
                      <li key={refusal}>{refusal}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
