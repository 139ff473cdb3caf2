import { expect, type Page } from "@playwright/test";

/**
 * Goes to `path` inside the running app, as a click on one of its links does: the router follows
 * the history entry, nothing reloads. Journeys that walk through many signed-in pages use it after
 * the first load (loading the whole app for every page was most of their CPU on CI). `landsOn` is
 * where the app sends the path when it redirects.
 */
export async function navigateInApp(page: Page, path: string, landsOn = path): Promise<void> {
  await page.evaluate((to) => {
    // The router's own entry shape (its index one past the current), as its links push.
    const idx = (window.history.state?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === landsOn);
}
