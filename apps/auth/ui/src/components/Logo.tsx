import { useId } from "react";

/** The Parley mark: a speech bubble on an indigo→violet tile, plus the word mark. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M10.5 9h11a3 3 0 0 1 3 3v6.5a3 3 0 0 1-3 3h-6.2l-4.1 3.2a.6.6 0 0 1-1-.5V21.5h.3a3 3 0 0 1-3-3V12a3 3 0 0 1 3-3z"
        fill="#fff"
      />
      <circle cx="12.6" cy="15.25" r="1.35" fill="#6d5cf0" />
      <circle cx="16.5" cy="15.25" r="1.35" fill="#6d5cf0" />
      <circle cx="20.4" cy="15.25" r="1.35" fill="#6d5cf0" />
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
