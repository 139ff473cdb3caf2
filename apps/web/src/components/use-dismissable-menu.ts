import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/**
 * A menu panel opened by a toggle button (the headers' phone menus): a navigation, Esc (focus
 * back on the toggle) and a press outside close it, and so does the window growing to
 * `wideQuery`, where the panel is not used, so no menu is left open behind the wide layout.
 */
export function useDismissableMenu<Panel extends HTMLElement>(wideQuery: string) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<Panel>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    const wide = window.matchMedia(wideQuery);
    const onWide = () => {
      if (wide.matches) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    wide.addEventListener("change", onWide);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      wide.removeEventListener("change", onWide);
    };
  }, [open, wideQuery]);

  return { open, setOpen, toggleRef, panelRef };
}
