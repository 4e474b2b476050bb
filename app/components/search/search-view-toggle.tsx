import { Link } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";

/** List / Map: two links to the same search in the other view (the map opens Leaflet, the list does not). */
export function SearchViewToggle({
  view,
  hrefs,
}: {
  view: "list" | "map";
  hrefs: { list: string; map: string };
}) {
  const { t } = useI18n();
  const views = [
    { name: "list" as const, label: t("List") },
    { name: "map" as const, label: t("Map") },
  ];
  return (
    <nav
      aria-label={t("View")}
      className="mb-6 inline-flex rounded-full border border-line-strong bg-surface p-1"
    >
      {views.map(({ name, label }) => (
        <Link
          key={name}
          to={hrefs[name]}
          aria-current={view === name ? "page" : undefined}
          className={`rounded-full px-5 py-2 text-sm font-bold ${view === name ? "bg-brand text-on-brand" : "text-ink hover:bg-surface-2"}`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
