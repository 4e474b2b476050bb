// Drawings for empty and error states, as files the browser fetches only when one is shown (not code every
// page loads), except the one for a failed network, which must show without one: it is inlined (250 bytes).
// Each is a mask filled with the theme's accent colour, on a soft green disc.
import house from "#app/assets/illustrations/house.svg?no-inline";
import offline from "#app/assets/illustrations/offline.svg?inline";
import search from "#app/assets/illustrations/search.svg?no-inline";
import tag from "#app/assets/illustrations/tag.svg?no-inline";

/** search: nothing found; house: an empty list; tag: no offers; offline: the network or the server failed. */
const DRAWINGS = { search, house, tag, offline } as const;

export type IllustrationName = keyof typeof DRAWINGS;

/** A decorative drawing on a soft green disc. */
export function Illustration({
  name,
  className = "size-32",
}: {
  name: IllustrationName;
  className?: string;
}) {
  return (
    <span aria-hidden="true" className={`block shrink-0 rounded-full bg-brand-soft ${className}`}>
      <span
        className="block size-full bg-accent"
        style={{ mask: `url("${DRAWINGS[name]}") center / contain no-repeat` }}
      />
    </span>
  );
}
