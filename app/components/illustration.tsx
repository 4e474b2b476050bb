// Small line drawings for empty and error states, in the theme's colours (no image to download).

const DRAWINGS = {
  /** A house and a magnifying glass: nothing found. */
  search: (
    <>
      <path d="M30 62 60 38l30 24v32a3 3 0 0 1-3 3H33a3 3 0 0 1-3-3z" />
      <path d="M52 97V76h16v21" />
      <circle cx="88" cy="84" r="14" className="fill-surface" />
      <path d="m98 94 12 12" />
    </>
  ),
  /** A house with a "for rent" sign waiting to be filled: an empty list. */
  house: (
    <>
      <path d="M24 64 56 38l32 26v33a3 3 0 0 1-3 3H27a3 3 0 0 1-3-3z" />
      <path d="M47 100V78h18v22" />
      <path d="M98 100V66" />
      <rect x="86" y="52" width="24" height="16" rx="3" className="fill-surface" />
      <path d="M92 60h12" />
    </>
  ),
  /** A price tag: no offers. */
  tag: (
    <>
      <path d="M66 26h30a4 4 0 0 1 4 4v30L62 98a4 4 0 0 1-5.7 0L28 69.7a4 4 0 0 1 0-5.7z" />
      <circle cx="86" cy="40" r="6" />
      <path d="m52 66 14 14M46 78l8 8" />
    </>
  ),
  /** A cloud with a break in it: the network or the server failed. */
  offline: (
    <>
      <path d="M42 92h44a18 18 0 0 0 2-36 26 26 0 0 0-50-4 20 20 0 0 0 4 40z" />
      <path d="m30 30 70 70" />
    </>
  ),
} as const;

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
    <svg
      viewBox="0 0 128 128"
      aria-hidden="true"
      focusable="false"
      className={`${className} text-accent`}
      fill="none"
      stroke="currentColor"
      strokeWidth={4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="64" cy="64" r="62" className="fill-brand-soft" stroke="none" />
      {DRAWINGS[name]}
    </svg>
  );
}
