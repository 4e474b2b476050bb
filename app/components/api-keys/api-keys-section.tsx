import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { errorId, FieldError } from "#app/components/field-error.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { API_KEY_LIMITS, type ApiKeyScope, SCOPE_LABELS } from "#app/modules/api-key/api-key.rules.ts";

export type ApiKeyItem = {
  id: string;
  name: string;
  scope: ApiKeyScope;
  start: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

type Props = {
  keys: ApiKeyItem[];
  /** The key just created: shown this once, never again. */
  createdKey: string | null;
  nameError?: string;
  /** The agency the keys act as (its workspace), or none for the user's own. */
  agencyId?: string;
};

/**
 * "API keys": create one (a name, read or write), see it once, and the list of keys with when each was made
 * and last used, each with Revoke. Works as plain forms before JavaScript loads.
 */
export function ApiKeysSection({ keys, createdKey, nameError, agencyId }: Props) {
  const { t, translate, date } = useI18n();
  const created = useRef<HTMLOutputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCopied(false);
    if (createdKey) created.current?.focus();
  }, [createdKey]);
  const when = (at: number) => date(at, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="api-keys-heading" className="mt-8">
      <h2 id="api-keys-heading" className="section-heading mb-1">
        {t("API keys")}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {agencyId
          ? t("A key lets your CRM publish and update this agency's listings.")
          : t("A key lets your own software publish and update your listings.")}{" "}
        <Link to="/api/docs" className="link">
          {t("API documentation")}
        </Link>
      </p>
      {createdKey ? (
        <div className="card mb-4 flex flex-col gap-2 border-accent p-4">
          <p className="font-semibold">{t("Your new API key. Copy it now: it is shown only once.")}</p>
          <output
            ref={created}
            tabIndex={-1}
            aria-label={t("Your new API key")}
            className="block break-all rounded-md bg-surface-2 p-3 font-mono text-sm"
          >
            {createdKey}
          </output>
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="btn-secondary btn-small"
              onClick={() => {
                navigator.clipboard?.writeText(createdKey).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {t("Copy")}
            </button>
            <span role="status" className="text-sm font-semibold text-accent">
              {copied ? t("Copied") : ""}
            </span>
          </div>
        </div>
      ) : null}
      {/* A new form after each key: the name typed for the last one is not offered again. */}
      <Form
        key={createdKey ?? "new"}
        method="post"
        className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
      >
        <input type="hidden" name="intent" value="create-api-key" />
        {agencyId ? <input type="hidden" name="agencyId" value={agencyId} /> : null}
        <div className="grow">
          <label htmlFor="api-key-name" className="field-label">
            {t("Key name")}
          </label>
          <input
            id="api-key-name"
            name="name"
            required
            maxLength={API_KEY_LIMITS.nameMax}
            autoComplete="off"
            placeholder={t("e.g. Our CRM")}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={errorId("api-key-name", nameError)}
            className="text-input"
          />
          <FieldError id="api-key-name-error" message={nameError} />
        </div>
        <div>
          <label htmlFor="api-key-scope" className="field-label">
            {t("Access")}
          </label>
          <select id="api-key-scope" name="scope" defaultValue="read" className="text-input">
            <option value="read">{translate(SCOPE_LABELS.read)}</option>
            <option value="write">{translate(SCOPE_LABELS.write)}</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("Create API key")}
        </button>
      </Form>
      {keys.length === 0 ? (
        <p className="text-muted">{t("No API keys yet.")}</p>
      ) : (
        <ul className="card divide-y divide-line p-0">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3 p-4">
              <div className="min-w-0 grow">
                <p className="truncate font-semibold">
                  {key.name} <span className="font-mono text-sm font-normal text-muted">{key.start}…</span>
                </p>
                <p className="text-sm text-muted">
                  {translate(SCOPE_LABELS[key.scope])} · {t("created {date}", { date: when(key.createdAt) })}{" "}
                  ·{" "}
                  {key.lastUsedAt === null
                    ? t("never used")
                    : t("last used {date}", { date: when(key.lastUsedAt) })}
                  {key.revokedAt === null ? null : (
                    <> · {t("revoked {date}", { date: when(key.revokedAt) })}</>
                  )}
                </p>
              </div>
              {key.revokedAt === null ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-api-key" />
                  {agencyId ? <input type="hidden" name="agencyId" value={agencyId} /> : null}
                  <input type="hidden" name="keyId" value={key.id} />
                  <button
                    type="submit"
                    className="btn-secondary btn-small"
                    aria-label={t("Revoke the key {name}", { name: key.name })}
                  >
                    {t("Revoke")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
