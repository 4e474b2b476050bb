/**
 * The answer to a POST (or PUT, DELETE…) on a resource route that is only ever read. Without an action,
 * React Router answers 405 with a generic error text; this says what the route is for and which methods it
 * takes.
 */
export function methodNotAllowed(what: string): Response {
  return new Response(`Method not allowed: ${what} is only read (GET).`, {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
