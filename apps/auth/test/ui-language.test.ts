import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "./harness";

/** The sign-in page is right to left from its first paint when it will be Arabic. */
describe.each(testDrivers("either"))("the sign-in page's first paint on %s", (driver) => {
  let t: TestApp;
  let uiDir: string;
  beforeAll(async () => {
    uiDir = mkdtempSync(path.join(tmpdir(), "parley-auth-ui-lang-"));
    writeFileSync(
      path.join(uiDir, "index.html"),
      '<!doctype html><html lang="en"><head><title>Sign in · Parley</title></head><body></body></html>',
    );
    t = await createTestApp(driver, { env: { AUTH_UI_DIR: uiDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: "GET", url, headers })).body;

  it("follows ?lang=, then the parley_lang cookie, then Accept-Language", async () => {
    expect(await page("/auth")).toContain('<html lang="en">');
    expect(await page("/auth?lang=ar")).toContain('<html lang="ar" dir="rtl">');
    expect(await page("/auth/sign-up", { cookie: "a=1; parley_lang=ar" })).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect(await page("/auth", { "accept-language": "ar-BH,ar;q=0.9,en;q=0.8" })).toContain(
      '<html lang="ar" dir="rtl">',
    );
    expect(await page("/auth", { "accept-language": "fr-FR,en;q=0.8,ar;q=0.5" })).toContain(
      '<html lang="en">',
    );
    expect(await page("/auth?lang=en", { cookie: "parley_lang=ar" })).toContain('<html lang="en">');
    expect(await page("/auth?lang=xx", { cookie: "parley_lang=ar" })).toContain('<html lang="ar" dir="rtl">');
  });
});
