import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Shown after the label (a count, a dot). */
  extra?: ReactNode;
}

interface TabListProps<T extends string> {
  /** Prefix for element ids: tab `${idPrefix}-tab-${id}`, panel `${idPrefix}-panel-${id}`. */
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className?: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: one tab stop; Left/Right (wrapping), Home and End move
 * and select. The panels are rendered by the caller with `TabPanel`.
 */
export function TabList<T extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  className = "tabs",
}: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  // On a phone the tab row scrolls sideways: keep the selected tab in view.
  useEffect(() => {
    const tab = refs.current.get(selected);
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollTo({ left: left - 16, behavior: "smooth" });
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={active}
            aria-controls={panelId(idPrefix, tab.id)}
            tabIndex={active ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.extra}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps {
  idPrefix: string;
  id: string;
  active: boolean;
  children: ReactNode;
  className?: string;
}

/** A tab's panel. Inactive panels stay mounted but hidden, so a chat or a half-typed form survives a tab switch. */
export function TabPanel({ idPrefix, id, active, children, className = "tab-panel" }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      hidden={!active}
      className={className}
    >
      {children}
    </div>
  );
}
