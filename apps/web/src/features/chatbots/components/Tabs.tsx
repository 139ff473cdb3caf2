import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";

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

/** Whether an element lays out right to left (an Arabic page). */
const isRtl = (el: Element | null) => el !== null && getComputedStyle(el).direction === "rtl";

/**
 * WAI-ARIA tabs with automatic activation: one tab stop; Left/Right (wrapping, swapped right to
 * left), Home and End move and select. The panels are rendered by the caller with `TabPanel`.
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
  const listRef = useRef<HTMLDivElement>(null);
  const more = useScrollEdges(listRef, tabs.length);

  // On a phone the tab row scrolls sideways: keep the selected tab in view. The tabs' widths may
  // still change after the first paint (a count badge arriving, the font loading): until the
  // member scrolls the row themselves, the selected tab is brought back into view each time.
  const userScrolled = useRef(false);
  const showSelected = useCallback(
    (behavior: ScrollBehavior) => {
      const tab = refs.current.get(selected);
      const list = tab?.parentElement;
      if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
      if (isRtl(list)) {
        tab.scrollIntoView({ block: "nearest", inline: "nearest", behavior });
        return;
      }
      const left = tab.offsetLeft - list.offsetLeft;
      if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
        list.scrollTo({ left: left - 16, behavior });
    },
    [selected],
  );
  useEffect(() => showSelected("smooth"), [showSelected]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() => {
      if (!userScrolled.current) showSelected("auto");
    });
    observer.observe(list);
    for (const child of Array.from(list.children)) observer.observe(child);
    const byHand = () => {
      userScrolled.current = true;
    };
    list.addEventListener("pointerdown", byHand);
    list.addEventListener("wheel", byHand, { passive: true });
    list.addEventListener("touchstart", byHand, { passive: true });
    return () => {
      observer.disconnect();
      list.removeEventListener("pointerdown", byHand);
      list.removeEventListener("wheel", byHand);
      list.removeEventListener("touchstart", byHand);
    };
  }, [showSelected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = -1;
    const [forward, backward] = isRtl(event.currentTarget)
      ? ["ArrowLeft", "ArrowRight"]
      : ["ArrowRight", "ArrowLeft"];
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  /** -1 scrolls toward the first tab, 1 toward the last (leftward in a right-to-left page). */
  const scrollBy = (direction: -1 | 1) => {
    userScrolled.current = true;
    const list = listRef.current;
    const sign = isRtl(list) ? -1 : 1;
    list?.scrollBy({ left: sign * direction * Math.max(120, list.clientWidth * 0.7), behavior: "smooth" });
  };

  return (
    // More tabs than fit (a phone): the row scrolls, the side with more tabs fades, and an arrow
    // button on that side scrolls it. Keyboard users move with the arrow keys (the list scrolls
    // the selected tab into view), so the arrow buttons are for pointers only. "left" and "right"
    // are the start and end of the row (the CSS places them with inset-inline-start/end).
    <div
      className="tabs-scroller"
      // The fades are drawn on the physical sides; the buttons sit at the row's start and end.
      data-more-left={(more.rtl ? more.right : more.left) || undefined}
      data-more-right={(more.rtl ? more.left : more.right) || undefined}
    >
      {more.left ? <MoreTabs side="left" onClick={() => scrollBy(-1)} /> : null}
      <div ref={listRef} role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
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
      {more.right ? <MoreTabs side="right" onClick={() => scrollBy(1)} /> : null}
    </div>
  );
}

/**
 * Whether a horizontally scrolling element has more content past its start ("left") and end
 * ("right") edges. Right to left, scrollLeft runs from 0 at the start to negative values.
 */
function useScrollEdges(ref: RefObject<HTMLElement | null>, contentKey: number) {
  const [edges, setEdges] = useState({ left: false, right: false, rtl: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A pixel of slack: fractional widths never reach the end exactly.
    const rtl = isRtl(el);
    const scrolled = rtl ? -el.scrollLeft : el.scrollLeft;
    const left = scrolled > 1;
    const right = scrolled + el.clientWidth < el.scrollWidth - 1;
    setEdges((prev) =>
      prev.left === left && prev.right === right && prev.rtl === rtl ? prev : { left, right, rtl },
    );
  }, [ref]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the tabs change
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    // The list's own box, and each tab (a count badge that grows changes how much fits).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => {
      el.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [measure, contentKey]);
  return edges;
}

/** The arrow on the side of a tab row that has more tabs past its edge. */
function MoreTabs({ side, onClick }: { side: "left" | "right"; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`tabs-more tabs-more-${side}`}
      // The arrow points out of the row's start or end: mirrored right to left.
      tabIndex={-1}
      aria-hidden="true"
      data-testid={side === "right" ? "tabs-more" : "tabs-more-left"}
      onClick={onClick}
    >
      <svg
        aria-hidden="true"
        className="icon-directional"
        viewBox="0 0 20 20"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={side === "right" ? "M8 5l5 5-5 5" : "M12 5l-5 5 5 5"} />
      </svg>
    </button>
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
