/**
 * The live-chat notification e-mails (a visitor asks for a person, a new lead, the hourly digest),
 * in the recipient's language. Words from the `mail` catalog of @parley/ui (the auth service's
 * mails use the same catalog and the same conventions): a plain-text body and a simple
 * inline-styled HTML body; an Arabic mail is right to left, with addresses and links isolated
 * left to right and typed text (names, the visitor's words) isolated in its own direction. All
 * that a visitor or a bot's owner typed is escaped in the HTML.
 */
import type { MemberMail } from "@parley/contracts";
import {
  auto,
  MAIL_CATALOGS as CATALOGS,
  escapeHtml,
  fillMail,
  type MailLine as Line,
  ltr,
  type MailCatalog,
  type MailLanguage,
  mailHtml,
  type MailValue as Value,
} from "@parley/ui/mail";
import type { ActivityItem, LeadItem } from "../conversations/notification-activity.repo";

export type { MailLanguage };

export interface Recipient {
  name: string;
  /** The saved language; English when none. */
  locale: MailLanguage | null;
}

export type NotificationItem = ActivityItem;

/** Longest visitor text quoted in a mail; the conversation has the rest. */
const PREVIEW_CHARS = 500;

/** One line for a subject or a list: no line breaks, no invisible direction controls, bounded. */
function oneLine(s: string, max = 120): string {
  const flat = s
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A catalog sentence with its `{{placeholders}}` filled, as plain text and as HTML. */
const fill = (language: MailLanguage, template: string, values: Record<string, Value> = {}, marks = true) =>
  fillMail("notification mail", language, template, values, marks);

function languageOf(recipient: Recipient): MailLanguage {
  return recipient.locale === "ar" ? "ar" : "en";
}

export const conversationLink = (appUrl: string, conversationId: string) =>
  `${appUrl.replace(/\/+$/, "")}/inbox/${encodeURIComponent(conversationId)}`;

function timeOf(language: MailLanguage, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(language === "ar" ? "ar-BH-u-ca-gregory-nu-latn" : "en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(date);
}

const visitorValue = (c: MailCatalog["notification"], label: string | null): Value =>
  label?.trim() ? auto(oneLine(label, 100)) : { value: c.visitor };

/** The lead as one label: "Name (address)", or the address alone (left to right). */
const leadWho = (item: LeadItem): Value =>
  item.name?.trim()
    ? auto(`${oneLine(item.name, 80)} (${oneLine(item.email, 200)})`)
    : ltr(oneLine(item.email, 200));

interface Content {
  subject: string;
  lines: Line[];
  /** Quoted visitor text, shown apart from our sentences. */
  quote?: { label: string; text: string };
  /** A list of entries, each with its own link (the digest). */
  list?: { line: Line; link: string }[];
  button: string;
  link: string;
  /** The closing line and the page it points to; the notification settings by default. */
  footer?: { text: string; link: string };
}

function compose(language: MailLanguage, recipient: Recipient, appUrl: string, c: Content) {
  const catalog = CATALOGS[language];
  const greeting = recipient.name.trim()
    ? fill(language, catalog.greeting, { name: auto(oneLine(recipient.name, 100)) })
    : fill(language, catalog.greetingNoName);
  const settings = c.footer?.link ?? `${appUrl.replace(/\/+$/, "")}/account`;
  const footer = c.footer?.text ?? catalog.notification.footer;
  const text = [
    greeting.text,
    "",
    ...c.lines.map((line) => line.text),
    ...(c.quote ? ["", c.quote.label, ...c.quote.text.split("\n").map((l) => `> ${l}`)] : []),
    ...(c.list ? ["", ...c.list.flatMap((entry) => [`- ${entry.line.text}`, `  ${entry.link}`])] : []),
    "",
    `${c.button}:`,
    c.link,
    "",
    footer,
    settings,
    "",
    catalog.signature,
    "",
  ].join("\n");
  const linkDir = language === "ar" ? ` dir="ltr"` : "";
  const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const quote = c.quote
    ? `${p(escapeHtml(c.quote.label))}
<blockquote dir="auto" style="margin:0 0 16px;padding:12px 16px;background:#f4f4f7;border-radius:8px;white-space:pre-wrap">${escapeHtml(c.quote.text)}</blockquote>`
    : "";
  const list = c.list
    ? `<ul style="margin:0 0 16px;padding-inline-start:20px">
${c.list.map((entry) => `<li style="margin:0 0 8px"><a href="${escapeHtml(entry.link)}" style="color:#1f2330">${entry.line.html}</a></li>`).join("\n")}
</ul>`
    : "";
  const html = mailHtml({
    language,
    subject: c.subject,
    greeting,
    lines: c.lines,
    extraHtml: `${quote}${list}\n`,
    button: c.button,
    link: c.link,
    footerHtml: `${escapeHtml(footer)} <a href="${escapeHtml(settings)}"${linkDir} style="color:#4f46e5">${escapeHtml(settings)}</a>`,
  });
  return { text, html };
}

/** The e-mail for one event, to a member who wants each one. */
export function eventMail(item: NotificationItem, recipient: Recipient, appUrl: string): MemberMail {
  const language = languageOf(recipient);
  const c = CATALOGS[language].notification;
  const link = conversationLink(appUrl, item.conversationId);
  const bot = auto(oneLine(item.chatbotName, 100));
  if (item.kind === "handoff") {
    const values = { visitor: visitorValue(c, item.visitorLabel), bot };
    const preview = item.preview?.trim();
    const content: Content = {
      subject: oneLine(fill(language, c.handoff.subject, values, false).text, 300),
      lines: [fill(language, c.handoff.line1, values)],
      quote: preview
        ? {
            label: c.handoff.preview,
            text: preview.length > PREVIEW_CHARS ? `${preview.slice(0, PREVIEW_CHARS)}…` : preview,
          }
        : undefined,
      button: c.handoff.button,
      link,
    };
    return mailOf("handoff", language, recipient, appUrl, content);
  }
  const who = leadWho(item);
  const lines = [fill(language, c.lead.line1, { who, bot })];
  if (item.name?.trim()) lines.push(fill(language, c.lead.name, { name: auto(oneLine(item.name, 200)) }));
  lines.push(fill(language, c.lead.email, { email: ltr(oneLine(item.email, 320)) }));
  const content: Content = {
    subject: oneLine(fill(language, c.lead.subject, { who, bot }, false).text, 300),
    lines,
    button: c.lead.button,
    link,
  };
  return mailOf("lead", language, recipient, appUrl, content);
}

/** Entries listed in one digest; the rest are counted ("…and 12 more"). */
export const DIGEST_MAX_ITEMS = 50;

/**
 * The hourly digest: every handoff request and lead since the member's last one, oldest first.
 * `total` counts them all when more than the listed `items` were found.
 */
export function digestMail(
  items: NotificationItem[],
  total: number,
  recipient: Recipient,
  appUrl: string,
): MemberMail {
  const language = languageOf(recipient);
  const c = CATALOGS[language].notification;
  const count = Math.max(total, items.length);
  const link = `${appUrl.replace(/\/+$/, "")}/inbox`;
  const list = items.map((item) => {
    const time = { value: timeOf(language, item.at) };
    const bot = auto(oneLine(item.chatbotName, 100));
    const line =
      item.kind === "handoff"
        ? fill(language, c.digest.handoff, { time, bot, visitor: visitorValue(c, item.visitorLabel) })
        : fill(language, c.digest.lead, { time, bot, who: leadWho(item) });
    return { line, link: conversationLink(appUrl, item.conversationId) };
  });
  const lines = [fill(language, c.digest.line1)];
  const content: Content = {
    subject: fill(language, c.digest.subject, { count: { value: String(count) } }, false).text,
    lines,
    list,
    button: c.digest.button,
    link,
  };
  const more = count - items.length;
  if (more > 0)
    content.list?.push({
      line: fill(language, c.digest.more, { count: { value: String(more) } }),
      link,
    });
  return mailOf("digest", language, recipient, appUrl, content);
}

/** A member mail of `topic` from its content: subject and link as the content says, both bodies composed. */
function mailOf(
  topic: MemberMail["topic"],
  language: MailLanguage,
  recipient: Recipient,
  appUrl: string,
  content: Content,
): MemberMail {
  return {
    topic,
    language,
    subject: content.subject,
    link: content.link,
    ...compose(language, recipient, appUrl, content),
  };
}

/** Where an owner manages the workspace's webhooks. */
/** To the workspace's owners: Meta refused a WhatsApp number's credentials, sending stopped. */
export function channelNeedsAttentionMail(
  item: { number: string; botName: string; chatbotId: string; reason: string },
  recipient: Recipient,
  appUrl: string,
): MemberMail {
  const language = languageOf(recipient);
  const c = CATALOGS[language].channelNeedsAttention;
  const link = `${appUrl.replace(/\/+$/, "")}/chatbots/${encodeURIComponent(item.chatbotId)}?tab=settings`;
  const number = ltr(oneLine(item.number, 40));
  const bot = auto(oneLine(item.botName, 200));
  const content: Content = {
    subject: oneLine(fill(language, c.subject, { number }, false).text, 300),
    lines: [
      fill(language, c.line1, { number, bot }),
      fill(language, c.reason, { reason: auto(oneLine(item.reason, 300)) }),
      fill(language, c.line2),
    ],
    button: c.button,
    link,
    footer: { text: c.footer, link },
  };
  return mailOf("channel_needs_attention", language, recipient, appUrl, content);
}

export const webhookSettingsLink = (appUrl: string) => `${appUrl.replace(/\/+$/, "")}/developers/webhooks`;

/** A webhook endpoint that failed for a day was turned off: to each owner of the workspace. */
export function webhookDisabledMail(
  item: { url: string; lastError: string | null },
  recipient: Recipient,
  appUrl: string,
): MemberMail {
  const language = languageOf(recipient);
  const c = CATALOGS[language].webhookDisabled;
  const link = webhookSettingsLink(appUrl);
  const url = ltr(oneLine(item.url, 300));
  const lines = [fill(language, c.line1, { url })];
  if (item.lastError) lines.push(fill(language, c.lastError, { error: auto(oneLine(item.lastError, 300)) }));
  lines.push(fill(language, c.line2));
  const content: Content = {
    subject: oneLine(fill(language, c.subject, { url }, false).text, 300),
    lines,
    button: c.button,
    link,
    footer: { text: c.footer, link },
  };
  return mailOf("webhook_disabled", language, recipient, appUrl, content);
}

/**
 * To each owner: platform staff suspended one of the workspace's bots, or the whole workspace
 * (with their reason), or lifted it (`reason` null).
 */
export function suspensionMail(
  item:
    | { kind: "bot"; botName: string; chatbotId: string; reason: string | null }
    | { kind: "workspace"; reason: string | null },
  recipient: Recipient,
  appUrl: string,
): MemberMail {
  const language = languageOf(recipient);
  const base = appUrl.replace(/\/+$/, "");
  const c = item.kind === "bot" ? CATALOGS[language].botSuspended : CATALOGS[language].workspaceSuspended;
  const link =
    item.kind === "bot" ? `${base}/chatbots/${encodeURIComponent(item.chatbotId)}` : `${base}/dashboard`;
  const values: Record<string, Value> = item.kind === "bot" ? { bot: auto(oneLine(item.botName, 200)) } : {};
  const lines =
    item.reason === null
      ? [fill(language, c.liftedLine1, values)]
      : [
          fill(language, c.line1, values),
          fill(language, c.reason, { reason: auto(oneLine(item.reason, 500)) }),
          fill(language, c.line2),
        ];
  const subject = item.reason === null ? c.liftedSubject : c.subject;
  const content: Content = {
    subject: oneLine(fill(language, subject, values, false).text, 300),
    lines,
    button: c.button,
    link,
    footer: { text: c.footer, link },
  };
  return mailOf("bot_suspended", language, recipient, appUrl, content);
}

/** A scheduled re-sync gone wrong, as the owners are told of it. */
export interface SourceSyncItem {
  kind: "failed" | "held";
  title: string;
  botName: string;
  chatbotId: string;
  error: string | null;
  removed: number;
  total: number;
}

/** To each owner: a scheduled re-sync of a website source failed twice in a row, or was held back. */
export function sourceSyncMail(item: SourceSyncItem, recipient: Recipient, appUrl: string): MemberMail {
  const language = languageOf(recipient);
  const c = CATALOGS[language].sourceSync;
  const link = `${appUrl.replace(/\/+$/, "")}/chatbots/${encodeURIComponent(item.chatbotId)}?tab=knowledge`;
  const title = auto(oneLine(item.title, 200));
  const bot = auto(oneLine(item.botName, 200));
  const lines =
    item.kind === "failed"
      ? [
          fill(language, c.failedLine1, { title, bot }),
          ...(item.error ? [fill(language, c.error, { error: auto(oneLine(item.error, 300)) })] : []),
          fill(language, c.failedLine2),
        ]
      : [
          fill(language, c.heldLine1, {
            title,
            bot,
            removed: ltr(String(item.removed)),
            total: ltr(String(item.total)),
          }),
          fill(language, c.heldLine2),
        ];
  const subject = item.kind === "failed" ? c.failedSubject : c.heldSubject;
  const content: Content = {
    subject: oneLine(fill(language, subject, { title }, false).text, 300),
    lines,
    button: c.button,
    link,
    footer: { text: c.footer, link },
  };
  return mailOf("source_sync", language, recipient, appUrl, content);
}
