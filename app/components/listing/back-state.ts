import { useLocation } from "react-router";

/** The list a listing's page was opened from (its path and heading), carried in the history entry's state. */
export type BackTo = { path: string; label: string };

/**
 * The state a card's link carries: the list it is on, by the current page's path and `label`. Apart from
 * BackLink, which only the listing's page loads.
 */
export function useBackState(label: string | undefined): { back: BackTo } | undefined {
  const { pathname, search } = useLocation();
  return label ? { back: { path: pathname + search, label } } : undefined;
}
