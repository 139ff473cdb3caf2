import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";

/** Every item of a menu: plain items, radio items (the workspace switcher) and checkbox items. */
const ITEM = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';

/**
 * A menu button (WAI-ARIA pattern), shared by the user menu and the workspace switcher: the button
 * opens it on a click or an arrow key; on opening, focus goes to the checked item, else the first;
 * arrow keys, Home and End move between items; Esc and a press outside close it (Esc returns focus
 * to the button); Tab closes it and moves on. Spread `buttonProps` on the button and `menuProps` on
 * the panel (`role="menu"`, rendered while `open`); items take `tabIndex={-1}` and a `menuitem…` role.
 */
export function useMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    (items.find((item) => item.getAttribute("aria-checked") === "true") ?? items[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  /** Closes the menu; `returnFocus` puts focus back on the button (Esc, a choice made in place). */
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === "Tab") {
      setOpen(false);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key in moves) {
      event.preventDefault();
      const target = moves[event.key] ?? 0;
      list[(target + list.length) % list.length]?.focus();
    }
  };

  const buttonProps = {
    ref: buttonRef,
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": open,
    "aria-controls": open ? menuId : undefined,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !open) {
        event.preventDefault();
        setOpen(true);
      }
    },
  };
  const menuProps = {
    ref: menuRef,
    id: menuId,
    tabIndex: -1,
    onKeyDown: onMenuKeyDown,
  };
  return { open, setOpen, close, buttonProps, menuProps };
}

/** The chevron after a menu button's label. */
export function MenuChevron({ className, size = 16 }: { className: string; size?: number }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      viewBox="0 0 20 20"
      width={size}
      height={size}
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
