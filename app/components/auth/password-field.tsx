import { useId, useState } from "react";
import { Icon, type IconProps } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/** A password input with the show-password toggle of SPEC.md. */
export function PasswordField({
  name = "password",
  label,
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
  const { t } = useI18n();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label ?? t("Password")}
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
          aria-label={t("Show password")}
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

function EyeIcon({ className = "size-6", crossed = false }: IconProps & { crossed?: boolean }) {
  return (
    <Icon className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </Icon>
  );
}
