import { createHmac } from "node:crypto";
import { cleanName, type MessageContentType, stripBidiControls, stripNul } from "@parley/contracts";
import { constantTimeEqual } from "@parley/contracts/server";
import { z } from "zod";

/**
 * Meta's webhook for WhatsApp, read defensively: the request is verified before anything is
 * parsed, every field is checked for its type and size, and what Parley does not use is ignored.
 */

/**
 * Whether `header` (`X-Hub-Signature-256: sha256=<hex>`) is the HMAC-SHA256 of the raw body with
 * the app secret. The raw bytes, exactly as received: Meta signs its own (unicode-escaped)
 * serialisation, which re-serialising parsed JSON would not reproduce. Constant-time compare.
 */
export function verifySignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = header.slice("sha256=".length).trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest("hex");
  return constantTimeEqual(given, expected);
}

/** A customer's message as Parley keeps it. */
export interface InboundWhatsapp {
  /** Meta's id for it (`wamid…`): the same on every delivery of it. */
  externalId: string;
  /** The customer's WhatsApp id (their number, digits). */
  from: string;
  /** The customer's profile name, when Meta sent one. */
  name: string | null;
  at: Date;
  contentType: MessageContentType;
  /** The text, or a media's caption (empty when it has none). */
  text: string;
  /** Meta's id of the message the customer replied to (quoted, or whose button they tapped). */
  replyToExternalId: string | null;
  /** They tapped our "Talk to a person" button. */
  asksForPerson: boolean;
}

export interface WhatsappStatus {
  /** Meta's id of the message we sent. */
  externalId: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  /** What we sent as `biz_opaque_callback_data` (our message id and part). */
  callbackData: string | null;
  error: { code: number; message: string } | null;
}

export interface ParsedDelivery {
  messages: InboundWhatsapp[];
  statuses: WhatsappStatus[];
  /** Changes for other phone numbers of the same Meta app (not this channel's). */
  otherNumbers: string[];
}

/** The reply button's id: a tap comes back as an interactive reply with it. */
export const HANDOFF_BUTTON_ID = "parley_handoff";

/** Longest text kept of one message (WhatsApp's own limit). */
const TEXT_MAX = 4096;

const str = (max: number) => z.string().max(max);
const digits = z.string().regex(/^\d{1,20}$/);
const metaId = z.string().regex(/^[\w.=:+/-]{1,256}$/);
const unixSeconds = z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]);

const errorSchema = z
  .object({
    code: z.number().int(),
    title: str(500).optional(),
    message: str(500).optional(),
    error_data: z.union([z.object({ details: str(1000).optional() }).passthrough(), str(1000)]).optional(),
  })
  .passthrough();

const messageSchema = z
  .object({
    from: digits.optional(),
    id: metaId,
    timestamp: unixSeconds,
    type: str(64),
    text: z
      .object({ body: str(TEXT_MAX * 4) })
      .passthrough()
      .optional(),
    image: z
      .object({ caption: str(TEXT_MAX * 4).optional() })
      .passthrough()
      .optional(),
    video: z
      .object({ caption: str(TEXT_MAX * 4).optional() })
      .passthrough()
      .optional(),
    document: z
      .object({ caption: str(TEXT_MAX * 4).optional(), filename: str(1000).optional() })
      .passthrough()
      .optional(),
    location: z
      .object({
        latitude: z.union([z.number(), str(40)]).optional(),
        longitude: z.union([z.number(), str(40)]).optional(),
        name: str(1000).optional(),
        address: str(1000).optional(),
      })
      .passthrough()
      .optional(),
    interactive: z
      .object({
        type: str(64),
        button_reply: z
          .object({ id: str(256), title: str(100) })
          .passthrough()
          .optional(),
        list_reply: z
          .object({ id: str(256), title: str(100) })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
    button: z
      .object({ text: str(1000).optional(), payload: str(1000).optional() })
      .passthrough()
      .optional(),
    context: z.object({ id: metaId.optional() }).passthrough().optional(),
  })
  .passthrough();

const statusSchema = z
  .object({
    id: metaId,
    status: str(32),
    timestamp: unixSeconds,
    biz_opaque_callback_data: str(512).optional(),
    errors: z.array(errorSchema).max(10).optional(),
  })
  .passthrough();

const deliverySchema = z
  .object({
    object: z.literal("whatsapp_business_account"),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: str(64),
                    value: z
                      .object({
                        metadata: z
                          .object({ phone_number_id: str(64) })
                          .passthrough()
                          .optional(),
                        contacts: z
                          .array(
                            z
                              .object({
                                wa_id: digits.optional(),
                                profile: z
                                  .object({ name: str(1000).optional() })
                                  .passthrough()
                                  .optional(),
                              })
                              .passthrough(),
                          )
                          .max(100)
                          .optional(),
                        messages: z.array(z.unknown()).max(1000).optional(),
                        statuses: z.array(z.unknown()).max(1000).optional(),
                      })
                      .passthrough(),
                  })
                  .passthrough(),
              )
              .max(100),
          })
          .passthrough(),
      )
      .max(100),
  })
  .passthrough();

/** Text a person reads: no NUL, no direction overrides, within WhatsApp's length, trimmed. */
const clean = (text: string | undefined) =>
  stripBidiControls(stripNul(text ?? ""))
    .trim()
    .slice(0, TEXT_MAX);

const when = (value: string | number) => {
  const seconds = Number(value);
  return new Date(Number.isFinite(seconds) ? seconds * 1000 : 0);
};

function readMessage(raw: unknown, names: Map<string, string>): InboundWhatsapp | undefined {
  const parsed = messageSchema.safeParse(raw);
  // A message without `from` (a username-only customer) cannot be answered by number: skipped.
  if (!parsed.success || !parsed.data.from) return undefined;
  const m = parsed.data;
  let contentType: MessageContentType = "text";
  let text = "";
  let asksForPerson = false;
  switch (m.type) {
    case "text":
      text = clean(m.text?.body);
      break;
    case "interactive": {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      text = clean(reply?.title);
      asksForPerson = reply?.id === HANDOFF_BUTTON_ID;
      break;
    }
    case "button":
      text = clean(m.button?.text ?? m.button?.payload);
      break;
    case "image":
    case "video":
      contentType = m.type;
      text = clean(m[m.type]?.caption);
      break;
    case "document":
      contentType = "document";
      text = clean(m.document?.caption ?? m.document?.filename);
      break;
    case "audio":
    case "sticker":
      contentType = m.type;
      break;
    case "location": {
      contentType = "location";
      const l = m.location;
      const place = [l?.name, l?.address].filter(Boolean).join(", ");
      text = clean(`${place}${place ? " " : ""}(${l?.latitude ?? "?"}, ${l?.longitude ?? "?"})`);
      break;
    }
    case "reaction":
    case "system":
    case "request_welcome":
      // Not a message to answer: an emoji on one of ours, a number change, a first-open event.
      return undefined;
    default:
      contentType = "other";
  }
  // An empty text is not a question (a caption-less picture is still recorded, with its type).
  if (contentType === "text" && !text) return undefined;
  return {
    externalId: m.id,
    from: m.from as string,
    // The profile name labels the conversation in the inbox: one line, something visible, or none.
    name: cleanName(names.get(m.from as string) ?? "", 200) || null,
    at: when(m.timestamp),
    contentType,
    text,
    replyToExternalId: m.context?.id ?? null,
    asksForPerson,
  };
}

function readStatus(raw: unknown): WhatsappStatus | undefined {
  const parsed = statusSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  if (s.status !== "sent" && s.status !== "delivered" && s.status !== "read" && s.status !== "failed")
    return undefined;
  const e = s.errors?.[0];
  const details = typeof e?.error_data === "string" ? e.error_data : e?.error_data?.details;
  return {
    externalId: s.id,
    status: s.status,
    at: when(s.timestamp),
    callbackData: s.biz_opaque_callback_data ?? null,
    error:
      s.status === "failed"
        ? {
            code: e?.code ?? 0,
            message: clean([e?.title ?? e?.message, details].filter(Boolean).join(": ")).slice(0, 500),
          }
        : null,
  };
}

/**
 * The messages and statuses of a verified delivery for `phoneNumberId`. Anything malformed is
 * skipped (the rest still counts): null only when the body is not a WhatsApp delivery at all.
 */
export function parseDelivery(body: unknown, phoneNumberId: string): ParsedDelivery | null {
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const out: ParsedDelivery = { messages: [], statuses: [], otherNumbers: [] };
  for (const entry of parsed.data.entry)
    for (const change of entry.changes) {
      if (change.field !== "messages") continue;
      const value = change.value;
      const number = value.metadata?.phone_number_id;
      if (number !== phoneNumberId) {
        if (number) out.otherNumbers.push(number);
        continue;
      }
      const names = new Map<string, string>();
      for (const c of value.contacts ?? [])
        if (c.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
      for (const raw of value.messages ?? []) {
        const m = readMessage(raw, names);
        if (m) out.messages.push(m);
      }
      for (const raw of value.statuses ?? []) {
        const s = readStatus(raw);
        if (s) out.statuses.push(s);
      }
    }
  return out;
}
