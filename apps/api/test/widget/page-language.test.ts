import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../harness";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web");

/**
 * The web app's HTML entries (index.html and the widget's widget.html, as written in apps/web) go
 * out in the page's language from the first paint: `?lang=`, then the parley_lang cookie, then
 * Accept-Language, then English (issue #21).
 */
describe.each(testDrivers("either"))("the web app's HTML entries in English and Arabic on %s", (driver) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "parley-page-lang-dist-"));
    writeFileSync(path.join(dist, "index.html"), readFileSync(path.join(web, "index.html"), "utf8"));
    writeFileSync(path.join(dist, "widget.html"), readFileSync(path.join(web, "widget.html"), "utf8"));
    t = await createTestApp(driver, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const page = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).body;

  const englishIndex = (html: string) => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Parley</title>");
    expect(html).toContain(
      'content="Parley builds AI chatbots that answer from your own knowledge. Add them to your website with one script tag, and pay in BHD with BENEFIT or card."',
    );
    expect(html).toContain(
      "<noscript>Parley needs JavaScript. Please enable it and reload this page.</noscript>",
    );
  };
  const arabicIndex = (html: string) => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).not.toContain('lang="en"');
    expect(html).toContain("<title>Parley</title>");
    expect(html).toContain('content="تبني Parley روبوتات محادثة');
    expect(html).toContain("<noscript>يحتاج Parley إلى JavaScript.");
    expect(html).not.toContain("Parley builds AI chatbots");
    expect(html).not.toContain("Parley needs JavaScript");
  };
  const englishWidget = (html: string) => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Chat</title>");
    expect(html).toContain('aria-label="Loading chat"');
  };
  const arabicWidget = (html: string) => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("<title>المحادثة</title>");
    expect(html).toContain('aria-label="جارٍ تحميل المحادثة"');
    expect(html).not.toContain("Loading chat");
  };

  it("serves the app shell in English by default, with the runtime settings kept", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    englishIndex(res.body);
    expect(res.body).toContain('<meta name="parley:payments-mode"');
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
    englishIndex(await page("/pricing", { "accept-language": "fr-FR,en;q=0.8,ar;q=0.5" }));
  });

  it("serves it in Arabic for ?lang=ar, the parley_lang cookie or Accept-Language: ar-BH", async () => {
    arabicIndex(await page("/?lang=ar"));
    arabicIndex(await page("/pricing", { cookie: "a=1; parley_lang=ar" }));
    arabicIndex(await page("/", { "accept-language": "ar-BH,ar;q=0.9,en;q=0.8" }));
    arabicIndex(await page("/dashboard?tab=1&lang=ar-BH"));
    // ?lang= wins over the cookie, the cookie over the browser; an unknown ?lang= is skipped.
    englishIndex(await page("/?lang=en", { cookie: "parley_lang=ar" }));
    englishIndex(await page("/", { cookie: "parley_lang=en", "accept-language": "ar" }));
    arabicIndex(await page("/?lang=xx", { cookie: "parley_lang=ar" }));
  });

  it("serves the widget chat page in the same language", async () => {
    const plain = await get("/widget/chat/cb_unknown");
    expect(plain.statusCode).toBe(200);
    englishWidget(plain.body);
    expect(String(plain.headers.vary)).toMatch(/accept-language/i);
    arabicWidget(await page("/widget/chat/cb_unknown?lang=ar"));
    arabicWidget(await page("/widget/chat/cb_unknown", { cookie: "parley_lang=ar" }));
    arabicWidget(await page("/widget/chat/cb_unknown", { "accept-language": "ar-BH" }));
    englishWidget(await page("/widget/chat/cb_unknown?lang=en", { "accept-language": "ar-BH" }));
  });

  it("changes nothing for a hostile ?lang= or an oversized cookie", async () => {
    const plain = await page("/");
    const script = await page(`/?lang=${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(script).toBe(plain);
    expect(script).not.toContain("alert(1)");
    expect(await page("/?lang=%3Cscript%3E")).toBe(plain);
    expect(await page("/?lang=%E0%A4%A")).toBe(plain);
    expect(await page(`/?lang=${"ar".repeat(5000)}`)).toBe(plain);
    const big = `parley_lang=${"x".repeat(10 * 1024)}`;
    const huge = await get("/", { cookie: big });
    expect(huge.statusCode).toBe(200);
    expect(huge.body).toBe(plain);
    expect(await page("/", { cookie: "parley_lang=%E0%A4%A" })).toBe(plain);
    expect(await page("/", { cookie: `parley_lang=<script>${"a".repeat(10 * 1024)}` })).toBe(plain);
    const widget = await get("/widget/chat/cb_unknown", { cookie: big, "accept-language": "x".repeat(4096) });
    expect(widget.statusCode).toBe(200);
    englishWidget(widget.body);
  });
});
