/**
 * How Parley writes an e-mail, for every service that sends one (the auth service's account mails,
 * the API's notifications): the `mail` catalog in both languages, catalog sentences filled as plain
 * text and as HTML, and the one HTML frame. React-free and DOM-free, for servers.
 *
 * An Arabic mail is right to left (`dir="rtl" lang="ar"` on every level a client may keep), with
 * addresses and links isolated left to right and text someone typed (a name, a visitor's words)
 * isolated in its own direction; all of it escaped in the HTML. English keeps its plain markup.
 */
import arMail from "../locales/ar/mail";
import enMail from "../locales/en/mail";
import type { Translation } from "../locales/types";

export type MailLanguage = "en" | "ar";
export type MailCatalog = Translation<typeof enMail>;
export const MAIL_CATALOGS: Record<MailLanguage, MailCatalog> = { en: enMail, ar: arMail };

/**
 * A value put into a catalog sentence. `ltr`: an e-mail address or link (always left to right);
 * `auto`: text someone typed (a name), isolated so its own direction does not reorder the sentence.
 */
export type MailValue = { value: string; isolate?: "ltr" | "auto" };
export const ltr = (value: string): MailValue => ({ value, isolate: "ltr" });
export const auto = (value: string): MailValue => ({ value, isolate: "auto" });

/** One catalog sentence with its `{{placeholders}}` filled, as plain text and as HTML. */
export interface MailLine {
  text: string;
  html: string;
}

// Unicode isolates for the plain-text part (LRI … PDI, FSI … PDI).
const LRI = "\u2066";
const FSI = "\u2068";
const PDI = "\u2069";

export function escapeHtml(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * A catalog sentence with its `{{placeholders}}` filled. Isolation only in Arabic, and never where
 * `marks` is false (a subject: one line of plain text, where some clients show the marks). `clean`
 * is applied to every value first (the auth service keeps each on one line); a placeholder with no
 * value is a programming error and throws, naming `who` wrote the mail.
 */
export function fillMail(
  who: string,
  language: MailLanguage,
  template: string,
  values: Record<string, MailValue> = {},
  marks = true,
  clean: (value: string) => string = (value) => value,
): MailLine {
  const isolating = language === "ar" && marks;
  let text = "";
  let html = "";
  template.split(/\{\{\s*(\w+)\s*\}\}/).forEach((part, i) => {
    if (i % 2 === 0) {
      text += part;
      html += escapeHtml(part);
      return;
    }
    const given = values[part];
    if (!given) throw new Error(`${who}: no value for {{${part}}}`);
    const value = clean(given.value);
    if (!isolating || !given.isolate) {
      text += value;
      html += escapeHtml(value);
    } else if (given.isolate === "ltr") {
      text += `${LRI}${value}${PDI}`;
      html += `<span dir="ltr" style="unicode-bidi:isolate">${escapeHtml(value)}</span>`;
    } else {
      text += `${FSI}${value}${PDI}`;
      html += `<bdi>${escapeHtml(value)}</bdi>`;
    }
  });
  return { text, html };
}

export interface MailFrame {
  language: MailLanguage;
  subject: string;
  greeting: MailLine;
  lines: MailLine[];
  /** HTML after the lines, before the button (a quote, a list), already escaped. */
  extraHtml?: string;
  button: string;
  link: string;
  /** Said before "if the button does not work" (how long the link stays valid). */
  note?: string;
  /** The closing paragraph's inner HTML, already escaped. */
  footerHtml: string;
}

/** The mail's HTML: one card with the name, the greeting, the lines, one button and a footer. */
export function mailHtml(m: MailFrame): string {
  const catalog = MAIL_CATALOGS[m.language];
  const rtl = m.language === "ar";
  const htmlAttrs = rtl ? ` lang="ar" dir="rtl"` : ` lang="en"`;
  const bodyDir = rtl ? ` dir="rtl"` : "";
  const align = rtl ? ";text-align:right" : "";
  const linkDir = rtl ? ` dir="ltr"` : "";
  const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const note = m.note === undefined ? "" : `${escapeHtml(m.note)} `;
  return `<!doctype html>
<html${htmlAttrs}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.subject)}</title></head>
<body${bodyDir} style="margin:0;padding:24px;background:#f4f4f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2330;line-height:1.5">
<div${bodyDir} style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px${align}">
<p style="margin:0 0 24px;font-size:20px;font-weight:700">Parley</p>
${p(m.greeting.html)}
${m.lines.map((line) => p(line.html)).join("\n")}
${m.extraHtml ?? ""}<p style="margin:24px 0"><a href="${escapeHtml(m.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(m.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5b6070">${note}${escapeHtml(catalog.buttonFallback)}<br><a href="${escapeHtml(m.link)}"${linkDir} style="color:#4f46e5;word-break:break-all">${escapeHtml(m.link)}</a></p>
<p style="margin:0;font-size:14px;color:#5b6070">${m.footerHtml}</p>
</div>
</body></html>
`;
}
