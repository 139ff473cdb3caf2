import { expect, type Page } from "@playwright/test";
import ar from "../packages/ui/src/locales/ar/index";
import { screenshot } from "./account-helpers";
import { seriousViolations } from "./axe";

type Tree = { readonly [key: string]: string | Tree };

/** An Arabic catalog text by `ns:dotted.key`, with `{{name}}` filled in (the tests read what users read). */
export function arText(key: string, values: Record<string, string> = {}): string {
  const [ns = "", path = ""] = key.split(":");
  let node: string | Tree | undefined = (ar as unknown as Record<string, Tree>)[ns];
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no Arabic text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** Texts the same in every language (brands, file types, the other language's own name). */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Parley",
  "BENEFIT",
  "Mastercard",
  "Visa",
  "BHD",
  "PDF",
  "DOCX",
  "TXT",
  "Markdown",
  "Word",
  "CSV",
  "JSON",
  "English",
  "HMAC",
  "SHA",
  "AI",
  "API",
  "REST",
  "URL",
  "HTML",
  // Technical and product names Arabic tech writing keeps in Latin letters.
  "Meta",
  "OpenAI",
  "OpenRouter",
  "Ollama",
  "vLLM",
  "LM",
  "Studio",
  "CSP",
  "CSS",
  "Shadow",
  "DOM",
  "QR",
  "IP",
  "async",
  "UTC",
  "HTTPS",
  // The signing standard webhooks follow, by its name ("Standard Webhooks").
  "Standard",
  "Webhooks",
  // Keyboard keys as printed on the keys, and the server languages of the Embed tab's snippets.
  "Enter",
  "Shift",
  "PHP",
  "Python",
  // The live demo's bot is an English café's ("Acme Coffee assistant"): its name is its own.
  "Acme",
  "Coffee",
]);

export interface PageProblems {
  dir: string;
  lang: string;
  /** Latin words a reader sees (text or labels) outside left-to-right islands. */
  untranslated: string[];
  /** The page is wider than the window: it scrolls sideways. */
  overflowX: number;
  /** Elements whose text is cut off without an ellipsis. */
  clipped: string[];
}

/** What a reader of the Arabic page would stumble on, read from the rendered DOM. */
export async function arabicPageProblems(page: Page): Promise<PageProblems> {
  return page.evaluate(
    (allowed) => {
      const allow = new Set(allowed);
      const skip =
        'script,style,code,pre,kbd,samp,textarea,svg,[translate="no"],[dir="ltr"],[data-user-content],[hidden],[aria-hidden="true"]';
      const visible = (el: Element) => {
        const style = getComputedStyle(el);
        return style.display !== "none" && style.visibility !== "hidden" && el.getClientRects().length > 0;
      };
      const latinWords = (text: string) =>
        (
          text
            // Addresses, file names, CSP directives (script-src), the webhook headers (webhook-id)
            // and tags quoted as text (</body>).
            .replace(
              /https?:\/\/\S+|[\w.+-]+@[\w.-]+|\b[\w-]+\.(com|bh|local|example|json|js)\b|\b[a-z]+-src\b|\bwebhook-[a-z]+\b|<\/?\w+>|\/[\w/.-]+/g,
              "",
            )
            .match(/[A-Za-z]{2,}/g) ?? []
        ).filter((w) => !allow.has(w));
      const untranslated: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || el.closest(skip) || !visible(el)) continue;
        for (const w of latinWords(node.textContent ?? ""))
          untranslated.push(`${w} in "${(node.textContent ?? "").trim().slice(0, 60)}"`);
      }
      for (const el of document.querySelectorAll("[aria-label],[placeholder],[title],[alt]")) {
        if (el.closest(skip) || !visible(el)) continue;
        for (const attr of ["aria-label", "placeholder", "title", "alt"]) {
          const value = el.getAttribute(attr);
          if (value)
            for (const w of latinWords(value)) untranslated.push(`${w} in @${attr}="${value.slice(0, 60)}"`);
        }
      }
      const clipped: string[] = [];
      for (const el of document.body.querySelectorAll("*")) {
        if (!(el instanceof HTMLElement) || el.closest(skip) || !visible(el)) continue;
        const hasText = [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim(),
        );
        if (!hasText) continue;
        const style = getComputedStyle(el);
        const hides = /hidden|clip/.test(style.overflowX) || /hidden|clip/.test(style.overflow);
        // A visually hidden label (1 px wide, for screen readers) is not cut-off text.
        if (el.clientWidth <= 1) continue;
        if (hides && style.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 2)
          clipped.push(
            `${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? "").trim().slice(0, 40)}"`,
          );
      }
      return {
        dir: document.documentElement.dir,
        lang: document.documentElement.lang,
        untranslated: [...new Set(untranslated)],
        overflowX: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        clipped,
      };
    },
    [...SAME_IN_EVERY_LANGUAGE],
  );
}

/**
 * Screenshots the page at each size and checks it reads as a finished Arabic page; at the first
 * size (the widest) it must also pass axe's WCAG 2.1 A and AA rules with nothing serious or
 * critical (issue #32: every page in Arabic, checked here on the walk that reads it).
 */
export async function checkArabicPage(
  page: Page,
  name: string,
  viewports: readonly { width: number; height: number }[],
  ready: () => Promise<void>,
): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await ready();
    // Lazy content and fonts settle before the reading.
    await page.evaluate(() => document.fonts.ready);
    const problems = await arabicPageProblems(page);
    await screenshot(page, `ar-${name}`, { fullPage: true });
    expect.soft(problems.dir, `${name} at ${viewport.width}px: dir`).toBe("rtl");
    expect.soft(problems.lang, `${name} at ${viewport.width}px: lang`).toBe("ar");
    expect.soft(problems.untranslated, `${name} at ${viewport.width}px: untranslated text`).toEqual([]);
    expect.soft(problems.overflowX, `${name} at ${viewport.width}px: sideways scroll`).toBe(0);
    expect.soft(problems.clipped, `${name} at ${viewport.width}px: clipped text`).toEqual([]);
    if (viewport === viewports[0])
      expect
        .soft(await seriousViolations(page), `${name} at ${viewport.width}px: axe (WCAG 2.1 AA)`)
        .toEqual([]);
  }
}
