import { NavLink } from "react-router";
import { Icon, type IconProps } from "./icon.tsx";

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

function ExploreIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="12" r="10" />
      <path d="m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36 6.36-2.12z" />
    </Icon>
  );
}

function OfferIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M20.59 13.41 13.42 20.58a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82z" />
      <circle cx="7" cy="7" r="1.5" />
    </Icon>
  );
}

function PersonIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}
