import { Link, useLocation } from "react-router";
import { Icon, type IconProps } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

/** What the navigation knows about who is looking (from the root loader). */
export type NavViewer = { signedIn: boolean; unreadMessages?: number };

/** One destination of the site's navigation. */
export type NavItem = {
  to: string;
  label: string;
  /** Whether this destination is the section the page at `pathname` belongs to (it is highlighted). */
  isCurrent: (pathname: string) => boolean;
  Icon: (props: IconProps) => React.ReactNode;
  /** A number beside the label (e.g. unread messages); nothing when absent or 0. */
  count?: number;
  /** What the count counts, read out after it ("unread"). */
  countLabel?: string;
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
    { to: "/", label: msg("Explore"), isCurrent: isExplore, Icon: ExploreIcon },
    { to: "/offers", label: msg("Offers"), isCurrent: isOffers, Icon: OfferIcon },
    { to: "/profile", label: msg("Profile"), isCurrent: isProfile, Icon: PersonIcon },
  ];
}

/**
 * The header's links on wide screens: the same destinations, with Sign In instead of Profile for visitors.
 * Add a destination for wide screens here (e.g. Search, Messages with its unread count, Saved).
 */
export function headerItems(viewer: NavViewer | null): NavItem[] {
  const items = tabItems(viewer).map((item) =>
    item.to === "/profile" && !viewer?.signedIn ? { ...item, to: "/sign-in", label: msg("Sign In") } : item,
  );
  if (!viewer?.signedIn) return items;
  const saved: NavItem = { to: "/saved", label: msg("Saved"), isCurrent: isSaved, Icon: PersonIcon };
  const messages: NavItem = {
    to: "/messages",
    label: msg("Messages"),
    isCurrent: (pathname) => pathname === "/messages" || pathname.startsWith("/messages/"),
    Icon: MessagesIcon,
    count: viewer.unreadMessages,
    countLabel: msg("unread"),
  };
  return [...items.slice(0, -1), saved, messages, ...items.slice(-1)];
}

const isSaved = (pathname: string) => pathname === "/saved";

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
  const { translate } = useI18n();
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
              {translate(item.label)}
              {item.count ? (
                <span className="ml-1 badge px-1.5 py-0 text-xs">
                  {item.count}
                  {item.countLabel ? <span className="sr-only"> {translate(item.countLabel)}</span> : null}
                </span>
              ) : null}
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

function MessagesIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
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
