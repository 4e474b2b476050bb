import { ErrorPage } from "./error-page.tsx";
import { useSite } from "./shell/use-root-data.ts";

/** The 404 page body, shared by the catch-all route and error boundaries. */
export function NotFound({ message = "We could not find that page." }: { message?: string }) {
  const site = useSite();
  return (
    <>
      <title>{`Page not found · ${site.name}`}</title>
      <ErrorPage title="Page not found" message={message} illustration="search" />
    </>
  );
}
