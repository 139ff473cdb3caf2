import { useId } from "react";

/**
 * The Parley mark — the same drawing as apps/web/src/components/Logo.tsx (copied, not imported):
 * a speech bubble on an indigo-to-violet tile.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = `logo-gradient-${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9A2.5 2.5 0 0 1 23 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.4A.5.5 0 0 1 10 23v-3.1A2.5 2.5 0 0 1 9 17.5z"
        fill="#fff"
      />
      <circle cx="13" cy="14" r="1.3" fill="#4f46e5" />
      <circle cx="16" cy="14" r="1.3" fill="#4f46e5" />
      <circle cx="19" cy="14" r="1.3" fill="#4f46e5" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-word">Parley</span>
    </span>
  );
}
