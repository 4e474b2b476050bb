// Placeholder until this screen lands.
export function loader() {
  throw new Response("Not implemented yet", { status: 404 });
}

export default function Placeholder() {
  return null;
}
