import type { WebhookDelivery } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { webhookKeys } from "./api";
import { DeliveryLog } from "./components/DeliveryLog";

const at = "2026-03-04T09:05:00.000Z";
const deliveries: WebhookDelivery[] = [
  {
    id: "whd_pending",
    endpointId: "wh_1",
    type: "lead.created",
    messageId: "msg_1",
    status: "pending",
    attempts: 1,
    nextAttemptAt: "2026-03-04T09:06:00.000Z",
    createdAt: at,
    log: [
      {
        attempt: 1,
        at,
        statusCode: null,
        latencyMs: 800,
        responseBody: "",
        error: "The receiver did not answer in time.",
      },
    ],
  },
  {
    id: "whd_done",
    endpointId: "wh_1",
    type: "webhook.test",
    messageId: "msg_2",
    status: "succeeded",
    attempts: 2,
    nextAttemptAt: null,
    createdAt: at,
    log: [
      { attempt: 2, at, statusCode: 200, latencyMs: 42, responseBody: "thanks", error: null },
      {
        attempt: 1,
        at,
        statusCode: 500,
        latencyMs: 12,
        responseBody: "<b>boom</b>",
        error: "The receiver answered 500.",
      },
    ],
  },
];

async function render(language: Language): Promise<string> {
  const i18n = await createI18n(language);
  await i18n.loadNamespaces(["webhooks", "errors"]);
  const client = new QueryClient();
  client.setQueryData(webhookKeys.deliveries("ws_1", "wh_1"), {
    pages: [{ deliveries, nextCursor: "cursor" }],
    pageParams: [""],
  });
  return renderToStaticMarkup(
    createElement(QueryClientProvider, {
      client,
      // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
      children: createElement(LanguageProvider, {
        i18n,
        // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
        children: createElement(DeliveryLog, { workspaceId: "ws_1", endpointId: "wh_1" }),
      }),
    }),
  );
}

const items = (html: string) =>
  html.match(/<li class="webhook-delivery"[\s\S]*?<\/li>\s*<\/ol>[\s\S]*?<\/li>/g) ?? [];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the webhook delivery log", () => {
  it("shows each delivery's status, attempts, latency, error and the answer's first bytes", async () => {
    const html = await render("en");
    const [pending, done] = items(html).map(text);
    expect(pending).toContain("Pending");
    expect(pending).toContain("A visitor left their contact details lead.created");
    expect(pending).toContain("No answer");
    expect(pending).toContain("The receiver did not answer in time.");
    expect(pending).toContain("Next attempt");
    expect(done).toContain("Delivered");
    expect(done).toContain("Test event webhook.test");
    expect(done).toContain("2 attempts");
    expect(done).toContain("HTTP 500");
    expect(done).toContain("42 ms");
    expect(done).toContain("The receiver answered 500.");
    // The receiver's bytes are text, never markup, and read left to right.
    expect(html).toContain('<pre class="webhook-response" dir="ltr">&lt;b&gt;boom&lt;/b&gt;</pre>');
    // Redeliver only once a delivery is finished; older pages on request.
    expect(html.match(/>Redeliver</g)).toHaveLength(1);
    expect(html).toContain("Show older deliveries");
  });

  it("reads in Arabic, the receiver's errors included", async () => {
    const html = await render("ar");
    const all = text(html);
    expect(all).toContain("قيد الانتظار");
    expect(all).toContain("سُلِّم");
    expect(all).toContain("لم تُجب جهة الاستقبال في الوقت المحدد.");
    expect(all).toContain("أجابت جهة الاستقبال بالرمز 500.");
    expect(all).toContain("إعادة الإرسال");
    expect(all).not.toMatch(/Pending|Delivered|did not answer|Redeliver/);
  });
});
