import { createHmac, randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { WHATSAPP_TEXT_MAX, WHATSAPP_WINDOW_MS } from "@parley/contracts";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";

/**
 * A local stand-in of Meta's WhatsApp Cloud API, for development and tests (never mounted in
 * production): the Graph API calls Parley makes, answered with Meta's request and response shapes,
 * error codes and HTTP statuses, and Meta's side of the webhook — the GET handshake, signed
 * deliveries of customers' messages and of the statuses of what was sent (sent, delivered, read,
 * failed with Meta's codes, at least once and sometimes out of order). Its control routes
 * (`/__standin/…`) play the customer's phone and Meta's app dashboard: create a test number,
 * subscribe the webhook, write as a customer, read, inject faults. The simulator page uses them.
 */

export interface StandInTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
}

interface SentMessage {
  id: string;
  to: string;
  type: string;
  /** What the customer's phone shows. */
  text: string;
  /** Reply buttons under it: a tap comes back as a `button_reply` with the button's id. */
  buttons: { id: string; title: string }[];
  at: Date;
  status: "accepted" | "sent" | "delivered" | "read" | "failed";
  error: { code: number; title: string } | null;
  callbackData: string | null;
  replyTo: string | null;
}

interface ReceivedMessage {
  id: string;
  from: string;
  name: string;
  type: string;
  text: string;
  /** The message it answers (a tapped button's message, a quoted reply). */
  context: string | null;
  at: Date;
}

type Fault = "rate_limit" | "server_error" | "revoked" | "undeliverable" | "timeout";

interface StandInNumber {
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  displayPhoneNumber: string;
  verifiedName: string;
  qualityRating: string;
  templates: StandInTemplate[];
  subscription: { callbackUrl: string; verifyToken: string } | null;
  revoked: boolean;
  faults: Fault[];
  /** Customers' last messages (the 24-hour window, as Meta keeps it). */
  lastInbound: Map<string, Date>;
  received: ReceivedMessage[];
  sent: SentMessage[];
  /** Webhook deliveries that failed (the callback answered non-2xx or not at all). */
  failedDeliveries: number;
  /** Deliveries the webhook did not acknowledge with a 200: Meta delivers them again later. */
  undelivered: Record<string, unknown>[];
}

export const DEFAULT_TEMPLATES: StandInTemplate[] = [
  {
    name: "follow_up",
    language: "en",
    status: "APPROVED",
    category: "UTILITY",
    body: "Hello {{1}}, this is {{2}} following up on your message. Reply to this message to continue the conversation.",
  },
  {
    name: "follow_up",
    language: "ar",
    status: "APPROVED",
    category: "UTILITY",
    body: "مرحبًا {{1}}، معك {{2}} لمتابعة رسالتك. ردّ على هذه الرسالة لمتابعة المحادثة.",
  },
  {
    name: "order_ready",
    language: "en",
    status: "APPROVED",
    category: "UTILITY",
    body: "Your order {{1}} is ready for pickup.",
  },
  {
    name: "spring_offer",
    language: "en",
    status: "PAUSED",
    category: "MARKETING",
    body: "Spring offer: {{1}}",
  },
];

const KEEP = 500;
const wamid = () => `wamid.${randomBytes(24).toString("base64url")}`;
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/** Meta's error body (what the Graph API answers with a non-2xx status). */
function graphError(reply: FastifyReply, status: number, code: number, message: string, details?: string) {
  return reply.status(status).send({
    error: {
      message: `(#${code}) ${message}`,
      type: "OAuthException",
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(9).toString("base64url"),
    },
  });
}

/**
 * POSTs `body` to `url` on a kept-alive connection and resolves with the HTTP status once the
 * answer was read (a network failure rejects). node:http rather than fetch: the bench's Meta sends
 * several webhooks a message, and fetch cost it about twice the CPU of the server it measured.
 * A kept-alive connection the server closed while it was idle fails as soon as it is used again
 * (nodejs/node#47130): that request never reached the server, and is sent again on a new one.
 */
const keepAlive = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};
function post(url: string, headers: Record<string, string>, body: string, fresh = false): Promise<number> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      target,
      {
        method: "POST",
        agent: fresh ? false : keepAlive[secure ? "https:" : "http:"],
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.on("error", reject);
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (!fresh && req.reusedSocket && err.code === "ECONNRESET")
        post(url, headers, body, true).then(resolve, reject);
      else reject(err);
    });
    req.end(body);
  });
}

export interface StandInOptions {
  /** The stand-in's clock (Meta's 24-hour window): the real one by default. */
  now?: () => Date;
  /** Wait before each status webhook after a send (ms); 0 sends them at once. */
  statusDelayMs?: number;
  /** How many messages each number remembers each way (the bench keeps a whole run). */
  keep?: number;
}

export const whatsappGraphStandIn: FastifyPluginAsync<StandInOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const keep = opts.keep ?? KEEP;
  const numbers = new Map<string, StandInNumber>();
  const byWaba = new Map<string, StandInNumber>();

  // Its own JSON parser in place of the app's (which refuses bodies that are not UTF-8).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      try {
        done(null, body ? JSON.parse(String(body)) : {});
      } catch (err) {
        done(err as Error);
      }
    },
  );

  const tokenOf = (header: string | undefined) => (header?.startsWith("Bearer ") ? header.slice(7) : "");

  /** The number if the bearer token is its own and valid; otherwise Meta's 401 is sent. */
  function authorized(n: StandInNumber | undefined, header: string | undefined, reply: FastifyReply) {
    if (!n || tokenOf(header) !== n.accessToken) {
      void graphError(
        reply,
        n ? 401 : 400,
        n ? 190 : 100,
        n
          ? "Invalid OAuth access token - Cannot parse access token"
          : "Unsupported request - method type: get",
      );
      return undefined;
    }
    if (n.revoked) {
      void graphError(
        reply,
        401,
        190,
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
      );
      return undefined;
    }
    return n;
  }

  /** POSTs a webhook delivery to the subscribed callback, signed as Meta signs it. */
  async function deliver(n: StandInNumber, value: Record<string, unknown>): Promise<number> {
    if (!n.subscription) return 0;
    // Meta escapes non-ASCII in the body it signs: so do we (and the receiver must hash raw bytes).
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: n.businessAccountId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: n.displayPhoneNumber.replace(/\D/g, ""),
                  phone_number_id: n.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    const signature = createHmac("sha256", n.appSecret).update(body).digest("hex");
    try {
      const status = await post(
        n.subscription.callbackUrl,
        { "content-type": "application/json", "x-hub-signature-256": `sha256=${signature}` },
        body,
      );
      if (status < 200 || status >= 300) {
        n.failedDeliveries++;
        n.undelivered.push(value);
      }
      return status;
    } catch {
      n.failedDeliveries++;
      n.undelivered.push(value);
      return 0;
    }
  }

  const statusValue = (n: StandInNumber, m: SentMessage) => ({
    statuses: [
      {
        id: m.id,
        status: m.status,
        timestamp: String(Math.floor(now().getTime() / 1000)),
        recipient_id: m.to,
        ...(m.callbackData ? { biz_opaque_callback_data: m.callbackData } : {}),
        ...(m.error
          ? {
              errors: [
                {
                  code: m.error.code,
                  title: m.error.title,
                  message: m.error.title,
                  error_data: { details: m.error.title },
                },
              ],
            }
          : {}),
      },
    ],
    _n: n.phoneNumberId,
  });

  const later = (fn: () => Promise<unknown>) => {
    const run = () => void fn().catch(() => {});
    if (opts.statusDelayMs) setTimeout(run, opts.statusDelayMs).unref();
    else setImmediate(run);
  };

  async function report(
    n: StandInNumber,
    m: SentMessage,
    status: SentMessage["status"],
    error?: SentMessage["error"],
  ) {
    m.status = status;
    if (error) m.error = error;
    const { _n, ...value } = statusValue(n, m);
    await deliver(n, value);
  }

  // ----- Meta's Graph API ------------------------------------------------------------------

  const fields = z.object({ fields: z.string().max(500).optional() });

  app.get("/:version/:id", async (request, reply) => {
    const { id } = request.params as { id: string };
    const n = authorized(numbers.get(id), request.headers.authorization, reply);
    if (!n) return reply;
    fields.parse(request.query);
    return {
      verified_name: n.verifiedName,
      display_phone_number: n.displayPhoneNumber,
      quality_rating: n.qualityRating,
      id: n.phoneNumberId,
    };
  });

  app.get("/:version/:id/message_templates", async (request, reply) => {
    const { id } = request.params as { id: string };
    const n = authorized(byWaba.get(id), request.headers.authorization, reply);
    if (!n) return reply;
    const q = request.query as { limit?: string; after?: string };
    const limit = Math.min(Math.max(Number(q.limit) || 25, 1), 100);
    const start = Number(q.after ? Buffer.from(q.after, "base64url").toString() : 0) || 0;
    const page = n.templates.slice(start, start + limit);
    const next = start + limit < n.templates.length;
    return {
      data: page.map((t, i) => ({
        name: t.name,
        language: t.language,
        status: t.status,
        category: t.category,
        id: String(1_000_000 + start + i),
        components: [{ type: "BODY", text: t.body }],
      })),
      paging: {
        cursors: {
          before: Buffer.from(String(start)).toString("base64url"),
          after: Buffer.from(String(start + limit)).toString("base64url"),
        },
        ...(next
          ? {
              next: `${request.protocol}://${request.host}${request.url.split("?")[0]}?after=${Buffer.from(String(start + limit)).toString("base64url")}`,
            }
          : {}),
      },
    };
  });

  app.post("/:version/:id/messages", async (request, reply) => {
    const { id } = request.params as { id: string };
    const n = authorized(numbers.get(id), request.headers.authorization, reply);
    if (!n) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.messaging_product !== "whatsapp")
      return graphError(reply, 400, 100, "Invalid parameter", "messaging_product must be whatsapp");
    // Mark as read / typing indicator.
    if (body.status === "read") return { success: true };
    const fault = n.faults.shift();
    if (fault === "rate_limit")
      return graphError(
        reply,
        429,
        130429,
        "Rate limit hit",
        "Cloud API message throughput has been reached.",
      );
    if (fault === "server_error")
      return graphError(reply, 503, 131016, "Service unavailable", "A service is temporarily unavailable.");
    if (fault === "timeout") {
      await new Promise((r) => setTimeout(r, 30_000).unref());
      return reply.status(504).send("");
    }
    if (fault === "revoked") {
      n.revoked = true;
      return graphError(reply, 401, 190, "Error validating access token: Session has expired.");
    }
    const to = typeof body.to === "string" ? body.to : "";
    if (!/^\d{6,20}$/.test(to))
      return graphError(reply, 400, 100, "Invalid parameter", "to must be a phone number");
    const type = body.type;
    let text = "";
    let buttons: SentMessage["buttons"] = [];
    if (type === "text") {
      const t = (body.text ?? {}) as { body?: unknown };
      if (typeof t.body !== "string" || !t.body || t.body.length > WHATSAPP_TEXT_MAX)
        return graphError(
          reply,
          400,
          100,
          "Invalid parameter",
          `text.body must be 1 to ${WHATSAPP_TEXT_MAX} characters`,
        );
      text = t.body;
    } else if (type === "interactive") {
      const i = (body.interactive ?? {}) as {
        type?: unknown;
        body?: { text?: unknown };
        action?: { buttons?: { reply?: { id?: unknown; title?: unknown } }[] };
      };
      const b = i.action?.buttons ?? [];
      if (
        i.type !== "button" ||
        typeof i.body?.text !== "string" ||
        i.body.text.length > 1024 ||
        b.length < 1 ||
        b.length > 3
      )
        return graphError(
          reply,
          400,
          100,
          "Invalid parameter",
          "interactive buttons: a body of at most 1024 characters and 1 to 3 buttons",
        );
      for (const x of b)
        if (typeof x.reply?.title !== "string" || x.reply.title.length > 20 || typeof x.reply.id !== "string")
          return graphError(reply, 400, 100, "Invalid parameter", "a button title is at most 20 characters");
      text = i.body.text;
      buttons = b.map((x) => ({ id: String(x.reply?.id), title: String(x.reply?.title) }));
    } else if (type === "template") {
      const t = (body.template ?? {}) as {
        name?: unknown;
        language?: { code?: unknown };
        components?: { type?: unknown; parameters?: { text?: unknown }[] }[];
      };
      const template = n.templates.find((x) => x.name === t.name && x.language === t.language?.code);
      if (template?.status !== "APPROVED")
        return graphError(
          reply,
          404,
          132001,
          "Template name does not exist in the translation",
          `template name (${String(t.name)}) does not exist in ${String(t.language?.code)}`,
        );
      const params = t.components?.find((c) => c.type === "body")?.parameters ?? [];
      const expected = new Set(template.body.match(/\{\{\d+\}\}/g) ?? []).size;
      if (params.length !== expected)
        return graphError(
          reply,
          400,
          132000,
          "Number of parameters does not match the expected number of params",
          `body: number of localizable_params (${params.length}) does not match the expected number of params (${expected})`,
        );
      text = template.body.replace(/\{\{(\d+)\}\}/g, (w, k) => String(params[Number(k) - 1]?.text ?? w));
    } else {
      return graphError(reply, 400, 100, "Invalid parameter", `type ${String(type)} is not supported here`);
    }
    const context = body.context as { message_id?: unknown } | undefined;
    const m: SentMessage = {
      id: wamid(),
      to,
      type: String(type),
      text,
      buttons,
      at: now(),
      status: "accepted",
      error: null,
      callbackData: typeof body.biz_opaque_callback_data === "string" ? body.biz_opaque_callback_data : null,
      replyTo: typeof context?.message_id === "string" ? context.message_id : null,
    };
    n.sent.push(m);
    if (n.sent.length > keep) n.sent.shift();
    const last = n.lastInbound.get(to);
    const windowOpen = last !== undefined && now().getTime() - last.getTime() < WHATSAPP_WINDOW_MS;
    // Accepted now; what happened to it comes later, by webhook, as with Meta.
    later(async () => {
      if (fault === "undeliverable")
        return report(n, m, "failed", { code: 131026, title: "Message undeliverable" });
      if (type !== "template" && !windowOpen)
        return report(n, m, "failed", { code: 131047, title: "Re-engagement message" });
      await report(n, m, "sent");
      await report(n, m, "delivered");
    });
    return { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: m.id }] };
  });

  // ----- The customer's phone and Meta's dashboard (control routes) --------------------------

  const numberParams = z.object({ id: z.string().max(64) });
  const found = (id: string, reply: FastifyReply) => {
    const n = numbers.get(id);
    if (!n) void reply.status(404).send({ error: "no such number" });
    return n;
  };

  app.post("/__standin/numbers", async (request) => {
    const input = z
      .object({
        displayPhoneNumber: z.string().max(40).optional(),
        verifiedName: z.string().max(100).optional(),
        qualityRating: z.string().max(20).optional(),
        templates: z
          .array(
            z.object({
              name: z.string(),
              language: z.string(),
              status: z.string(),
              category: z.string(),
              body: z.string(),
            }),
          )
          .max(300)
          .optional(),
      })
      .parse(request.body ?? {});
    const n: StandInNumber = {
      phoneNumberId: `1${digits(14)}`,
      businessAccountId: `2${digits(14)}`,
      accessToken: `EAAG${randomBytes(48).toString("base64url")}`,
      appSecret: randomBytes(16).toString("hex"),
      displayPhoneNumber: input.displayPhoneNumber ?? `+973 3${digits(3)} ${digits(4)}`,
      verifiedName: input.verifiedName ?? "Test business",
      qualityRating: input.qualityRating ?? "GREEN",
      templates: input.templates ?? DEFAULT_TEMPLATES,
      subscription: null,
      revoked: false,
      faults: [],
      lastInbound: new Map(),
      received: [],
      sent: [],
      failedDeliveries: 0,
      undelivered: [],
    };
    numbers.set(n.phoneNumberId, n);
    byWaba.set(n.businessAccountId, n);
    return {
      phoneNumberId: n.phoneNumberId,
      businessAccountId: n.businessAccountId,
      accessToken: n.accessToken,
      appSecret: n.appSecret,
      displayPhoneNumber: n.displayPhoneNumber,
      verifiedName: n.verifiedName,
    };
  });

  app.get("/__standin/numbers", async () =>
    [...numbers.values()].map((n) => ({
      phoneNumberId: n.phoneNumberId,
      displayPhoneNumber: n.displayPhoneNumber,
      verifiedName: n.verifiedName,
      subscribed: n.subscription !== null,
      revoked: n.revoked,
    })),
  );

  /** Meta's "Verify and save": the GET handshake against the callback URL, as Meta does it. */
  app.post("/__standin/numbers/:id/subscribe", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const input = z
      .object({ callbackUrl: z.url(), verifyToken: z.string().min(1).max(512) })
      .parse(request.body);
    const challenge = String(randomInt(1_000_000_000, 2_000_000_000));
    const url = new URL(input.callbackUrl);
    url.searchParams.set("hub.mode", "subscribe");
    url.searchParams.set("hub.verify_token", input.verifyToken);
    url.searchParams.set("hub.challenge", challenge);
    let answer = "";
    let status = 0;
    try {
      const res = await fetch(url);
      status = res.status;
      answer = await res.text();
    } catch (err) {
      return reply
        .status(400)
        .send({ error: `The callback URL could not be reached: ${(err as Error).message}` });
    }
    if (status !== 200 || answer !== challenge)
      return reply.status(400).send({
        error: `The URL couldn't be validated. Response does not match challenge (HTTP ${status}).`,
      });
    n.subscription = input;
    return { subscribed: true };
  });

  const inboundInput = z.object({
    from: z.string().regex(/^\d{6,20}$/),
    name: z.string().max(100).default("Customer"),
    type: z
      .enum(["text", "image", "audio", "document", "location", "sticker", "button_reply"])
      .default("text"),
    text: z.string().max(WHATSAPP_TEXT_MAX).default(""),
    buttonId: z.string().max(256).optional(),
    context: z.string().max(256).optional(),
    times: z.number().int().min(1).max(3).default(1),
  });

  /** A customer writes to the number: Meta delivers the message `times` times (as it may). */
  async function customerWrites(n: StandInNumber, input: z.infer<typeof inboundInput>) {
    const id = wamid();
    const at = now();
    const message: Record<string, unknown> = {
      from: input.from,
      id,
      timestamp: String(Math.floor(at.getTime() / 1000)),
      ...(input.context
        ? { context: { from: n.displayPhoneNumber.replace(/\D/g, ""), id: input.context } }
        : {}),
    };
    if (input.type === "text") Object.assign(message, { type: "text", text: { body: input.text } });
    else if (input.type === "button_reply")
      Object.assign(message, {
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: input.buttonId ?? "", title: input.text } },
      });
    else if (input.type === "location")
      Object.assign(message, {
        type: "location",
        location: { latitude: 26.2235, longitude: 50.5876, name: input.text || undefined },
      });
    else
      Object.assign(message, {
        type: input.type,
        [input.type]: {
          ...(input.text ? { caption: input.text } : {}),
          mime_type: "application/octet-stream",
          sha256: randomBytes(32).toString("base64"),
          id: digits(16),
        },
      });
    n.lastInbound.set(input.from, at);
    n.received.push({
      id,
      from: input.from,
      name: input.name,
      type: input.type,
      text: input.text,
      context: input.context ?? null,
      at,
    });
    if (n.received.length > keep) n.received.shift();
    const statuses: number[] = [];
    for (let i = 0; i < input.times; i++)
      statuses.push(
        await deliver(n, {
          contacts: [{ profile: { name: input.name }, wa_id: input.from }],
          messages: [message],
        }),
      );
    return { id, delivered: statuses };
  }

  /** A customer writes (`times: 2`: Meta delivers it twice, as it may). */
  app.post("/__standin/numbers/:id/inbound", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    return customerWrites(n, inboundInput.parse(request.body));
  });

  /**
   * Customers under load (the bench): `rate` a second for `seconds`, each message another
   * customer's (`prefix` and a count), every `twiceEvery`-th delivered twice. Written here, on
   * Meta's side, rather than one control request a message from the bench. Answers once every
   * delivery was answered: the message ids and how many were not acknowledged with a 200.
   */
  app.post("/__standin/numbers/:id/load", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const input = z
      .object({
        rate: z.number().int().min(1).max(1000),
        seconds: z.number().min(0.1).max(60),
        prefix: z.string().regex(/^\d{3,10}$/),
        text: z.string().min(1).max(WHATSAPP_TEXT_MAX),
        twiceEvery: z.number().int().min(0).max(100).default(0),
      })
      .parse(request.body);
    const ids: string[] = [];
    const writes: Promise<void>[] = [];
    let failed = 0;
    const start = performance.now();
    const count = Math.round(input.rate * input.seconds);
    for (let i = 0; i < count; i++) {
      const wait = start + (i * 1000) / input.rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      writes.push(
        customerWrites(n, {
          from: `${input.prefix}${String(i).padStart(6, "0")}`,
          name: `Customer ${i}`,
          type: "text",
          text: input.text,
          times: input.twiceEvery && i % input.twiceEvery === 0 ? 2 : 1,
        }).then(
          (r) => {
            ids.push(r.id);
            if (!r.delivered.includes(200)) failed++;
          },
          () => {
            failed++;
          },
        ),
      );
    }
    await Promise.all(writes);
    return { ids, failed, sendSeconds: (performance.now() - start) / 1000 };
  });

  /** The customer's phone: what they sent and what they got, oldest first. */
  app.get("/__standin/numbers/:id/chat", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const { with: contact } = z.object({ with: z.string().max(20) }).parse(request.query);
    const items = [
      ...n.received
        .filter((m) => m.from === contact)
        .map((m) => ({
          id: m.id,
          from: "customer" as const,
          type: m.type,
          text: m.text,
          replyTo: m.context,
          at: m.at.toISOString(),
        })),
      ...n.sent
        .filter((m) => m.to === contact)
        .map((m) => ({
          id: m.id,
          from: "business" as const,
          type: m.type,
          text: m.text,
          buttons: m.buttons,
          status: m.status,
          error: m.error,
          replyTo: m.replyTo,
          at: m.at.toISOString(),
        })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return { items, subscribed: n.subscription !== null, failedDeliveries: n.failedDeliveries };
  });

  /** Everything customers sent to the number (tests, the bench): ids and when Meta sent them on. */
  app.get("/__standin/numbers/:id/received", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    return n.received.map((m) => ({ ...m, at: m.at.toISOString() }));
  });

  /** Everything sent from the number (tests): with its callback data and status. */
  app.get("/__standin/numbers/:id/sent", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    return n.sent.map((m) => ({ ...m, at: m.at.toISOString() }));
  });

  /** The customer opened the chat: what they got is read (a status webhook each). */
  app.post("/__standin/numbers/:id/read", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const { with: contact } = z.object({ with: z.string().max(20) }).parse(request.body);
    const unread = n.sent.filter(
      (m) => m.to === contact && (m.status === "sent" || m.status === "delivered"),
    );
    for (const m of unread) await report(n, m, "read");
    return { read: unread.length };
  });

  /** The next sends fail as Meta's do (a rate limit, an outage, a revoked token, a blocked customer). */
  app.post("/__standin/numbers/:id/faults", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const input = z
      .object({
        fault: z.enum(["rate_limit", "server_error", "revoked", "undeliverable", "timeout"]),
        count: z.number().int().min(1).max(100).default(1),
      })
      .parse(request.body);
    for (let i = 0; i < input.count; i++) n.faults.push(input.fault);
    return { queued: n.faults.length };
  });

  /**
   * Meta's retry of what the webhook did not acknowledge (it retries for up to 7 days): each
   * unacknowledged delivery again, the same message ids; those refused again stay for the next.
   */
  app.post("/__standin/numbers/:id/retry", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const pending = n.undelivered.splice(0);
    const statuses: number[] = [];
    for (const value of pending) statuses.push(await deliver(n, value));
    return { retried: pending.length, delivered: statuses };
  });

  /** Re-sends a status webhook of a sent message (Meta delivers at least once, in any order). */
  app.post("/__standin/numbers/:id/redeliver-status", async (request, reply) => {
    const n = found(numberParams.parse(request.params).id, reply);
    if (!n) return reply;
    const input = z
      .object({ messageId: z.string().max(256), status: z.enum(["sent", "delivered", "read", "failed"]) })
      .parse(request.body);
    const m = n.sent.find((x) => x.id === input.messageId);
    if (!m) return reply.status(404).send({ error: "no such message" });
    const copy = { ...m, status: input.status };
    const { _n, ...value } = statusValue(n, copy);
    return { status: await deliver(n, value) };
  });
};
