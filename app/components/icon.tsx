// Inline icons (no icon font to download). Decorative: the text beside each icon names it.
export type IconProps = { className?: string };

export function Icon({
  className,
  strokeWidth = 2,
  children,
}: {
  className: string;
  strokeWidth?: number;
  children: React.ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}
