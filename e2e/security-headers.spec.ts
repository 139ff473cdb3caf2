import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { AUTH, createVerifiedAccount, signInOnAuthPage, uniqueEmail, WEB } from "./identity-helpers";
import { waitForQuiet } from "./quiet";
import { scaled } from "./slowness";

// The web app and the auth pages run under a strict CSP (no inline script or style, no framing):
// they must work with it — not one violation in real Chromium — and refuse to be framed elsewhere.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports (the browser's own event), from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations?.push(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return async () => {
    const fromPage = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
    return [...fromPage, ...console];
  };
}

async function visit(page: Page, url: string, violations: () => Promise<string[]>) {
  await page.goto(url);
  await waitForQuiet(page);
  expect(await violations(), url).toEqual([]);
}

test("the site, the sign-in pages and the signed-in app run under the CSP without a violation", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const violations = await watchCsp(page);
  // /widget frames the showcase bot's chat page; the chat page also stands alone.
  const demo = (await (await request.get(`${WEB}/api/demo`)).json()) as { chatbotId: string | null };
  expect(demo.chatbotId).toBeTruthy();
  for (const path of ["/", "/pricing", "/faq", "/contact", "/widget", `/widget/chat/${demo.chatbotId}`])
    await visit(page, `${WEB}${path}`, violations);
  for (const path of ["/auth?platform=parley", "/auth/sign-up?platform=parley", "/auth/forgot-password"])
    await visit(page, `${AUTH}${path}`, violations);

  const email = uniqueEmail("csp");
  const password = "correct horse battery 42";
  await createVerifiedAccount(request, { name: "Cora Policy", email, password });
  await page.goto(`${WEB}/dashboard`);
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  expect(await violations()).toEqual([]);
  for (const path of ["/dashboard", "/billing", "/inbox", "/analytics", "/account", "/support"])
    await visit(page, `${WEB}${path}`, violations);
  // Payments run on the sandbox gateway here: the billing page says so.
  await page.goto(`${WEB}/billing`);
  await expect(page.getByTestId("test-mode-banner")).toContainText("Test mode");
});

test("the signed-in dashboard and the sign-in page refuse to render inside another site's frame", async ({
  page,
}) => {
  // A page on another origin (127.0.0.1, another port) that tries to frame them.
  const framer: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Framer</title>` +
        `<iframe id="app" src="${WEB}/dashboard"></iframe><iframe id="auth" src="${AUTH}/auth"></iframe>`,
    );
  });
  await new Promise<void>((r) => framer.listen(0, "127.0.0.1", r));
  try {
    const refused: string[] = [];
    page.on("console", (m) => {
      if (m.text().includes("frame-ancestors")) refused.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
    await expect.poll(() => refused.length, { timeout: scaled(10_000) }).toBe(2);
    // Chromium names the refused frames by origin.
    expect(refused.join("\n")).toContain(`Framing '${WEB}/'`);
    expect(refused.join("\n")).toContain(`Framing '${AUTH}/'`);
    // Neither frame shows the app: Chromium replaces a refused frame with its error page.
    for (const frame of page.frames().slice(1)) {
      expect(frame.url()).not.toContain("/dashboard");
      expect(await frame.locator("#root").count()).toBe(0);
    }
  } finally {
    await new Promise<void>((r) => framer.close(() => r()));
  }
});
