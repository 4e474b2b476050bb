import type { MouseEvent } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

type Props = {
  href: string;
  loading: boolean;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The last page could not be fetched: say so, with Retry beside Load More. */
  failed?: boolean;
  /** Fetches the page that failed again. */
  onRetry?: () => void;
};

/**
 * The spec's "Load More": a link to the next page, so it works before JavaScript loads; `onClick` appends the
 * page instead. It stays in place while loading, so keyboard focus is not lost; a spinner above says it is busy.
 * After a failed page the spec's "Could not fetch listings" stays here (the toast closes) with Retry.
 */
export function LoadMoreLink({ href, loading, onClick, failed = false, onRetry }: Props) {
  const { t } = useI18n();
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      {failed ? (
        <p role="alert" className="font-semibold text-danger">
          {t("Could not fetch listings")}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        <a
          href={href}
          onClick={onClick}
          aria-disabled={loading || undefined}
          className="btn-secondary aria-disabled:opacity-60"
        >
          {t("Load More")}
        </a>
        {failed && onRetry ? (
          <button type="button" className="btn-primary" onClick={onRetry}>
            {t("Retry")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
