import type { Locator } from "@playwright/test";

/**
 * Records every text an element shows from now on, in the page as it changes. For a sign that
 * shows a moment and goes ("Copied" for 2 s): on a starved machine the test's next look can come
 * after it is gone, while the page itself saw it. `seen()` returns the texts in order.
 */
export async function watchTexts(target: Locator): Promise<{ seen: () => Promise<string[]> }> {
  const key = `__texts_${Math.random().toString(36).slice(2)}`;
  await target.evaluate((el, key) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[key] = seen;
    const record = () => {
      const text = el.textContent?.trim() ?? "";
      if (seen.at(-1) !== text) seen.push(text);
    };
    record();
    new MutationObserver(record).observe(el, { subtree: true, childList: true, characterData: true });
  }, key);
  return {
    seen: () =>
      target.page().evaluate((key) => (window as unknown as Record<string, string[]>)[key] ?? [], key),
  };
}
