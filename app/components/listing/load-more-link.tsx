import type { MouseEvent } from "react";
import { useI18n } from "#app/components/use-i18n.ts";

type Props = { href: string; loading: boolean; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };

/**
 * The spec's "Load More": a link to the next page, so it works before JavaScript loads; `onClick` appends the
 * page instead. It stays in place while loading, so keyboard focus is not lost; a spinner above says it is busy.
 */
export function LoadMoreLink({ href, loading, onClick }: Props) {
  const { t } = useI18n();
  return (
    <div className="mt-10 flex justify-center">
      <a
        href={href}
        onClick={onClick}
        aria-disabled={loading || undefined}
        className="btn-secondary aria-disabled:opacity-60"
      >
        {t("Load More")}
      </a>
    </div>
  );
}
