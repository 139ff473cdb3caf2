import type { Channel, Chatbot } from "@parley/contracts";
import { createI18n, type Language } from "@parley/ui/i18n";
import { LanguageProvider } from "@parley/ui/i18n/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-error";
import { ToastProvider } from "../components/Toast";

// The card's queries import the signed-in app's session runtime (through the chatbots' query
// keys), which reads document.cookie when it loads: a stand-in document for that import only.
let WhatsappCard: typeof import("./WhatsappCard").WhatsappCard;
let ConnectFailureNotice: typeof import("./WhatsappCard").ConnectFailureNotice;
let channelKeys: typeof import("./api").channelKeys;
let standInKeys: typeof import("./api").standInKeys;
const hadDocument = "document" in globalThis;
beforeAll(async () => {
  if (!hadDocument)
    Object.assign(globalThis, {
      document: { cookie: "", location: { protocol: "http:" }, querySelector: () => null },
    });
  ({ WhatsappCard, ConnectFailureNotice } = await import("./WhatsappCard"));
  ({ channelKeys, standInKeys } = await import("./api"));
});
afterAll(() => {
  if (!hadDocument) Reflect.deleteProperty(globalThis, "document");
});

const bot = (id: string) => ({ _id: id, name: "Acme Support" }) as unknown as Chatbot;

const channel = (overrides: Partial<Channel>): Channel => ({
  _id: "chn_1",
  chatbotId: "cb_on",
  kind: "whatsapp",
  status: "connected",
  statusReason: null,
  phoneNumberId: "106540352242922",
  businessAccountId: "102290129340398",
  displayPhoneNumber: "+973 3312 4567",
  verifiedName: "Acme Trading",
  qualityRating: "GREEN",
  callbackUrl: "https://parley.example/api/channels/whatsapp/chn_1/webhook",
  verifyToken: "vt_3kq9XbT0aZ",
  lastWebhookAt: null,
  createdAt: "2026-11-21T10:00:00.000Z",
  ...overrides,
});

const apiError = (code: string, message: string, status = 422) =>
  new ApiError({ status, code: code as never, message, requestId: "req_1" });

function screens(client: QueryClient): ReactElement[] {
  // Not connected, on a server with the simulator.
  client.setQueryData(channelKeys.forBot("cb_off"), []);
  // Connected, a simulator number whose webhook is verified.
  client.setQueryData(channelKeys.forBot("cb_on"), [channel({})]);
  // Meta refused the token; a rating of red; a message came in.
  client.setQueryData(channelKeys.forBot("cb_bad"), [
    channel({
      _id: "chn_2",
      chatbotId: "cb_bad",
      status: "needs_attention",
      statusReason:
        "Meta refused the access token (error 190): Error validating access token: Session has expired.",
      qualityRating: "RED",
      lastWebhookAt: "2026-11-21T09:30:00.000Z",
    }),
  ]);
  client.setQueryData(standInKeys.numbers, [
    {
      phoneNumberId: "106540352242922",
      displayPhoneNumber: "+973 3312 4567",
      verifiedName: "Acme Trading",
      subscribed: true,
    },
  ]);
  return [
    createElement(WhatsappCard, { bot: bot("cb_off") }),
    createElement(WhatsappCard, { bot: bot("cb_on") }),
    createElement(WhatsappCard, { bot: bot("cb_bad") }),
    // Still loading.
    createElement(WhatsappCard, { bot: bot("cb_loading") }),
    ...[
      apiError(
        "CHANNEL_REFUSED",
        'Meta did not accept the access token (error 190). Check that it is a permanent token of a system user with the whatsapp_business_messaging and whatsapp_business_management permissions, and that it has not expired. Meta said: "Invalid OAuth access token."',
      ),
      apiError(
        "CHANNEL_REFUSED",
        'Meta does not know this phone number ID, or it does not belong to this token (error 100). Copy the phone number ID from WhatsApp → API Setup in your Meta app, not the phone number itself. Meta said: "Unsupported get request."',
      ),
      apiError(
        "CHANNEL_UNAVAILABLE",
        "Meta could not be reached to check the number right now. Try again in a minute.",
        502,
      ),
      apiError(
        "PLAN_LIMIT_REACHED",
        "Your Free plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.",
        403,
      ),
      apiError(
        "CONFLICT",
        "This number is already connected to one of your chatbots. Disconnect it there first.",
        409,
      ),
    ].map((error) => createElement(ConnectFailureNotice, { error })),
  ];
}

async function render(language: Language): Promise<string> {
  const i18n = await createI18n(language);
  const client = new QueryClient();
  return screens(client)
    .map((screen) =>
      renderToStaticMarkup(
        createElement(LanguageProvider, {
          i18n,
          // biome-ignore lint/correctness/noChildrenProp: createElement's typed props need the children
          children: createElement(
            QueryClientProvider,
            { client },
            createElement(MemoryRouter, null, createElement(ToastProvider, null, screen)),
          ),
        }),
      ),
    )
    .join("\n");
}

/** The page's text: inputs as their values, labels of buttons, no tags. */
const textOf = (html: string) =>
  html
    .replace(/<input[^>]*>/g, (tag) => ` ${/value="([^"]*)"/.exec(tag)?.[1] ?? ""} `)
    .replace(/<[^>]+ aria-label="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");

describe("the WhatsApp card", () => {
  it("says what a business owner needs, in English", async () => {
    const html = await render("en");
    const text = textOf(html);
    for (const expected of [
      // Not connected.
      "Answer customers on WhatsApp, in Arabic and English",
      "Meta app with the WhatsApp Business Cloud API",
      "Phone number ID",
      "WhatsApp Business Account ID",
      "WhatsApp → API Setup",
      "App settings → Basic",
      "Connect WhatsApp",
      "never shown again",
      "Use a simulator test number",
      // Connected.
      "+973 3312 4567",
      "Acme Trading",
      "Connected",
      "Green: high quality",
      "WhatsApp → Configuration",
      "Verify and save",
      "https://parley.example/api/channels/whatsapp/chn_1/webhook",
      "vt_3kq9XbT0aZ",
      "Copy the callback URL",
      "Copy the verify token",
      "No message from Meta yet.",
      "Verify webhook in the simulator",
      "Webhook verified in the simulator.",
      "Write as a customer in the simulator",
      "Disconnect",
      // Needs attention.
      "Needs attention",
      "The bot has stopped answering on WhatsApp",
      "Meta's answer (error 190): Error validating access token: Session has expired.",
      "Reconnect with a new token",
      "Red: low quality",
      "Last message from Meta: Nov 21, 2026",
      "Loading the WhatsApp connection",
      // Refusals.
      "Meta did not accept the access token.",
      "Meta's answer (error 190): Invalid OAuth access token.",
      "Meta does not know this phone number ID",
      "Meta could not be reached to check the number right now.",
      "Reference: req_1",
      "Your plan does not include WhatsApp.",
      "Compare plans",
      "already connected to one of your chatbots",
    ])
      expect(text).toContain(expected);
    // The secrets are never in the page; the form starts empty.
    expect(html).not.toMatch(/EAAG/);
    expect(html).toContain('type="password"');
    // Numbers, ids and addresses read left to right inside Arabic too.
    expect(html).toMatch(/<bdi dir="ltr">\+973 3312 4567<\/bdi>/);
    expect(html).toMatch(/<input[^>]*dir="ltr"[^>]*value="vt_3kq9XbT0aZ"/);
    // The simulator's link, and Meta's guide in a new tab.
    expect(html).toContain('href="/dev/whatsapp"');
    expect(html).toContain('href="https://developers.facebook.com/docs/whatsapp/cloud-api/get-started"');
  });

  it("leaves no English in Arabic but names, Meta's menus and words, code and addresses", async () => {
    const text = textOf(await render("ar"));
    const kept =
      /^(Parley|Meta|WhatsApp|Business|Cloud|API|Setup|App|settings|Basic|secret|Show|Configuration|Edit|Webhook|Verify|and|save|fields|Manage|messages|Callback|URL|token|whatsapp_business_messaging|whatsapp_business_management|Acme|Trading|Support|vt_3kq9XbT0aZ|Error|validating|access|Session|has|expired|Invalid|OAuth|Unsupported|get|request|req_1)$/;
    const english = (text.replace(/https?:\/\/\S+/g, "").match(/[A-Za-z_][A-Za-z0-9_]+/g) ?? []).filter(
      (word) => !kept.test(word),
    );
    expect([...new Set(english)]).toEqual([]);
    for (const expected of [
      "ربط واتساب",
      "أخضر: جودة عالية",
      "أحمر: جودة منخفضة",
      "نوفمبر",
      "بحاجة إلى انتباهك",
    ])
      expect(text).toContain(expected);
  });
});
