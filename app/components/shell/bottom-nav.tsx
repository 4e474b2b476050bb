import { Link, useLocation } from "react-router";
import { currentItem, tabItems } from "./nav-links.tsx";
import { useViewer } from "./use-root-data.ts";

/**
 * SPEC.md's bar at the bottom of every page on phones and tablets; the active tab is highlighted (Explore
 * also on category and listing pages). Wide screens have the same destinations in the header instead.
 */
export function BottomNav() {
  const { pathname } = useLocation();
  const items = tabItems(useViewer());
  const current = currentItem(items, pathname);
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto flex max-w-md justify-around">
        {items.map((item) => {
          const active = item === current;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                prefetch="intent"
                aria-current={active ? (item.to === pathname ? "page" : "true") : undefined}
                className={`flex min-w-20 flex-col items-center gap-0.5 px-3 py-2 text-sm font-semibold ${
                  active ? "text-accent" : "text-muted hover:text-ink"
                }`}
              >
                <item.Icon className={`size-7 ${active ? "stroke-[2.5]" : ""}`} />
                <span className={`border-b-2 ${active ? "border-current" : "border-transparent"}`}>
                  {item.label}
                  {item.count ? <span className="ml-1 badge px-1.5 py-0 text-xs">{item.count}</span> : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
