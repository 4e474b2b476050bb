import { Icon } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/**
 * The top of Explore: what the site is, in one line, and the search box. The box is a plain GET form to
 * /search, so it works before JavaScript loads.
 */
export function ExploreHero({ siteName }: { siteName: string }) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="explore-heading"
      className="border-b border-line bg-gradient-to-br from-brand-soft via-surface to-surface"
    >
      <div className="container-wide flex flex-col gap-5 py-8 lg:py-14">
        <div className="flex max-w-2xl flex-col gap-3">
          <h1 id="explore-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            {t("Find your next home")}
          </h1>
          <p className="text-lg text-muted">
            {t(
              "{siteName} lists homes for rent and for sale, straight from their owners. No fees to browse.",
              {
                siteName,
              },
            )}
          </p>
        </div>
        <search className="w-full max-w-2xl">
          <form method="get" action="/search" className="flex gap-2">
            <label htmlFor="explore-search" className="sr-only">
              {t("Search by city or address")}
            </label>
            <input
              id="explore-search"
              name="q"
              type="search"
              placeholder={t("Search by city or address")}
              autoComplete="off"
              className="text-input min-w-0 grow rounded-full"
            />
            <button type="submit" className="btn-primary shrink-0 px-4 sm:px-6">
              <Icon className="size-5" strokeWidth={2.5}>
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-4-4" />
              </Icon>
              <span className="sr-only sm:not-sr-only">{t("Search")}</span>
            </button>
          </form>
        </search>
      </div>
    </section>
  );
}
