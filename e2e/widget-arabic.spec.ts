import { expect, test } from "@playwright/test";
import { scaled } from "./slowness";
import {
  chatFrame,
  chatLog,
  page as htmlPage,
  type Listener,
  lastAnswer,
  ownerApi,
  publishedBot,
  snippet,
  startModel,
  startSite,
} from "./widget-helpers";

// Issue #21, bots in Arabic: a bot speaking English and Arabic; the widget speaks the visitor's
// language (the browser's, or the site's data-lang), right to left in Arabic, and a question gets
// the fallback reply in its own language. The built-in engine: no model, the fallback is exact.

const AR_FALLBACK =
  "عذرًا، لا تتوفر لديّ إجابة عن هذا السؤال حتى الآن. هل يمكنك إعادة صياغته، أو ترك بريدك الإلكتروني ليتواصل معك فريقنا؟";
const AR_GREETING = "أهلًا! اسألني عن التوصيل.";

let model: Listener;
let site: Listener;
let chatbotId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(scaled(120_000));
  const request = await playwright.request.newContext();
  const api = await ownerApi(request);
  model = await startModel();
  site = await startSite((url) => {
    if (url.pathname === "/") return htmlPage("Acme", `<p>Kettles.</p>${snippet(chatbotId)}`);
    if (url.pathname === "/ar")
      return htmlPage("Acme", `<p>Kettles.</p>${snippet(chatbotId, { lang: "ar" })}`);
    return null;
  });
  chatbotId = await publishedBot(api, model, {
    allowedDomains: [`localhost:${site.port}`],
    model: { provider: "builtin" },
    leadCapture: true,
    languages: ["en", "ar"],
    translations: { ar: { greeting: AR_GREETING, suggestedQuestions: ["ما سرعة التوصيل؟"] } },
  });
});

test.afterAll(async () => {
  await Promise.all([model?.close(), site?.close()]);
});

test("an Arabic browser gets the launcher and the chat in Arabic, right to left", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ar-BH" });
  const page = await context.newPage();
  await page.goto(site.url);
  const launcher = page.locator("parley-widget .b");
  await expect(launcher).toHaveAccessibleName("تحدّث معنا");
  await expect(page.locator("parley-widget")).toHaveAttribute("dir", "rtl");
  await launcher.click();
  await expect(launcher).toHaveAccessibleName("إغلاق المحادثة");

  const frame = chatFrame(page);
  await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(frame.locator("html")).toHaveAttribute("lang", "ar");
  const input = frame.getByRole("textbox", { name: /^رسالة إلى/ });
  await expect(input).toHaveAttribute("placeholder", "اكتب سؤالك…");
  await expect(chatLog(page)).toContainText(AR_GREETING);
  await expect(frame.getByRole("group", { name: "أسئلة مقترحة" })).toContainText("ما سرعة التوصيل؟");
  await expect(frame.getByRole("button", { name: "إرسال الرسالة" })).toBeVisible();

  await input.fill("هل لديكم فرع في الرياض؟");
  await input.press("Enter");
  await expect(lastAnswer(page)).toHaveText(AR_FALLBACK, { timeout: scaled(15_000) });
  // The lead form after a fallback, in Arabic.
  await expect(frame.getByText("هل تودّ أن يتواصل معك أحد أعضاء الفريق؟")).toBeVisible();
  await expect(frame.getByLabel("البريد الإلكتروني")).toHaveAttribute("dir", "ltr");
  await context.close();
});

test("an English browser gets English, and data-lang forces Arabic", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(site.url);
  await expect(page.locator("parley-widget .b")).toHaveAccessibleName("Chat with us");
  await page.locator("parley-widget .b").click();
  await expect(chatFrame(page).locator("html")).toHaveAttribute("dir", "ltr");
  await expect(chatFrame(page).getByRole("textbox", { name: /^Message/ })).toHaveAttribute(
    "placeholder",
    "Type your question…",
  );
  // An English question in an English chat: the English fallback.
  await chatFrame(page).getByRole("textbox").fill("Do you have a branch in Riyadh?");
  await chatFrame(page).getByRole("textbox").press("Enter");
  await expect(lastAnswer(page)).toContainText("I'm sorry, I don't have an answer to that yet.", {
    timeout: scaled(15_000),
  });

  const forced = await context.newPage();
  await forced.goto(`${site.url}/ar`);
  await expect(forced.locator("parley-widget .b")).toHaveAccessibleName("تحدّث معنا");
  await context.close();
});
