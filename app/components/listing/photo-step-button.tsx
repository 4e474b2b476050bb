import { Icon } from "#app/components/icon.tsx";
import { useI18n } from "#app/components/use-i18n.ts";

/** The arrow of previous/next and back links. */
export function ChevronIcon({
  direction,
  className = "size-6",
}: {
  direction: "left" | "right";
  className?: string;
}) {
  return (
    <Icon className={className} strokeWidth={2.5}>
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </Icon>
  );
}

/**
 * Previous or next photo. aria-disabled rather than disabled at the first or last photo: a disabled button
 * would drop the keyboard focus. `className` places and colours it (over the page's photo or the viewer's).
 */
export function PhotoStepButton({
  side,
  disabled,
  onClick,
  className,
  iconClassName,
}: {
  side: "left" | "right";
  disabled: boolean;
  onClick: () => void;
  className: string;
  iconClassName?: string;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      aria-label={side === "left" ? t("Previous photo") : t("Next photo")}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className={`absolute top-1/2 flex -translate-y-1/2 items-center justify-center rounded-full ${className}`}
    >
      <ChevronIcon direction={side} className={iconClassName} />
    </button>
  );
}
