import { useI18n } from "#app/components/use-i18n.ts";
import { ErrorPage } from "./error-page.tsx";
import { useSite } from "./shell/use-root-data.ts";

/** The 404 page body, shared by the catch-all route and error boundaries. */
export function NotFound({ message }: { message?: string }) {
  const site = useSite();
  const { t } = useI18n();
  return (
    <>
      <title>{`${t("Page not found")} · ${site.name}`}</title>
      <ErrorPage
        title={t("Page not found")}
        message={message ?? t("We could not find that page.")}
        illustration="search"
      />
    </>
  );
}
