import { Link } from "react-router";
import { PlusIcon } from "#app/components/icons.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { headerItems, NavList } from "./nav-links.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { useSite, useViewer } from "./use-root-data.ts";

/**
 * The banner of every page: the site's logo and name (home), and on wide screens the navigation, which
 * phones have in the bottom bar instead; "List your home" on every screen.
 */
export function SiteHeader() {
  const site = useSite();
  const { t } = useI18n();
  return (
    <header className="site-header">
      <div className="container-wide flex h-16 items-center gap-3 xs:gap-4">
        {/* The name is never cut: the call to action beside it shortens instead. */}
        <Link
          to="/"
          className="flex shrink-0 items-center gap-1.5 rounded-lg xs:gap-2 text-base font-extrabold tracking-tight xs:text-lg"
        >
          <SiteLogo site={site} />
          <span className="whitespace-nowrap">{site.name}</span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-2 lg:gap-6">
          <nav aria-label={t("Main")} className="hidden lg:block">
            <NavList items={headerItems(useViewer())} className="flex items-center gap-1" />
          </nav>
          {/* Phones: a short label ("List a home"), only a plus below 24rem (the label still names it). */}
          <Link
            to="/create-listing"
            className="btn-primary btn-small min-w-0 whitespace-nowrap max-sm:gap-1 max-sm:px-3 max-sm:text-[0.8125rem]"
          >
            <PlusIcon className="size-5 xs:hidden" />
            <span className="sr-only xs:not-sr-only sm:hidden">{t("List a home")}</span>
            <span className="max-sm:hidden">{t("List your home")}</span>
          </Link>
        </div>
      </div>
    </header>
  );
}
