import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "./harness";

const uiIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../ui/index.html");

/** The sign-in page's title, description and <noscript> are in its language from the first paint. */
describe.each(testDrivers("either"))("the sign-in page's head in English and Arabic on %s", (driver) => {
  let t: TestApp;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = mkdtempSync(path.join(tmpdir(), "parley-auth-ui-doc-"));
    writeFileSync(path.join(uiDir, "index.html"), readFileSync(uiIndex, "utf8"));
    t = await createTestApp(driver, { env: { AUTH_UI_DIR: uiDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const page = async (url: string, headers: Record<string, string> = {}) => (await get(url, headers)).body;

  const english = (html: string) => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Sign in · Parley</title>");
    expect(html).toContain(
      'content="Sign in to Parley, the platform for AI chatbots that know your business."',
    );
    expect(html).toContain(
      "<noscript>Parley sign-in needs JavaScript. Please enable it and reload this page.</noscript>",
    );
  };
  const arabic = (html: string) => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("<title>تسجيل الدخول · Parley</title>");
    expect(html).toContain('content="سجّل الدخول إلى Parley، منصة روبوتات المحادثة');
    expect(html).toContain("<noscript>يحتاج تسجيل الدخول إلى Parley إلى JavaScript.");
    expect(html).not.toContain("Sign in to Parley");
    expect(html).not.toContain("needs JavaScript");
  };

  it("keeps the English page word for word, and says it varies by language", async () => {
    const res = await get("/auth");
    english(res.body);
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
    english(await page("/auth/sign-up", { "accept-language": "fr-FR,en;q=0.8,ar;q=0.5" }));
    english(await page("/auth?lang=en", { cookie: "parley_lang=ar" }));
  });

  it("translates the title, description and <noscript> for ?lang=ar, the cookie or Accept-Language", async () => {
    arabic(await page("/auth?lang=ar"));
    arabic(await page("/auth/sign-up", { cookie: "a=1; parley_lang=ar" }));
    arabic(await page("/auth", { "accept-language": "ar-BH,ar;q=0.9,en;q=0.8" }));
  });

  it("changes nothing for a hostile ?lang= or an oversized cookie", async () => {
    const plain = await page("/auth");
    expect(await page(`/auth?lang=${encodeURIComponent("<script>alert(1)</script>")}`)).toBe(plain);
    const huge = await get("/auth", { cookie: `parley_lang=${"x".repeat(10 * 1024)}` });
    expect(huge.statusCode).toBe(200);
    expect(huge.body).toBe(plain);
  });
});
