import { Link, useLocation } from "react-router";
import { useI18n } from "#app/components/use-i18n.ts";
import { Illustration, type IllustrationName } from "./illustration.tsx";

type Props = {
  title: string;
  message: string;
  illustration?: IllustrationName;
  /** Offers Retry: loads this page again (a plain link, so it works before JavaScript too). */
  retry?: boolean;
  /** The message is an alert (a refusal the user should hear at once). */
  alert?: boolean;
};

/** A whole page that could not be shown: what happened, and Retry or Go to Explore. */
export function ErrorPage({ title, message, illustration = "offline", retry = false, alert = false }: Props) {
  const { pathname, search } = useLocation();
  const { t } = useI18n();
  return (
    <main className="page flex max-w-2xl flex-col items-center text-center">
      <Illustration name={illustration} className="size-36" />
      <h1 className="page-heading mt-6 mb-3">{title}</h1>
      <p role={alert ? "alert" : undefined} className="mb-8 text-lg text-muted">
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {retry ? (
          <Link to={pathname + search} replace className="btn-primary">
            {t("Retry")}
          </Link>
        ) : null}
        <Link to="/" className={retry ? "btn-secondary" : "btn-primary"}>
          {t("Go to Explore")}
        </Link>
      </div>
    </main>
  );
}
