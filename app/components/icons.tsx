import { Icon, type IconProps } from "./icon.tsx";

// The icons of several screens. The tab bar keeps its own (nav-links.tsx), and an icon of one screen lives
// with that screen, so the lists and Explore load only these.

export function ArrowRightIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M5 12h14M13 5l7 7-7 7" />
    </Icon>
  );
}

export function HomeIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z" />
    </Icon>
  );
}

export function BedIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M2 18V6M2 14h20v4M22 14v-3a3 3 0 0 0-3-3h-8v6M6 11a2 2 0 1 0 0-.01" />
    </Icon>
  );
}

export function BathIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M4 12h16v3a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM6 12V5a2 2 0 0 1 4 0M6 20l-1 2M18 20l1 2" />
    </Icon>
  );
}

export function TrashIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </Icon>
  );
}

export function EditIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </Icon>
  );
}

export function HeartIcon({ className = "size-5", filled = false }: IconProps & { filled?: boolean }) {
  return (
    <Icon className={`${className} ${filled ? "fill-current" : ""}`}>
      <path d="M12 20 4.5 12.5A4.9 4.9 0 0 1 12 6a4.9 4.9 0 0 1 7.5 6.5Z" />
    </Icon>
  );
}

export function CheckIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function PlusIcon({ className = "size-5" }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}
