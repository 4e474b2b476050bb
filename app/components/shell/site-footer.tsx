import { Link } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import { useSite } from "./use-root-data.ts";

/** The end of every page: what the site is, and the ways into it. */
export function SiteFooter() {
  const site = useSite();
  const { t } = useI18n();
  return (
    <footer className="mt-auto border-t border-line bg-surface">
      {/* On phones the tab bar is fixed over the bottom of the page: the footer runs on under it. */}
      <div className="container-wide flex flex-col gap-3 pt-8 pb-28 text-sm text-muted sm:flex-row sm:items-center sm:justify-between lg:pb-8">
        <p>
          <span className="font-bold text-ink">{site.name}</span> ·{" "}
          {t("Homes for rent and for sale, listed by their owners.")}
        </p>
        <nav aria-label={t("Footer")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 font-semibold">
            <li>
              <Link to="/category/rent" className="hover:text-ink">
                {t("Homes for rent")}
              </Link>
            </li>
            <li>
              <Link to="/category/sale" className="hover:text-ink">
                {t("Homes for sale")}
              </Link>
            </li>
            <li>
              <Link to="/create-listing" className="hover:text-ink">
                {t("List a home")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
