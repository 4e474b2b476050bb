import { Link, useLocation } from "react-router";
import { currentItem, headerItems } from "./nav-links.tsx";
import { SiteLogo } from "./site-logo.tsx";
import { useSite, useViewer } from "./use-root-data.ts";

/**
 * The banner of every page: the site's logo and name (home), and on wide screens the navigation, which
 * phones have in the bottom bar instead; "List your home" on every screen.
 */
export function SiteHeader() {
  const site = useSite();
  const { pathname } = useLocation();
  const items = headerItems(useViewer());
  const current = currentItem(items, pathname);
  return (
    <header className="z-30 border-b border-line bg-surface/95 backdrop-blur lg:sticky lg:top-0">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight"
        >
          <SiteLogo site={site} />
          <span className="truncate">{site.name}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2 lg:gap-6">
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {items.map((item) => {
                const active = item === current;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      prefetch="intent"
                      aria-current={active ? (item.to === pathname ? "page" : "true") : undefined}
                      className={`inline-flex items-center gap-1.5 rounded-full px-4 py-2 font-semibold transition-colors ${
                        active ? "bg-brand-soft text-accent" : "text-ink hover:bg-surface-2"
                      }`}
                    >
                      {item.label}
                      {item.count ? <span className="badge px-1.5 py-0 text-xs">{item.count}</span> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <Link to="/create-listing" className="btn-primary btn-small shrink-0">
            List your home
          </Link>
        </div>
      </div>
    </header>
  );
}
