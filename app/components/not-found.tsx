import { Link } from "react-router";

/** The 404 page body, shared by the catch-all route and error boundaries. */
export function NotFound({ message = "We could not find that page." }: { message?: string }) {
  return (
    <main className="page text-center">
      <title>Page not found · Homestead</title>
      <h1 className="page-heading">Page not found</h1>
      <p className="mb-6 text-muted">{message}</p>
      <Link to="/" className="btn-primary">
        Back to Explore
      </Link>
    </main>
  );
}
