import { useRef, useState } from "react";
import { Form } from "react-router";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import type { FeedLinks as Links } from "#app/modules/exchange/exchange.model.ts";

/**
 * The "Feeds" section of /agency and Profile: the secret links portals read the lister's listed homes from
 * (Kyero, OpenImmo, CSV), and a button that makes them, or new ones (the old links then stop working, so it
 * asks first). `agencyId`: the agency's feeds; none for a private lister's.
 */
export function FeedLinks({ links, agencyId }: { links: Links | null; agencyId?: string }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const rows = links
    ? [
        { id: "feed-kyero", label: t("Kyero v3 (XML)"), url: links.kyero },
        { id: "feed-openimmo", label: t("OpenImmo 1.2.7 (XML)"), url: links.openImmo },
        { id: "feed-csv", label: t("CSV (spreadsheet)"), url: links.csv },
      ]
    : [];
  return (
    <section aria-labelledby="feeds-heading" className="card mt-6 flex flex-col gap-4 p-5">
      <div>
        <h2 id="feeds-heading" className="text-lg font-bold">
          {t("Feeds")}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t(
            "Portals and your own website can read your listed homes from these links, updated as you change them. Anyone with a link can read it: give it only to the portal.",
          )}
        </p>
      </div>
      {rows.length > 0 ? (
        <div className="flex flex-col gap-3">
          {rows.map((row) => (
            <div key={row.id} className="flex flex-col gap-1">
              <label htmlFor={row.id} className="text-sm font-semibold">
                {row.label}
              </label>
              <div className="flex gap-2">
                <input
                  id={row.id}
                  className="text-input min-w-0 grow font-mono text-sm"
                  readOnly
                  value={row.url}
                  onFocus={(event) => event.currentTarget.select()}
                />
                <button
                  type="button"
                  className="btn-secondary btn-small shrink-0 self-center"
                  aria-label={t("Copy the {format} link", { format: row.label })}
                  onClick={() => {
                    void navigator.clipboard?.writeText(row.url).then(() => setCopied(row.id));
                  }}
                >
                  {t("Copy")}
                </button>
              </div>
              <span role="status" className="text-sm text-muted">
                {copied === row.id ? t("Copied") : ""}
              </span>
            </div>
          ))}
        </div>
      ) : (
        <p className="text-sm">{t("You have no feed links yet.")}</p>
      )}
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" value="regenerate-feeds" />
        {agencyId ? <input type="hidden" name="agencyId" value={agencyId} /> : null}
        {links ? (
          <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
            {t("Make new links")}
          </button>
        ) : (
          <button type="submit" className="btn-primary">
            {t("Create feed links")}
          </button>
        )}
      </Form>
      <ConfirmDialog
        open={asking}
        title={t("Make new feed links?")}
        detail={t(
          "The current links stop working at once: give the new ones to every portal that reads them.",
        )}
        confirmLabel={t("Make new links")}
        onConfirm={() => {
          setAsking(false);
          form.current?.requestSubmit();
        }}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
