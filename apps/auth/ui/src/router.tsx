/** A tiny history-based router: six pages don't need a routing library. */
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from "react";

const CHANGE_EVENT = "parley:navigate";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/** Re-renders on navigation; returns pathname and search of the current location. */
export function useLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.search };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE_EVENT));
  window.scrollTo(0, 0);
}

/** Leaves this app for another origin (the platform callback, an OAuth provider). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A normal `<a>` (so open-in-new-tab works) that navigates in place on a plain click. */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
