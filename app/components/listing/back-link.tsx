import { Link, useLocation, useNavigate } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import type { BackTo } from "./back-state.ts";
import { ChevronIcon } from "./photo-step-button.tsx";

function readBack(state: unknown): BackTo | null {
  const back = (state as { back?: Partial<BackTo> } | null)?.back;
  return typeof back?.path === "string" && back.path.startsWith("/") && typeof back.label === "string"
    ? { path: back.path, label: back.label }
    : null;
}

/**
 * "Back to Places for rent": to the list the visitor came from, by going back in history, so the list is
 * where they left it (its extra pages and scroll position). Opened some other way, it leads to `fallback`.
 */
export function BackLink({ fallback }: { fallback: BackTo }) {
  const location = useLocation();
  const navigate = useNavigate();
  const back = readBack(location.state);
  const target = back ?? fallback;
  const { t } = useI18n();
  return (
    <Link
      to={target.path}
      onClick={(event) => {
        if (!back || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(-1);
      }}
      className="inline-flex items-center gap-1 rounded-full py-1 pr-2 text-sm font-semibold text-muted hover:text-ink"
    >
      <ChevronIcon direction="left" className="size-4" />
      {t("Back to {label}", { label: target.label })}
    </Link>
  );
}
