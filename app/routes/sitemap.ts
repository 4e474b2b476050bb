// Placeholder until this resource lands.
export function loader() {
  return new Response("Not implemented yet", { status: 404 });
}
