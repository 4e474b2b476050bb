import { Link } from "react-router";
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
        <Link
          to="/"
          className="flex min-w-0 items-center gap-1.5 rounded-lg xs:gap-2 text-base font-extrabold tracking-tight xs:text-lg"
        >
          <SiteLogo site={site} />
          <span className="truncate">{site.name}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2 lg:gap-6">
          <nav aria-label={t("Main")} className="hidden lg:block">
            <NavList items={headerItems(useViewer())} className="flex items-center gap-1" />
          </nav>
          <Link
            to="/create-listing"
            className="btn-primary btn-small shrink-0 max-xs:px-3 max-xs:text-[0.8125rem]"
          >
            {t("List your home")}
          </Link>
        </div>
      </div>
    </header>
  );
}
