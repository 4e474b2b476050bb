import { useI18n } from "#app/components/use-i18n.ts";
import { NavList, tabItems } from "./nav-links.tsx";
import { useViewer } from "./use-root-data.ts";

/**
 * SPEC.md's bar at the bottom of every page on phones and tablets; the active tab is highlighted (Explore
 * also on category and listing pages). Wide screens have the header's links instead.
 */
export function BottomNav() {
  const { t } = useI18n();
  return (
    <nav aria-label={t("Main")} className="tab-bar">
      <NavList
        items={tabItems(useViewer())}
        className="mx-auto grid max-w-lg grid-cols-5 [&>li]:min-w-0"
        tabs
      />
    </nav>
  );
}
