import { Form, useNavigation } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";

/** What the dry run of an uploaded file showed, and the planned run its "Import" button queues. */
export type DryRunView = {
  ok: boolean;
  summary: string;
  refusals: string[];
  needsConfirmation: boolean;
  error: string | null;
  runId: string | null;
  fileName: string;
  full: boolean;
};

/** A ticked box sends "true"; the hint below it says what it means. */
function Checkbox({ id, name, label, hint }: { id: string; name: string; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="true"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-5 shrink-0 accent-brand"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Upload a file (OpenImmo XML or zip, Kyero XML, CSV) for its dry run. */
export function ImportUploadForm({ agencyId, maxMb }: { agencyId: string; maxMb: number }) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "dry-run";
  return (
    <section aria-labelledby="import-upload" className="card flex flex-col gap-4 p-5">
      <h2 id="import-upload" className="section-heading">
        {t("Upload a file")}
      </h2>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="dry-run" />
        <input type="hidden" name="agencyId" value={agencyId} />
        <div>
          <label htmlFor="import-file" className="field-label">
            {t("Feed file")}
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            required
            accept=".xml,.zip,.csv,application/xml,text/xml,application/zip,text/csv"
            aria-describedby="import-file-hint"
            className="text-input"
          />
          <p id="import-file-hint" className="mt-1 text-sm text-muted">
            {t(
              "OpenImmo (XML, or a zip with its images), Kyero v3 (XML) or CSV made from the template; at most {size} MB.",
              { size: maxMb },
            )}
          </p>
        </div>
        <Checkbox
          id="import-full"
          name="full"
          label={t("Full feed")}
          hint={t(
            "The file holds all of the agency's imported listings: those it no longer holds are withdrawn.",
          )}
        />
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          {busy ? t("Checking…") : t("Check the file")}
        </button>
      </Form>
    </section>
  );
}

/** The dry run: its line, every refusal, and the Import button (with the large-withdrawal confirmation). */
export function ImportDryRun({ agencyId, dryRun }: { agencyId: string; dryRun: DryRunView }) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "import";
  return (
    <section aria-labelledby="import-dry-run" className="card flex flex-col gap-4 p-5">
      <h2 id="import-dry-run" className="section-heading">
        {t("Dry run of {file}", { file: dryRun.fileName })}
      </h2>
      <p role="status" className={dryRun.ok ? "font-semibold" : "alert-error"}>
        {dryRun.summary}
      </p>
      {dryRun.refusals.length > 0 ? (
        <div>
          <h3 className="font-semibold">{t("Refused listings")}</h3>
          <ul className="mt-1 list-disc pl-6 text-sm">
            {dryRun.refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {dryRun.ok && dryRun.runId ? (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="agencyId" value={agencyId} />
          <input type="hidden" name="runId" value={dryRun.runId} />
          {dryRun.needsConfirmation ? (
            <>
              <p className="alert-error">
                {t(
                  "This import would withdraw more than a fifth of the agency's listings: it waits for your confirmation.",
                )}
              </p>
              <Checkbox
                id="import-confirm-withdrawals"
                name="confirmWithdrawals"
                label={t("Withdraw more than a fifth of our listings")}
                hint={t("The listings the file no longer holds are deleted, with their photos.")}
              />
            </>
          ) : null}
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {busy ? t("Importing…") : t("Import")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
