import { Link, useLocation } from "react-router";
import { Icon, type IconProps } from "#app/components/icon.tsx";

/** What the navigation knows about who is looking (from the root loader). */
export type NavViewer = { signedIn: boolean };

/** One destination of the site's navigation. */
export type NavItem = {
  to: string;
  label: string;
  /** Whether this destination is the section the page at `pathname` belongs to (it is highlighted). */
  isCurrent: (pathname: string) => boolean;
  Icon: (props: IconProps) => React.ReactNode;
  /** A number beside the label (e.g. unread messages); nothing when absent or 0. */
  count?: number;
};

const isExplore = (pathname: string) => pathname === "/" || pathname.startsWith("/category/");
const isOffers = (pathname: string) => pathname === "/offers";
// The Profile tab leads to sign-in for visitors, and to the lister's own forms.
const PROFILE_PATHS = ["/profile", "/sign-in", "/sign-up", "/forgot-password", "/reset-password"];
const isProfile = (pathname: string) =>
  PROFILE_PATHS.includes(pathname) || pathname === "/create-listing" || pathname.startsWith("/edit-listing/");

/**
 * The phone's bottom bar: SPEC.md's three tabs, word for word (Explore, Offers, Profile), on every page.
 * Add a destination for phones here.
 */
export function tabItems(_viewer: NavViewer | null): NavItem[] {
  return [
    { to: "/", label: "Explore", isCurrent: isExplore, Icon: ExploreIcon },
    { to: "/offers", label: "Offers", isCurrent: isOffers, Icon: OfferIcon },
    { to: "/profile", label: "Profile", isCurrent: isProfile, Icon: PersonIcon },
  ];
}

/**
 * The header's links on wide screens: the same destinations, with Sign In instead of Profile for visitors.
 * Add a destination for wide screens here (e.g. Search, Messages with its unread count, Saved).
 */
export function headerItems(viewer: NavViewer | null): NavItem[] {
  return tabItems(viewer).map((item) =>
    item.to === "/profile" && !viewer?.signedIn ? { ...item, to: "/sign-in", label: "Sign In" } : item,
  );
}

type NavListProps = {
  items: NavItem[];
  className: string;
  /** The tab bar's links: an icon over the label (`.tab-link`); else the header's (`.nav-link`). */
  tabs?: boolean;
};

/**
 * The destinations as a list of links. The one whose section holds the page is highlighted and marked
 * aria-current: "page" on its own page, "true" further in (Explore on a category or a listing).
 */
export function NavList({ items, className, tabs = false }: NavListProps) {
  const { pathname } = useLocation();
  const current = items.find((item) => item.isCurrent(pathname));
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            prefetch="intent"
            aria-current={item === current ? (item.to === pathname ? "page" : "true") : undefined}
            className={tabs ? "tab-link" : "nav-link"}
          >
            {tabs ? <item.Icon className="size-7" /> : null}
            <span>
              {item.label}
              {item.count ? <span className="ml-1 badge px-1.5 py-0 text-xs">{item.count}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
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
