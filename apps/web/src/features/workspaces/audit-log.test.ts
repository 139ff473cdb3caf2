import type { AuditEntry, AuditList } from "@parley/contracts";
import { createI18n, formatDate, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditLogSection } from "./components/AuditLogSection";

const at = "2025-03-04T09:05:00.000Z";
const entry = (e: Partial<AuditEntry> & Pick<AuditEntry, "id" | "action">): AuditEntry => ({
  actorId: "u_ada",
  actorEmail: "ada@example.com",
  actorName: "Ada Lovelace",
  target: null,
  targetName: null,
  details: {},
  createdAt: at,
  ...e,
});

const entries: AuditEntry[] = [
  entry({ id: "a1", action: "member.removed", target: "bob@example.com", targetName: "Bob Builder" }),
  entry({
    id: "a2",
    action: "bot.updated",
    target: "bot_1",
    targetName: "Kettle care",
    details: { name: "Kettle" },
  }),
  entry({ id: "a3", action: "bot.deleted", target: "bot_2", details: { name: "Old bot" } }),
  entry({ id: "a4", action: "bot.updated", target: "bot_3" }),
  entry({ id: "a5", action: "member.invited", target: "eve@example.com", actorName: null }),
  entry({
    id: "a6",
    action: "webhook.created",
    target: "wh_1",
    details: { url: "https://crm.example.com/hook", events: ["lead.created"] },
  }),
  entry({
    id: "a7",
    action: "webhook.disabled",
    target: "wh_1",
    actorId: null,
    actorEmail: null,
    actorName: null,
    details: { url: "https://crm.example.com/hook", reason: "failing", by: "system" },
  }),
  entry({ id: "a8", action: "knowledge.deleted", target: "c0ffee00-1111-4222-8333-444455556666" }),
  entry({ id: "a9", action: "conversation.deleted", target: "conv_8b1f6a52deadbeef" }),
  entry({ id: "a10", action: "knowledge.deleted", target: "src_2", details: { name: "Returns policy.pdf" } }),
  entry({
    id: "a11",
    action: "api_key.used",
    target: "POST /api/v1/chatbots/:id/ask",
    actorId: "key_1",
    actorEmail: null,
    actorName: null,
    details: { via: "api", status: 429 },
  }),
];

async function render(language: Language, props: Record<string, unknown> = {}): Promise<string> {
  const i18n = await createI18n(language);
  const query = { isPending: false, isError: false, data: { entries } } as UseQueryResult<AuditList>;
  return renderToStaticMarkup(
    createElement(LanguageProvider, {
      i18n,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(AuditLogSection, { query, ...props }),
    }),
  );
}

const rows = (html: string) => html.match(/<li class="audit-row">[\s\S]*?<\/li>/g) ?? [];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();

describe("the activity log (issue #25 item 9)", () => {
  it("names people by name with their address beside it, bots by name, dates like the rest of the app", async () => {
    const html = await render("en");
    const [removed, updated, deleted, legacy, invited, webhook, disabled, source, conversation, named, used] =
      rows(html).map(text);
    const date = formatDate("en", at, "dateTime");
    expect(removed).toBe(`${date}Ada Lovelace ada@example.com removed Bob Builder bob@example.com`);
    expect(updated).toBe(`${date}Ada Lovelace ada@example.com changed the settings of chatbot “Kettle care”`);
    expect(deleted).toBe(`${date}Ada Lovelace ada@example.com deleted the chatbot “Old bot”`);
    // An old entry about a bot deleted since, recorded without its name: never its id.
    expect(legacy).toBe(
      `${date}Ada Lovelace ada@example.com changed the settings of chatbot (deleted since)`,
    );
    expect(legacy).not.toContain("bot_3");
    // No name known (and none revealed for an address that was only invited): the address.
    expect(invited).toBe(`${date}ada@example.com invited eve@example.com`);
    // Webhook endpoints by their address, never their id; Parley's own change as such.
    expect(webhook).toBe(
      `${date}Ada Lovelace ada@example.com added the webhook endpoint “https://crm.example.com/hook”`,
    );
    expect(disabled).toBe(
      `${date}Parley (automatic change) turned off the failing webhook endpoint “https://crm.example.com/hook”`,
    );
    expect(html).not.toContain("wh_1");
    // Old entries about a deleted source or conversation, recorded with only an id: in words.
    expect(source).toBe(`${date}Ada Lovelace ada@example.com deleted a knowledge source`);
    expect(conversation).toBe(`${date}Ada Lovelace ada@example.com deleted a conversation`);
    expect(html).not.toMatch(/c0ffee00|conv_8b1f/);
    expect(named).toBe(
      `${date}Ada Lovelace ada@example.com deleted the knowledge source “Returns policy.pdf”`,
    );
    // A use of an API key: the request it made and what it was answered.
    expect(used).toBe(`${date}An API key called POST /api/v1/chatbots/:id/ask (answered 429)`);
    // Addresses stay left to right; names follow their own direction.
    expect(html).toContain('<bdi dir="ltr">bob@example.com</bdi>');
  });

  it("reads in Arabic with the Arabic date format", async () => {
    const html = await render("ar");
    const [removed] = rows(html).map(text);
    expect(removed).toContain(formatDate("ar", at, "dateTime"));
    expect(removed).toContain("Bob Builder");
    expect(html).not.toContain("(deleted since)");
    expect(html).toContain("(حُذف لاحقًا)");
    const all = rows(html).map(text);
    expect(all[7]).toContain("حذف مصدر معرفة");
    expect(all[8]).toContain("حذف محادثة");
    expect(all[10]).toBe(
      `${formatDate("ar", at, "dateTime")}مفتاح API استدعى POST /api/v1/chatbots/:id/ask (كان الرد 429)`,
    );
    expect(html).not.toMatch(/c0ffee00|conv_8b1f|deleted a/);
  });

  it("offers each use of an API key behind a checkbox, in both languages", async () => {
    const off = await render("en", { apiUse: false, onApiUseChange: () => {} });
    expect(off).toMatch(/<input type="checkbox"\/?>\s*Show each use of an API key/);
    const on = await render("ar", { apiUse: true, onApiUseChange: () => {} });
    expect(on).toMatch(/<input type="checkbox" checked=""\/?>\s*إظهار كل استخدام لمفاتيح API/);
    expect(await render("en")).not.toContain("Show each use");
  });
});
