import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { advancePart, overallDelivery } from "../../conversations/delivery.service";
import { errorKind } from "./graph-client";
import { whatsappBodies } from "./whatsapp.adapter";
import { sourcesText, splitMessage, toWhatsappText } from "./whatsapp-text";
import { HANDOFF_BUTTON_ID, parseDelivery, verifySignature } from "./whatsapp-webhook";

const SECRET = "0123456789abcdef0123456789abcdef";
const sign = (body: string | Buffer, secret = SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const delivery = (value: Record<string, unknown>, phoneNumberId = "111") => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "waba",
      changes: [
        {
          field: "messages",
          value: { messaging_product: "whatsapp", metadata: { phone_number_id: phoneNumberId }, ...value },
        },
      ],
    },
  ],
});

describe("the webhook's signature", () => {
  it("accepts the HMAC of the exact raw bytes with the app secret, and nothing else", () => {
    // Meta signs its own serialisation, non-ASCII escaped: the raw bytes, not a re-serialisation.
    const raw = Buffer.from('{"text":"\\u0645\\u0631\\u062d\\u0628\\u0627"}');
    expect(verifySignature(raw, sign(raw), SECRET)).toBe(true);
    expect(verifySignature(raw, sign(JSON.stringify(JSON.parse(raw.toString()))), SECRET)).toBe(false);
    expect(verifySignature(raw, sign(raw, "another secret"), SECRET)).toBe(false);
    expect(verifySignature(raw, undefined, SECRET)).toBe(false);
    expect(verifySignature(raw, "", SECRET)).toBe(false);
    expect(verifySignature(raw, sign(raw).replace("sha256=", "sha1="), SECRET)).toBe(false);
    expect(verifySignature(raw, `${sign(raw)}00`, SECRET)).toBe(false);
    expect(verifySignature(raw, "sha256=", SECRET)).toBe(false);
    const changed = Buffer.from(raw);
    changed[5] = (changed[5] ?? 0) ^ 1;
    expect(verifySignature(changed, sign(raw), SECRET)).toBe(false);
  });
});

describe("reading a delivery", () => {
  const contacts = [{ profile: { name: "Sara\u202E" }, wa_id: "97333000001" }];
  const message = (m: Record<string, unknown>) => ({
    from: "97333000001",
    id: "wamid.A",
    timestamp: "1790000000",
    ...m,
  });

  it("reads text, button taps, quotes, media with captions and places; skips what is not a message", () => {
    const parsed = parseDelivery(
      delivery({
        contacts,
        messages: [
          message({ type: "text", text: { body: "  Hello?\u0000 " } }),
          message({
            id: "wamid.B",
            type: "interactive",
            interactive: {
              type: "button_reply",
              button_reply: { id: HANDOFF_BUTTON_ID, title: "Talk to a person" },
            },
            context: { from: "97330000000", id: "wamid.OURS" },
          }),
          message({ id: "wamid.C", type: "image", image: { caption: "Is this one?", id: "1" } }),
          message({ id: "wamid.D", type: "audio", audio: { id: "2", voice: true } }),
          message({
            id: "wamid.E",
            type: "location",
            location: { latitude: 26.2, longitude: 50.5, name: "Shop" },
          }),
          message({ id: "wamid.F", type: "reaction", reaction: { message_id: "wamid.OURS", emoji: "👍" } }),
          message({ id: "wamid.G", type: "unsupported", unsupported: { type: "poll_creation" } }),
          message({ id: "wamid.H", type: "text", text: { body: "   " } }),
        ],
      }),
      "111",
    );
    expect(parsed?.messages.map((m) => [m.externalId, m.contentType, m.text, m.asksForPerson])).toEqual([
      ["wamid.A", "text", "Hello?", false],
      ["wamid.B", "text", "Talk to a person", true],
      ["wamid.C", "image", "Is this one?", false],
      ["wamid.D", "audio", "", false],
      ["wamid.E", "location", "Shop (26.2, 50.5)", false],
      ["wamid.G", "other", "", false],
    ]);
    // The profile name loses its direction override; the quote keeps Meta's id of our message.
    expect(parsed?.messages[0]?.name).toBe("Sara");
    expect(parsed?.messages[1]?.replyToExternalId).toBe("wamid.OURS");
    expect(parsed?.messages[0]?.at.toISOString()).toBe("2026-09-21T14:13:20.000Z");
  });

  it("reads statuses with Meta's error, and ignores other numbers' changes and hostile shapes", () => {
    const parsed = parseDelivery(
      delivery({
        statuses: [
          {
            id: "wamid.S",
            status: "delivered",
            timestamp: "1790000001",
            biz_opaque_callback_data: "msg_x:0",
          },
          {
            id: "wamid.T",
            status: "failed",
            timestamp: "1790000002",
            errors: [
              { code: 131047, title: "Re-engagement message", error_data: { details: "More than 24 hours" } },
            ],
          },
          { id: "wamid.U", status: "played", timestamp: "1" },
          { id: 5, status: "sent" },
        ],
      }),
      "111",
    );
    expect(parsed?.statuses).toEqual([
      expect.objectContaining({
        externalId: "wamid.S",
        status: "delivered",
        callbackData: "msg_x:0",
        error: null,
      }),
      expect.objectContaining({
        externalId: "wamid.T",
        status: "failed",
        error: { code: 131047, message: "Re-engagement message: More than 24 hours" },
      }),
    ]);
    expect(
      parseDelivery(delivery({ messages: [message({ type: "text", text: { body: "x" } })] }, "222"), "111"),
    ).toEqual({
      messages: [],
      statuses: [],
      otherNumbers: ["222"],
    });
    for (const hostile of [
      null,
      "x",
      [],
      { object: "page" },
      { object: "whatsapp_business_account", entry: "x" },
    ])
      expect(parseDelivery(hostile, "111")).toBeNull();
    // A message without a sender number, an id that is not Meta's, a 100 kB text: skipped or cut.
    const odd = parseDelivery(
      delivery({
        messages: [
          { id: "wamid.X", timestamp: "1", type: "text", text: { body: "no sender" } },
          message({ id: "wamid.Y'; drop table x;--", type: "text", text: { body: "sql" } }),
          message({ id: "wamid.Z", type: "text", text: { body: "a".repeat(16_000) } }),
        ],
      }),
      "111",
    );
    expect(odd?.messages.map((m) => [m.externalId, m.text.length])).toEqual([["wamid.Z", 4096]]);
  });
});

describe("answers as a phone shows them", () => {
  it("turns Markdown into WhatsApp's formatting and the sources into plain lines", () => {
    expect(
      toWhatsappText(
        "## Delivery\n\n**Free** over 20 BHD. See [our policy](https://shop.example/policy).\n* Fast",
      ),
    ).toBe("*Delivery*\n\n*Free* over 20 BHD. See our policy (https://shop.example/policy).\n- Fast");
    expect(
      sourcesText(
        [
          { sourceId: "s1", title: "Delivery", kind: "website", url: "https://shop.example/d", snippet: "" },
          { sourceId: "s1", title: "Delivery", kind: "website", url: "https://shop.example/d", snippet: "" },
          { sourceId: "s2", title: "الضمان", kind: "text", url: null, snippet: "" },
        ],
        "ar",
      ),
    ).toBe("المصادر:\n1. Delivery – https://shop.example/d\n2. الضمان");
    expect(sourcesText([], "en")).toBe("");
  });

  it("cuts a long answer at sentence ends, never past 4,096 characters, losing nothing", () => {
    const sentence = (i: number) => `Sentence number ${i} says something useful about kettles. `;
    const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join("");
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) {
      expect(p.length).toBeLessThanOrEqual(4096);
      expect(p.endsWith(".")).toBe(true);
    }
    expect(parts.join(" ")).toBe(text.trim());
    // One word longer than a message is cut where it must be.
    const word = "x".repeat(9000);
    expect(splitMessage(word).map((p) => p.length)).toEqual([4096, 4096, 808]);
    // Arabic sentence ends count too.
    const arabic = "هل يوجد ضمان؟ نعم يوجد. ".repeat(400);
    for (const p of splitMessage(arabic)) expect(/[؟.]$/.test(p)).toBe(true);
  });

  it("offers 'Talk to a person' as a reply button on an answer the bot could not give", () => {
    const base = {
      id: "msg_1",
      role: "assistant" as const,
      contentType: "text" as const,
      template: null,
      citations: [],
      replyToExternalId: null,
    };
    expect(whatsappBodies({ ...base, content: "I'm not sure.", language: "en", offerHandoff: true })).toEqual(
      [
        {
          type: "interactive",
          interactive: {
            type: "button",
            body: { text: "I'm not sure." },
            action: {
              buttons: [{ type: "reply", reply: { id: HANDOFF_BUTTON_ID, title: "Talk to a person" } }],
            },
          },
        },
      ],
    );
    // A reply button's body holds 1,024 characters: a longer answer goes as text.
    const long = "Word ".repeat(300);
    expect(whatsappBodies({ ...base, content: long, language: "ar", offerHandoff: true })[0]?.type).toBe(
      "text",
    );
    expect(
      whatsappBodies({
        ...base,
        contentType: "template",
        template: { name: "follow_up", language: "en", parameters: ["Sara", "Ali"] },
        content: "Hello Sara",
        language: "en",
        offerHandoff: false,
      }),
    ).toEqual([
      {
        type: "template",
        template: {
          name: "follow_up",
          language: { code: "en" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Sara" },
                { type: "text", text: "Ali" },
              ],
            },
          ],
        },
      },
    ]);
  });
});

describe("Meta's errors and statuses", () => {
  it("reads an error by its code (HTTP statuses only where there is no known code)", () => {
    expect(errorKind(190, 401)).toBe("revoked");
    expect(errorKind(130429, 400)).toBe("rate_limited");
    expect(errorKind(131056, 400)).toBe("rate_limited");
    expect(errorKind(131016, 503)).toBe("unavailable");
    expect(errorKind(131047, 400)).toBe("window_closed");
    expect(errorKind(131026)).toBe("undeliverable");
    expect(errorKind(132000, 400)).toBe("refused");
    expect(errorKind(99999, 500)).toBe("unavailable");
    expect(errorKind(99999, 429)).toBe("rate_limited");
  });

  it("moves a part forwards only, whatever order the reports come in", () => {
    const sent = advancePart([], 0, { status: "sent", externalId: "wamid.1" }, 2);
    expect(sent).toEqual([
      { externalId: "wamid.1", status: "sent", error: null },
      { externalId: null, status: "queued", error: null },
    ]);
    expect(overallDelivery(sent ?? [])).toBe("queued");
    const read = advancePart(sent ?? [], 0, { status: "read" });
    expect(read?.[0]?.status).toBe("read");
    // Older news changes nothing.
    expect(advancePart(read ?? [], 0, { status: "delivered" })).toBeUndefined();
    expect(advancePart(read ?? [], 0, { status: "read" })).toBeUndefined();
    const both = advancePart(read ?? [], 1, { status: "delivered", externalId: "wamid.2" });
    expect(overallDelivery(both ?? [])).toBe("delivered");
    const failed = advancePart(both ?? [], 1, { status: "failed", error: { code: 131047, message: "late" } });
    expect(overallDelivery(failed ?? [])).toBe("failed");
    // Failed is final.
    expect(advancePart(failed ?? [], 1, { status: "read" })).toBeUndefined();
    // A report that only tells the part's id (recorded by a status before the sender could).
    expect(
      advancePart([{ externalId: null, status: "sent", error: null }], 0, {
        status: "sent",
        externalId: "w",
      })?.[0],
    ).toEqual({
      externalId: "w",
      status: "sent",
      error: null,
    });
  });
});
