/** Leaves this app for another origin (the platform callback, an OAuth provider). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
