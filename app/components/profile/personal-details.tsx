import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify } from "#app/components/toaster.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { USER_NAME_MAX_LENGTH } from "#app/modules/user/user.rules.ts";

type Props = { user: { name: string; email: string } };

/** How long "Name saved" stays beside the field. */
const SAVED_MS = 4000;

/**
 * The Personal Details card: read-only until "change"; "done" saves the name, only if it changed, and says
 * "Name saved" beside it (a status, read out by screen readers). A failed save shows "Could not update
 * profile details" and keeps the fields editable.
 */
export function PersonalDetails({ user }: Props) {
  const fetcher = useFetcher<{ error: string | null }>();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const nameInput = useRef<HTMLInputElement>(null);
  const failed = fetcher.state === "idle" && Boolean(fetcher.data?.error);
  const [saved, setSaved] = useState(false);
  const { t, translate } = useI18n();

  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (!failed) return;
    setEditing(true);
    notify("error", t("Could not update profile details"));
  }, [failed, t]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.error) return;
    setSaved(true);
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  function toggle() {
    if (!editing) {
      setEditing(true);
      return;
    }
    setEditing(false);
    setSaved(false);
    const trimmed = name.trim();
    if (trimmed !== user.name) fetcher.submit({ intent: "update-name", name: trimmed }, { method: "post" });
    else setName(user.name);
  }

  return (
    <section aria-labelledby="personal-details">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="personal-details" className="section-heading">
          {t("Personal Details")}
        </h2>
        <button type="button" onClick={toggle} className="link" disabled={fetcher.state !== "idle"}>
          {editing ? t("done") : t("change")}
        </button>
      </div>
      <div className="card flex flex-col gap-3">
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor="profile-name" className="field-label">
              {t("Name")}
            </label>
            <p role="status" className="text-sm font-semibold text-accent">
              {saved ? t("Name saved") : ""}
            </p>
          </div>
          <input
            id="profile-name"
            ref={nameInput}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") toggle();
            }}
            readOnly={!editing}
            maxLength={USER_NAME_MAX_LENGTH}
            className={`text-input ${editing ? "" : "border-transparent bg-surface-2 font-bold"}`}
          />
        </div>
        <div>
          <label htmlFor="profile-email" className="field-label">
            {t("Email")}
          </label>
          <input
            id="profile-email"
            value={user.email}
            readOnly
            className="text-input border-transparent bg-surface-2"
          />
        </div>
        {failed ? (
          <p role="alert" className="field-error">
            {t("Could not update profile details")}: {translate(fetcher.data?.error ?? "")}
          </p>
        ) : null}
      </div>
    </section>
  );
}
