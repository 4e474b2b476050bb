import { Icon, type IconProps } from "./icon.tsx";

// The icons of several screens; the bottom bar keeps its own (bottom-nav.tsx), so every page does not load these.

export function EyeIcon({ className = "size-6", crossed = false }: IconProps & { crossed?: boolean }) {
  return (
    <Icon className={className}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </Icon>
  );
}

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

export function ShareIcon({ className = "size-6" }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
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

export function GoogleIcon({ className = "size-6" }: IconProps) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
