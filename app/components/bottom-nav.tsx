import { NavLink } from "react-router";
import { ExploreIcon, OfferIcon, PersonIcon } from "./icons.tsx";

const tabs = [
  { to: "/", label: "Explore", Icon: ExploreIcon },
  { to: "/offers", label: "Offers", Icon: OfferIcon },
  { to: "/profile", label: "Profile", Icon: PersonIcon },
] as const;

/** The bar at the bottom of every page; the active tab is highlighted. */
export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-md justify-around">
        {tabs.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/"}
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-w-20 flex-col items-center gap-0.5 px-3 py-2 text-sm font-semibold ${
                  isActive ? "text-brand-700" : "text-gray-600 hover:text-ink"
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon className={`size-7 ${isActive ? "stroke-[2.5]" : ""}`} />
                  <span
                    className={isActive ? "border-b-2 border-brand-700" : "border-b-2 border-transparent"}
                  >
                    {label}
                  </span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
