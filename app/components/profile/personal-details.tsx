import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify } from "#app/components/toaster.tsx";
import { USER_NAME_MAX_LENGTH } from "#app/modules/user/user.rules.ts";

type Props = { user: { name: string; email: string } };

/**
 * The Personal Details card: read-only until "change"; "done" saves the name, only if it changed.
 * A failed save shows "Could not update profile details" and keeps the fields editable.
 */
export function PersonalDetails({ user }: Props) {
  const fetcher = useFetcher<{ error: string | null }>();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const nameInput = useRef<HTMLInputElement>(null);
  const failed = fetcher.state === "idle" && Boolean(fetcher.data?.error);

  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);
  useEffect(() => {
    if (!failed) return;
    setEditing(true);
    notify("error", "Could not update profile details");
  }, [failed]);

  function toggle() {
    if (!editing) {
      setEditing(true);
      return;
    }
    setEditing(false);
    const trimmed = name.trim();
    if (trimmed !== user.name) fetcher.submit({ intent: "update-name", name: trimmed }, { method: "post" });
    else setName(user.name);
  }

  return (
    <section aria-labelledby="personal-details">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="personal-details" className="text-xl font-bold">
          Personal Details
        </h2>
        <button type="button" onClick={toggle} className="link" disabled={fetcher.state !== "idle"}>
          {editing ? "done" : "change"}
        </button>
      </div>
      <div className="card flex flex-col gap-3">
        <div>
          <label htmlFor="profile-name" className="field-label">
            Name
          </label>
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
            className={`text-input ${editing ? "" : "border-transparent bg-gray-50 font-bold shadow-none"}`}
          />
        </div>
        <div>
          <label htmlFor="profile-email" className="field-label">
            Email
          </label>
          <input
            id="profile-email"
            value={user.email}
            readOnly
            className="text-input border-transparent bg-gray-50 shadow-none"
          />
        </div>
        {failed ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            Could not update profile details: {fetcher.data?.error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
