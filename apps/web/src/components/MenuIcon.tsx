import type { ReactNode } from "react";
import { StrokeSvg } from "./Svg";
import type { useDismissableMenu } from "./use-dismissable-menu";

/** The menu toggle's icon: three bars, or a cross while the menu is open. */
export function MenuIcon({ open, size = 22 }: { open: boolean; size?: number }) {
  return (
    <StrokeSvg size={size}>
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </StrokeSvg>
  );
}

/** The button that opens and closes a header's phone menu (see `useDismissableMenu`). */
export function MenuToggle({
  menu,
  controls,
  className,
  label,
  size,
  children,
}: {
  menu: Pick<ReturnType<typeof useDismissableMenu>, "open" | "setOpen" | "toggleRef">;
  /** The panel's id. */
  controls: string;
  className: string;
  label: string;
  size?: number;
  /** Words beside the icon. */
  children?: ReactNode;
}) {
  return (
    <button
      ref={menu.toggleRef}
      type="button"
      className={className}
      aria-expanded={menu.open}
      aria-controls={controls}
      aria-label={label}
      onClick={() => menu.setOpen((open) => !open)}
    >
      <MenuIcon open={menu.open} size={size} />
      {children}
    </button>
  );
}
