import { useId, useState } from "react";
import { EyeIcon } from "#app/components/icons.tsx";

/** A password input with the show-password toggle of SPEC.md. */
export function PasswordField({
  name = "password",
  label = "Password",
  autoComplete,
  hint,
}: {
  name?: string;
  label?: string;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          required
          autoComplete={autoComplete}
          className="text-input pr-14"
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label="Show password"
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-muted hover:text-ink"
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
