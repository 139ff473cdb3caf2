import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEFAULT_BOT_TEXTS } from "../packages/contracts/src/chatbots/chatbot";
import { arText } from "./arabic-helpers";
import { MAILBOX, uniqueEmail, verificationLink, WEB } from "./identity-helpers";
import { scaled } from "./slowness";
import { chatFrame, page as hostPage, snippet, startSite } from "./widget-helpers";

// The Arabic journey of issue #21, in real Chromium against the real services: a business owner
// arrives through an Arabic marketing link (?lang=ar), signs up in Arabic, builds a bot from an
// Arabic text and an Arabic PDF (made here by Chromium, right to left, with its own Arabic font),
// puts it on a site of their own, and a visitor asks in Arabic: a cited Arabic answer from each
// source, then the Arabic fallback for a question the knowledge does not hold.

const PASSWORD = "correct horse battery 42";
const RETURNS_AR =
  "يمكن إرجاع المنتجات غير المستخدمة خلال ثلاثين يومًا من الشراء مع الفاتورة، ويُعاد المبلغ كاملًا إلى وسيلة الدفع نفسها.";
const HOURS_PDF_AR =
  "ساعات العمل: يفتح المتجر من السبت إلى الخميس من الساعة التاسعة صباحًا حتى العاشرة مساءً، ويوم الجمعة من الرابعة عصرًا.";

test("in Arabic from the first link: sign up, build a bot from Arabic text and an Arabic PDF, and answer a visitor in Arabic", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(scaled(240_000));
  const email = uniqueEmail("arabic.owner");

  // A marketing link chooses Arabic; the whole site follows, right to left.
  await page.goto("/?lang=ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  // A protected page sends the visitor to the sign-in app, which reads the same choice.
  await page.goto("/dashboard");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const signUpLink = /<a>(.*)<\/a>/.exec(arText("auth:signIn.newToParley"))?.[1] ?? "";
  await page.getByRole("link", { name: signUpLink }).click();
  await page.getByLabel(arText("auth:fields.name"), { exact: true }).fill("سارة المنصوري");
  await page.getByLabel(arText("auth:fields.workEmail")).fill(email);
  await page.getByLabel(arText("auth:fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(arText("auth:fields.confirmPassword")).fill(PASSWORD);
  await page.getByRole("button", { name: arText("auth:signUp.submit") }).click();
  await expect(page.getByRole("heading", { name: arText("auth:common.checkInbox") })).toBeVisible();

  // The verification mail is in Arabic (the language chosen at sign-up is the account's).
  let mail: { subject: string; text: string; links: string[] } | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`)
      ).json()) as NonNullable<typeof mail>[];
      mail = mails[0];
      return mails.length;
    })
    .toBe(1);
  expect(mail?.subject).toMatch(/[\u0600-\u06ff]/);
  const verified = await request.get(verificationLink(mail as Parameters<typeof verificationLink>[0]), {
    maxRedirects: 0,
  });
  expect(verified.status()).toBe(302);

  // Sign in, in Arabic, and land on the Arabic dashboard.
  await page.getByRole("link", { name: arText("auth:common.backToSignIn") }).click();
  await page.getByLabel(arText("auth:fields.email"), { exact: true }).fill(email);
  await page.getByLabel(arText("auth:fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: arText("auth:signIn.title"), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: scaled(20_000) });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // A bot from the quick start, taught an Arabic text.
  const botName = "مساعد متجر العود";
  await page.getByRole("button", { name: arText("builder:list.createFirst") }).click();
  const create = page.getByRole("dialog", { name: arText("builder:create.title") });
  await create.getByLabel(arText("builder:create.name")).fill(botName);
  await create.getByRole("button", { name: arText("builder:create.continue") }).click();
  const teach = page.getByRole("dialog", { name: arText("builder:create.teachTitle", { name: botName }) });
  await teach.getByRole("textbox", { name: arText("builder:forms.title") }).fill("سياسة الإرجاع");
  await teach.getByRole("textbox", { name: arText("builder:forms.content") }).fill(RETURNS_AR);
  await teach.getByRole("button", { name: arText("builder:create.addAndContinue") }).click();
  await expect(page).toHaveURL(/\/chatbots\/cb_[^/?]+\?tab=knowledge$/);
  const botId = /\/chatbots\/(cb_[^/?]+)/.exec(page.url())?.[1] ?? "";

  // An Arabic PDF, printed by Chromium from a right-to-left page (the letters are stored as glyphs
  // in visual order: the extractor must give them back in reading order).
  const pdfDir = mkdtempSync(path.join(tmpdir(), "parley-ar-pdf-"));
  const pdfPath = path.join(pdfDir, "ساعات-العمل.pdf");
  const printer = await browser.newPage();
  await printer.setContent(
    `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><style>body{font-family:"Noto Sans Arabic","Noto Naskh Arabic",sans-serif;font-size:16px}</style></head><body><h1>دليل المتجر</h1><p>${HOURS_PDF_AR}</p></body></html>`,
  );
  writeFileSync(pdfPath, await printer.pdf({ format: "A4" }));
  await printer.close();
  const knowledge = page.getByRole("tabpanel", { name: new RegExp(arText("builder:page.tabs.knowledge")) });
  await knowledge.getByRole("tab", { name: arText("builder:kinds.file") }).click();
  await knowledge.locator('input[type="file"]').setInputFiles(pdfPath);
  await knowledge.getByRole("button", { name: arText("builder:knowledge.addSource") }).click();
  const rows = knowledge
    .getByRole("list", { name: arText("builder:sources.listLabel") })
    .getByRole("listitem");
  await expect(rows).toHaveCount(2);
  for (const row of [rows.nth(0), rows.nth(1)])
    await expect(row).toContainText(arText("builder:statuses.ready"), { timeout: scaled(60_000) });

  // Arabic by default, published (through the API with the page's own token, as the app calls it).
  const token = (await page.context().cookies()).find((c) => c.name === "accessToken")?.value;
  const patch = await request.patch(`${WEB}/api/chatbots/${botId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { defaultLanguage: "ar", languages: ["ar", "en"], published: true },
  });
  expect(patch.ok(), await patch.text()).toBe(true);

  // A visitor on the business's own site, in an Arabic browser.
  const site = await startSite((url) =>
    url.pathname === "/" ? hostPage("متجر العود", `<p>مرحبًا بكم</p>${snippet(botId)}`) : null,
  );
  const visitorContext = await browser.newContext({ locale: "ar-BH" });
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.url);
    await visitor.locator("parley-widget").getByRole("button").last().click();
    const frame = chatFrame(visitor);
    const input = frame.getByRole("textbox", { name: /^رسالة إلى/ });
    await expect(input).toBeVisible();
    await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
    const answers = frame.locator(".pw-bot:not(.pw-greeting)");

    // From the Arabic text, in other word forms than the text's.
    await input.fill("هل أستطيع ارجاع المنتج واسترداد المبلغ؟");
    await input.press("Enter");
    await expect(answers.last().locator(".pw-md")).toContainText("ثلاثين يومًا", { timeout: scaled(20_000) });
    // Each answer's sources follow its bubble.
    const sourceNames = frame.locator(".pw-sources li");
    await expect(sourceNames.last()).toContainText("سياسة الإرجاع");

    // From the Arabic PDF, letters in reading order.
    await input.fill("متى يفتح المتجر يوم الجمعة؟");
    await input.press("Enter");
    // The PDF's own words, in reading order (its harakat are not kept: Arabic reads without them).
    const fromPdf = answers.last().locator(".pw-md");
    await expect(fromPdf).toContainText("ويوم الجمعة من الرابعة", { timeout: scaled(20_000) });
    await expect(fromPdf).toContainText("عصرا");
    await expect(sourceNames.last()).toContainText("ساعات");
    await expect(frame.locator(".pw-sources")).toHaveCount(2);

    // Not in the knowledge: the bot's Arabic fallback, not an English one and no citation.
    await input.fill("هل لديكم فرع في الرياض؟");
    await input.press("Enter");
    await expect(answers.last().locator(".pw-md")).toHaveText(DEFAULT_BOT_TEXTS.ar.fallbackReply, {
      timeout: scaled(20_000),
    });
    await expect(frame.locator(".pw-sources")).toHaveCount(2);
  } finally {
    await visitorContext.close();
    await site.close();
  }
});
