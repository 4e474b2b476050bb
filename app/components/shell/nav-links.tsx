import { Link, useLocation } from "react-router";
import { Icon, type IconProps } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";
import { msg } from "#app/modules/i18n/i18n.ts";

/**
 * What the navigation knows about who is looking. `unsure`: a page shared with visitors before /me has
 * answered; the items of both states are drawn, each marked with its audience, and <html>'s data-viewer
 * (set by the inline personal script) hides the other's.
 */
export type NavViewer = { signedIn: boolean; unreadMessages?: number; unsure?: boolean };

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
  /** Shown only to this audience while the viewer is unsure (app.css hides the other's by <html data-viewer>). */
  audience?: "member" | "visitor";
};

const isExplore = (pathname: string) => pathname === "/" || pathname.startsWith("/category/");
const isOffers = (pathname: string) => pathname === "/offers";
const isSearch = (pathname: string) => pathname === "/search";
const isSaved = (pathname: string) => pathname === "/saved";
const isMessages = (pathname: string) => pathname === "/messages" || pathname.startsWith("/messages/");
// The Profile tab leads to sign-in for visitors, and to the lister's own forms.
const PROFILE_PATHS = ["/profile", "/sign-in", "/sign-up", "/forgot-password", "/reset-password"];
const isProfile = (pathname: string) =>
  PROFILE_PATHS.includes(pathname) || pathname === "/create-listing" || pathname.startsWith("/edit-listing/");

/** Profile for a signed-in user; Sign In, in the same place, for a visitor. */
function profileItem(viewer: NavViewer | null): NavItem {
  return viewer?.signedIn
    ? { to: "/profile", label: msg("Profile"), isCurrent: isProfile, Icon: PersonIcon }
    : { to: "/sign-in", label: msg("Sign In"), isCurrent: isProfile, Icon: PersonIcon };
}

function messagesItem(viewer: NavViewer | null): NavItem {
  return {
    to: "/messages",
    label: msg("Messages"),
    isCurrent: isMessages,
    Icon: MessagesIcon,
    count: viewer?.unreadMessages,
    countLabel: msg("unread"),
  };
}

/**
 * The phone's bottom bar, on every page: SPEC.md's Explore and Profile with what a phone needs daily between
 * them (Search, Saved, Messages with its unread count). Offers stays in the header and on Explore.
 */
export function tabItems(viewer: NavViewer | null): NavItem[] {
  return [
    { to: "/", label: msg("Explore"), isCurrent: isExplore, Icon: ExploreIcon },
    { to: "/search", label: msg("Search"), isCurrent: isSearch, Icon: SearchIcon },
    { to: "/saved", label: msg("Saved"), isCurrent: isSaved, Icon: HeartOutlineIcon },
    messagesItem(viewer),
    ...(viewer?.unsure ? bothProfileItems() : [profileItem(viewer)]),
  ];
}

/** Profile for a member and Sign In for a visitor, each marked with its audience. */
function bothProfileItems(): NavItem[] {
  return [
    { ...profileItem({ signedIn: true }), audience: "member" },
    { ...profileItem(null), audience: "visitor" },
  ];
}

/**
 * The header's links on wide screens: SPEC.md's Explore, Offers and Profile (Sign In for visitors), Search
 * (as the phone's bar has it), with Saved and Messages (its unread count) for a signed-in user.
 */
export function headerItems(viewer: NavViewer | null): NavItem[] {
  const explore: NavItem = { to: "/", label: msg("Explore"), isCurrent: isExplore, Icon: ExploreIcon };
  const offers: NavItem = { to: "/offers", label: msg("Offers"), isCurrent: isOffers, Icon: OfferIcon };
  const search: NavItem = { to: "/search", label: msg("Search"), isCurrent: isSearch, Icon: SearchIcon };
  const saved: NavItem = { to: "/saved", label: msg("Saved"), isCurrent: isSaved, Icon: HeartOutlineIcon };
  if (viewer?.unsure) {
    const member = (item: NavItem): NavItem => ({ ...item, audience: "member" });
    return [explore, offers, search, member(saved), member(messagesItem(viewer)), ...bothProfileItems()];
  }
  if (!viewer?.signedIn) return [explore, offers, search, profileItem(viewer)];
  return [explore, offers, search, saved, messagesItem(viewer), profileItem(viewer)];
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
  const { translate } = useI18n();
  const current = items.find((item) => item.isCurrent(pathname));
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to} data-audience={item.audience}>
          <Link
            to={item.to}
            prefetch="intent"
            aria-current={item === current ? (item.to === pathname ? "page" : "true") : undefined}
            className={tabs ? "tab-link" : "nav-link"}
          >
            {tabs ? (
              // On a tab the count sits on the icon's corner, so five labels still fit a phone's width.
              <span className="relative">
                <item.Icon className="size-6" />
                {item.count ? <Count item={item} className="tab-count" /> : null}
              </span>
            ) : null}
            <span>
              {translate(item.label)}
              {item.count && !tabs ? <Count item={item} className="ml-1 badge px-1.5 py-0 text-xs" /> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A destination's count, read out with what it counts ("3 unread"). */
function Count({ item, className }: { item: NavItem; className: string }) {
  const { translate } = useI18n();
  return (
    <span className={className}>
      {item.count}
      {item.countLabel ? <span className="sr-only"> {translate(item.countLabel)}</span> : null}
    </span>
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

function SearchIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </Icon>
  );
}

function HeartOutlineIcon({ className = "size-7" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M12 20 4.5 12.5A4.9 4.9 0 0 1 12 6a4.9 4.9 0 0 1 7.5 6.5Z" />
    </Icon>
  );
}
