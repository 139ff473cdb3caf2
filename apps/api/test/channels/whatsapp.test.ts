import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Channel, type Transcript, transcriptSchema } from "@parley/contracts";
import { signWebhook, verifyWebhook } from "@parley/contracts/server";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelReceipts, channels, conversationEvents } from "../../src/db/schema";
import { CHANNEL_KINDS, CHANNEL_WAIT_JOB, TEAM_BUSY_REPLY } from "../../src/modules/channels/channel-jobs";
import { TEXT_ONLY_REPLY, TEXT_ONLY_REPLY_AR } from "../../src/modules/conversations/turn.service";
import { builderClient, type Owner } from "../builder/client";
import { type GraphStandIn, type StandInNumberCredentials, startGraphStandIn } from "../graph-stand-in";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { until } from "../until";

const EVENTS_SECRET = "whatsapp-test-events-secret-0123456789abcdef";

/**
 * The auth service as the API calls it here: the key set, membership of the agent, the
 * workspace's members (the owner gets the channel's e-mails), and the mails it is asked to send
 * (recorded, each request's signature checked like the real service checks it).
 */
async function startAuthStub(issuer: TokenIssuer, owner: Owner, agent: Owner) {
  const mails: { workspaceId: string; userId: string; topic: string; subject: string; text: string }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = req.url ?? "";
    if (url === "/jwks") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(await (await fetch(`${issuer.url}/jwks`)).text());
      return;
    }
    const signed = verifyWebhook(
      EVENTS_SECRET,
      req.method === "POST" ? `POST ${url}\n${body}` : `GET ${url}`,
      req.headers,
    );
    if (!signed.ok) return void res.writeHead(401).end();
    const member = /^\/internal\/workspaces\/([^/]+)\/members\/([^/]+)$/.exec(url);
    if (member)
      return void (member[2] === agent.sub && member[1] === owner.sub
        ? res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ role: "agent" }))
        : res.writeHead(404).end());
    if (/^\/internal\/workspaces\/[^/]+\/members$/.test(url))
      return void res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          members: [{ userId: owner.sub, email: owner.email, name: owner.name, role: "owner", locale: null }],
        }),
      );
    const mail = /^\/internal\/workspaces\/([^/]+)\/members\/([^/]+)\/mail$/.exec(url);
    if (mail) {
      const m = JSON.parse(body) as { topic: string; subject: string; text: string };
      mails.push({
        workspaceId: decodeURIComponent(mail[1] ?? ""),
        userId: decodeURIComponent(mail[2] ?? ""),
        ...m,
      });
      return void res.writeHead(200, { "content-type": "application/json" }).end("{}");
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mails,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A WhatsApp delivery as Meta posts it (for the signature tests, which sign it themselves). */
const deliveryBody = (phoneNumberId: string, from: string, text: string) =>
  JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "97330000000", phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: "Forger" }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.${from}${text.length}`,
                  timestamp: "1790000000",
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });

describe.each(testDrivers())("WhatsApp through the Cloud API on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let auth: Awaited<ReturnType<typeof startAuthStub>>;
  let meta: GraphStandIn;
  let api: ReturnType<typeof builderClient>;
  let stopWorkers: (() => Promise<void>)[] = [];
  /** Meta's clock (its own 24-hour window), moved by the tests. */
  let metaOffsetMs = 0;
  const owner: Owner = {
    sub: `auth_wa_owner_${driver}`,
    email: `wa-owner-${driver}@example.com`,
    name: "Huda",
  };
  const agent: Owner = {
    sub: `auth_wa_agent_${driver}`,
    email: `wa-agent-${driver}@example.com`,
    name: "Ali",
  };
  const free: Owner = { sub: `auth_wa_free_${driver}`, email: `wa-free-${driver}@example.com`, name: "Fay" };
  const other: Owner = {
    sub: `auth_wa_other_${driver}`,
    email: `wa-other-${driver}@example.com`,
    name: "Omar",
  };
  let botId = "";
  let number: StandInNumberCredentials;
  let channel: Channel;

  const agentToken = () => issuer.sign({ ...agent, workspaceId: owner.sub, workspaceRole: "agent" });
  const asAgent = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${t.url}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${await agentToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** Every channel job queued so far has run (customers answered, sends made, reports applied). */
  const settled = () =>
    until(
      "the channel jobs to finish",
      async () => {
        // A wait's notice is due a minute later (the busy-notice step below moves the clock to it).
        for (const kind of CHANNEL_KINDS.filter((k) => k !== CHANNEL_WAIT_JOB))
          if ((await t.app.services.jobs.pendingCount(kind)) > 0) return false;
        return true;
      },
      60_000,
    );
  const conversationOf = async (contact: string): Promise<Transcript> => {
    const list = await api.json(owner, "GET", "/api/conversations?channel=whatsapp&limit=100");
    const summary = (list.body.items as Transcript[]).find((c) => c.contact?.id === contact);
    if (!summary) throw new Error(`no conversation with ${contact}`);
    return transcriptSchema.parse((await api.json(owner, "GET", `/api/conversations/${summary._id}`)).body);
  };
  const toContact = async (contact: string) =>
    (await meta.sent(number.phoneNumberId)).filter((m) => m.to === contact);

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    auth = await startAuthStub(issuer, owner, agent);
    meta = await startGraphStandIn({ now: () => new Date(Date.now() + metaOffsetMs) });
    t = await createTestApp(
      driver,
      {
        AUTH_URL: issuer.url,
        AUTH_INTERNAL_URL: auth.url,
        AUTH_EVENTS_SECRET: EVENTS_SECRET,
        WHATSAPP_GRAPH_URL: meta.url,
      },
      { listen: true },
    );
    api = builderClient(t, issuer);
    await setPlan(t, owner.sub, "pro-monthly");
    await setPlan(t, other.sub, "pro-monthly");
    const bot = await api.createBot(owner, { name: "Kettle help", published: true });
    botId = bot._id;
    const settings = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
      languages: ["en", "ar"],
      handoff: { enabled: true, officeHours: null },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    for (const source of [
      {
        title: "Warranty",
        content: "The kettle warranty lasts two years: every Kettle Co. kettle has a two-year warranty.",
      },
      {
        title: "الضمان",
        content: "مدة ضمان الغلاية سنتان: كل غلاية من Kettle Co. عليها ضمان لمدة سنتين.",
      },
    ])
      expect((await api.addSource(owner, botId, { kind: "text", ...source })).status).toBe(201);
    await t.app.services.jobs.drain();
    number = await meta.createNumber({ displayPhoneNumber: "+973 3300 1234" });
    // The channel workers, as the server runs them (several side by side).
    stopWorkers = Array.from({ length: 3 }, () =>
      t.app.services.jobs.worker({ only: CHANNEL_KINDS }).start(50),
    );
  });
  afterAll(async () => {
    await Promise.all(stopWorkers.map((stop) => stop()));
    await t?.close();
    await meta?.close();
    await auth?.close();
    await issuer?.close();
  });

  it("connects a number only for an owner or admin on a paid plan, once Meta accepts the token", async () => {
    const input = {
      phoneNumberId: number.phoneNumberId,
      businessAccountId: number.businessAccountId,
      accessToken: number.accessToken,
      appSecret: number.appSecret,
    };
    const path = `/api/chatbots/${botId}/channels/whatsapp`;
    // A Free workspace, an agent: refused before Meta is asked.
    const freeBot = await api.createBot(free, { name: "Free bot" });
    const onFree = await api.json(free, "POST", `/api/chatbots/${freeBot._id}/channels/whatsapp`, input);
    expect(onFree.status).toBe(403);
    expect(onFree.body.error.code).toBe("PLAN_LIMIT_REACHED");
    expect(onFree.body.error.message).toBe(
      "Your Free plan does not include WhatsApp. Upgrade to Pro or Business to connect a number.",
    );
    expect((await asAgent("POST", path, input)).status).toBe(403);
    // What Meta refuses is said in words to act on.
    const badToken = await api.json(owner, "POST", path, { ...input, accessToken: "EAAGnotthetoken" });
    expect(badToken.status).toBe(422);
    expect(badToken.body.error.code).toBe("CHANNEL_REFUSED");
    expect(badToken.body.error.message).toMatch(/^Meta did not accept the access token \(error 190\)/);
    const badNumber = await api.json(owner, "POST", path, { ...input, phoneNumberId: "123456789" });
    expect(badNumber.status).toBe(422);
    expect(badNumber.body.error.message).toMatch(/^Meta does not know this phone number ID/);
    const badWaba = await api.json(owner, "POST", path, { ...input, businessAccountId: "999999" });
    expect(badWaba.status).toBe(422);
    expect(badWaba.body.error.message).toMatch(/WhatsApp Business Account ID 999999/);
    // Hostile input never reaches a URL or a query.
    for (const hostile of [
      { ...input, phoneNumberId: "../../me/accounts" },
      { ...input, phoneNumberId: "1".repeat(40) },
      { ...input, accessToken: "EAAG token with spaces" },
      { ...input, appSecret: "x\u0000y" },
      { ...input, accessToken: "a".repeat(2000) },
    ]) {
      const res = await api.json(owner, "POST", path, hostile);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
    }

    const created = await api.json(owner, "POST", path, input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    channel = created.body;
    expect(channel).toMatchObject({
      chatbotId: botId,
      kind: "whatsapp",
      status: "connected",
      displayPhoneNumber: "+973 3300 1234",
      verifiedName: "Test business",
      qualityRating: "GREEN",
      callbackUrl: `${t.url}/api/channels/whatsapp/${channel._id}/webhook`,
    });
    expect(channel.verifyToken).toMatch(/^[\w-]{32}$/);
    // The secrets are never sent back.
    expect(JSON.stringify(channel)).not.toContain(number.accessToken);
    expect(JSON.stringify(channel)).not.toContain(number.appSecret);
    // A number is connected once.
    const again = await api.json(owner, "POST", path, input);
    expect(again.status).toBe(409);
    const otherBot = await api.createBot(other, { name: "Other bot" });
    const elsewhere = await api.json(other, "POST", `/api/chatbots/${otherBot._id}/channels/whatsapp`, input);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.message).toBe(
      "This number is already connected to a Parley chatbot of another workspace.",
    );
    // Another workspace neither sees nor removes it.
    expect((await api.json(other, "GET", `/api/chatbots/${botId}/channels`)).status).toBe(404);
    expect((await api.json(other, "DELETE", `/api/channels/${channel._id}`)).status).toBe(404);
    const listed = await api.json(owner, "GET", `/api/chatbots/${botId}/channels`);
    expect(listed.body.map((c: Channel) => c._id)).toEqual([channel._id]);
    // The activity log names it.
    const log = await api.json(owner, "GET", "/api/workspace/audit-log");
    expect(JSON.stringify(log.body)).toContain("channel.connected");
  });

  it("answers Meta's handshake only with the verify token it gave", async () => {
    const handshake = (q: Record<string, string>) =>
      fetch(`${t.url}/api/channels/whatsapp/${channel._id}/webhook?${new URLSearchParams(q)}`);
    const right = await handshake({
      "hub.mode": "subscribe",
      "hub.verify_token": channel.verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("1158201444");
    for (const q of <Record<string, string>[]>[
      { "hub.mode": "subscribe", "hub.verify_token": `${channel.verifyToken}x`, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" },
      { "hub.mode": "unsubscribe", "hub.verify_token": channel.verifyToken, "hub.challenge": "1" },
      { "hub.mode": "subscribe", "hub.challenge": "1" },
    ])
      expect((await handshake(q)).status).toBe(403);
    const unknown = await fetch(
      `${t.url}/api/channels/whatsapp/chn_nosuchchannel/webhook?hub.mode=subscribe&hub.verify_token=${channel.verifyToken}&hub.challenge=1`,
    );
    expect(unknown.status).toBe(403);
    // Meta's dashboard ("Verify and save") does the same handshake, then delivers here.
    expect(await meta.subscribe(number.phoneNumberId, channel.callbackUrl, channel.verifyToken)).toEqual({
      subscribed: true,
    });
  });

  it("accepts a delivery only with a valid signature over the exact bytes, and processes nothing else", async () => {
    const url = `${t.url}/api/channels/whatsapp/${channel._id}/webhook`;
    const body = deliveryBody(number.phoneNumberId, "97339990001", "Forged question?");
    const sign = (secret: string, bytes: string) =>
      `sha256=${createHmac("sha256", secret).update(bytes).digest("hex")}`;
    const post = (bytes: string, signature?: string) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "x-hub-signature-256": signature } : {}),
        },
        body: bytes,
      });
    expect((await post(body)).status).toBe(401);
    expect((await post(body, sign("not-the-app-secret", body))).status).toBe(401);
    expect((await post(body, "sha256=zzzz")).status).toBe(401);
    expect((await post(body, sign(number.appSecret, body).toUpperCase())).status).toBe(401);
    // Signed, then changed by one byte.
    const signature = sign(number.appSecret, body);
    expect((await post(body.replace("Forged", "Forgeg"), signature)).status).toBe(401);
    // Right signature, another channel's address: refused too.
    expect(
      (
        await post(body, signature).then(() =>
          fetch(url.replace(channel._id, "chn_other"), {
            method: "POST",
            headers: { "content-type": "application/json", "x-hub-signature-256": signature },
            body,
          }),
        )
      ).status,
    ).toBe(401);
    await settled();
    const list = await api.json(owner, "GET", "/api/conversations?channel=whatsapp");
    // The one correctly signed delivery made one conversation; the refused ones nothing.
    expect(list.body.items.filter((c: Transcript) => c.contact?.id === "97339990001")).toHaveLength(1);
    // Signed but not JSON, or not a WhatsApp delivery: refused or ignored, never a 500.
    expect((await post("not json", sign(number.appSecret, "not json"))).status).toBe(400);
    const odd = JSON.stringify({ object: "page", entry: [] });
    expect(await (await post(odd, sign(number.appSecret, odd))).json()).toEqual({
      received: true,
      queued: 0,
    });
    // Signed, but not UTF-8 (a byte 0xFF in the text): refused, never stored with U+FFFD in its place.
    const [head, tail] = deliveryBody(number.phoneNumberId, "97339990002", "caf@ au lait").split("@");
    const broken = Buffer.concat([Buffer.from(head ?? ""), Buffer.from([0xff]), Buffer.from(tail ?? "")]);
    const refused = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", number.appSecret).update(broken).digest("hex")}`,
      },
      body: broken,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Not UTF-8");
    await settled();
    const after = await api.json(owner, "GET", "/api/conversations?channel=whatsapp");
    expect(after.body.items.filter((c: Transcript) => c.contact?.id === "97339990002")).toEqual([]);
  });

  it("answers a customer once, with its sources, even when Meta delivers the message twice", async () => {
    const customer = "97333000001";
    const delivered = await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Sara",
      text: "How long is the kettle warranty?",
      times: 2,
    });
    expect(delivered.delivered).toEqual([200, 200]);
    await until(
      "the answer to reach the customer",
      async () => (await toContact(customer)).length > 0,
      30_000,
    );
    await settled();
    const sent = await toContact(customer);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.type).toBe("text");
    expect(sent[0]?.text).toContain("two-year warranty");
    expect(sent[0]?.text).toMatch(/\n\nSources:\n1\. Warranty$/);
    // It quotes the question it answers, and carries our message id for Meta's statuses.
    expect(sent[0]?.replyTo).toBe(delivered.id);
    expect(sent[0]?.callbackData).toMatch(/^msg_\w+:0$/);
    // In the inbox: the customer's name and number, the exchange once, how far the reply got.
    await until("Meta's statuses to arrive", async () => {
      const c = await conversationOf(customer);
      return c.messages.at(-1)?.delivery?.status === "delivered";
    });
    const c = await conversationOf(customer);
    expect(c).toMatchObject({ channel: "whatsapp", contact: { id: customer, name: "Sara" }, language: "en" });
    expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(c.messages[0]?.content).toBe("How long is the kettle warranty?");
    expect(c.replyWindowEndsAt).not.toBeNull();
  });

  it("never moves a message's status backwards, however the reports arrive", async () => {
    const customer = "97333000001";
    await meta.read(number.phoneNumberId, customer);
    await until(
      "the read status",
      async () => (await conversationOf(customer)).messages.at(-1)?.delivery?.status === "read",
    );
    const [sent] = await toContact(customer);
    // Meta delivers statuses at least once, in any order: older ones come again.
    for (const status of ["sent", "delivered", "sent"] as const)
      expect((await meta.redeliverStatus(number.phoneNumberId, sent?.id ?? "", status)).status).toBe(200);
    await settled();
    expect((await conversationOf(customer)).messages.at(-1)?.delivery).toMatchObject({
      status: "read",
      error: null,
    });
  });

  it("applies reports that race on one message once each, its events numbered without gaps or repeats", async () => {
    const customer = "97333000011";
    await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Rana",
      text: "How long is the kettle warranty?",
    });
    await until(
      "Meta's statuses of the answer",
      async () =>
        (await conversationOf(customer).catch(() => undefined))?.messages.at(-1)?.delivery?.status ===
        "delivered",
      30_000,
    );
    const [sent] = await toContact(customer);
    // Meta delivers statuses at least once and in parallel: the read, and old ones again, at once.
    const statuses = ["read", "delivered", "sent", "read", "delivered", "read", "sent", "read"] as const;
    const results = await Promise.all(
      statuses.map((status) => meta.redeliverStatus(number.phoneNumberId, sent?.id ?? "", status)),
    );
    expect(results.map((r) => r.status)).toEqual(statuses.map(() => 200));
    const c = await conversationOf(customer);
    expect(c.messages.at(-1)?.delivery).toMatchObject({ status: "read", error: null });
    // One event per step the reply took, and the conversation's events numbered 1, 2, 3… in order.
    const events = await t.db.db
      .select({
        seq: conversationEvents.seq,
        type: conversationEvents.type,
        payload: conversationEvents.payload,
      })
      .from(conversationEvents)
      .where(eq(conversationEvents.conversationId, c._id))
      .orderBy(asc(conversationEvents.seq));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(
      events
        .filter((e) => e.type === "delivery")
        .map((e) => (e.payload as { delivery: { status: string } }).delivery.status),
    ).toEqual(["sent", "delivered", "read"]);
  });

  it("answers in the customer's language, and says politely that it reads text", async () => {
    const customer = "97333000002";
    await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Mariam",
      text: "ما مدة ضمان الغلاية؟",
    });
    await until("the Arabic answer", async () => (await toContact(customer)).length > 0, 30_000);
    const [answer] = await toContact(customer);
    expect(answer?.text).toContain("ضمان الغلاية سنتان");
    expect(answer?.text).toContain("المصادر:");
    // A picture (with no caption), then a voice note: recorded with their type, answered in Arabic.
    await meta.inbound(number.phoneNumberId, { from: customer, name: "Mariam", type: "image" });
    await until("the reply to the picture", async () => (await toContact(customer)).length > 1, 30_000);
    await settled();
    expect((await toContact(customer))[1]?.text).toBe(TEXT_ONLY_REPLY_AR);
    const c = await conversationOf(customer);
    expect(c.language).toBe("ar");
    expect(c.messages.map((m) => [m.role, m.contentType])).toEqual([
      ["user", "text"],
      ["assistant", "text"],
      ["user", "image"],
      ["assistant", "text"],
    ]);
    // An English customer's picture gets the English words.
    await meta.inbound(number.phoneNumberId, { from: "97333000009", name: "Tom", type: "audio" });
    await until(
      "the reply to the voice note",
      async () => (await toContact("97333000009")).length > 0,
      30_000,
    );
    expect((await toContact("97333000009"))[0]?.text).toBe(TEXT_ONLY_REPLY);
  });

  it("hands over to a person: asked in words or by the button, the team's reply goes out on WhatsApp", async () => {
    // Outside the knowledge: the bot says it cannot answer, with "Talk to a person" as a button.
    const customer = "97333000003";
    await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Yusuf",
      text: "Do you sell espresso machines?",
    });
    await until("the fallback", async () => (await toContact(customer)).length > 0, 30_000);
    const [fallback] = await toContact(customer);
    expect(fallback?.type).toBe("interactive");
    expect(fallback?.buttons).toEqual([{ id: "parley_handoff", title: "Talk to a person" }]);
    // The customer taps it: the conversation waits for the team, and the bot says so.
    await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Yusuf",
      type: "button_reply",
      buttonId: "parley_handoff",
      text: "Talk to a person",
      context: fallback?.id,
    });
    await until("the handoff reply", async () => (await toContact(customer)).length > 1, 30_000);
    expect((await toContact(customer))[1]?.text).toBe(
      "I'm connecting you with a member of our team. They'll reply here shortly.",
    );
    const waiting = await conversationOf(customer);
    expect(waiting.status).toBe("waiting");
    // While the team holds it, the bot stays silent.
    await meta.inbound(number.phoneNumberId, { from: customer, name: "Yusuf", text: "Hello? Anyone there?" });
    await settled();
    expect(await toContact(customer)).toHaveLength(2);
    // An agent claims it in the inbox and replies: the reply reaches the customer's phone.
    expect((await asAgent("POST", `/api/conversations/${waiting._id}/claim`)).status).toBe(200);
    const reply = await asAgent("POST", `/api/conversations/${waiting._id}/messages`, {
      content: "Hi Yusuf, this is Ali. We don't sell espresso machines, but our kettles are great!",
    });
    expect(reply.status).toBe(201);
    await until("the agent's reply on the phone", async () => (await toContact(customer)).length > 2, 30_000);
    expect((await toContact(customer))[2]?.text).toBe(
      "Hi Yusuf, this is Ali. We don't sell espresso machines, but our kettles are great!",
    );
    await until(
      "the agent's reply delivered",
      async () => (await conversationOf(customer)).messages.at(-1)?.delivery?.status === "delivered",
    );
    // Asked for in words works the same (the bot waits its shortest, 15 s, before the busy notice).
    const wait = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { handoff: { waitSeconds: 15 } });
    expect(wait.status).toBe(200);
    await meta.inbound(number.phoneNumberId, {
      from: "97333000004",
      name: "Noor",
      text: "Can I talk to a person?",
    });
    await until("the second handoff", async () => (await toContact("97333000004")).length > 0, 30_000);
    const noor = await conversationOf("97333000004");
    expect(noor.status).toBe("waiting");
    // The team's e-mail names the customer as WhatsApp knows them (not "A visitor").
    await t.app.services.jobs.drain();
    expect(auth.mails.map((m) => m.subject)).toContain("Noor wants to talk to a person (Kettle help)");
    // The customer's number and name join the lead record (stored by the turn just after it
    // queued the hand-over's reply, which may reach the phone first).
    await until("the lead", async () => (await conversationOf("97333000004")).leads.length > 0);
    expect((await conversationOf("97333000004")).leads).toEqual([
      expect.objectContaining({ phone: "97333000004", name: "Noor", email: null }),
    ]);
    // The owner's data export holds the conversation with its customer, and the lead's number.
    const archive = (await api.json(owner, "GET", "/api/export")).body as {
      chatbots: {
        conversations: {
          channel: string;
          contact: { id: string; name: string | null } | null;
          leads: { phone: string | null }[];
        }[];
      }[];
    };
    const exported = archive.chatbots
      .flatMap((b) => b.conversations)
      .find((c) => c.contact?.id === "97333000004");
    expect(exported).toMatchObject({
      channel: "whatsapp",
      contact: { id: "97333000004", name: "Noor" },
      leads: [{ phone: "97333000004" }],
    });
    // Nobody takes Noor's conversation within the bot's wait: she is told the team will answer
    // there, once. Yusuf's (claimed in time, with the 60 s wait) gets no such notice.
    await until("the busy notice", async () => (await toContact("97333000004")).length > 1, 40_000);
    expect((await toContact("97333000004")).map((m) => m.text)).toEqual([
      "I'm connecting you with a member of our team. They'll reply here shortly.",
      TEAM_BUSY_REPLY,
    ]);
    expect((await conversationOf("97333000004")).status).toBe("waiting");
    expect(await toContact(customer)).toHaveLength(3);
    const restored = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, {
      handoff: { waitSeconds: 60 },
    });
    expect(restored.status).toBe(200);
  });

  it("refuses a free-form reply 24 hours after the customer's last message, and sends an approved template", async () => {
    const customer = "97333000005";
    await meta.inbound(number.phoneNumberId, { from: customer, name: "Hamad", text: "Is there a warranty?" });
    await until("the answer", async () => (await toContact(customer)).length > 0, 30_000);
    await settled();
    const c = await conversationOf(customer);
    // A day and an hour later.
    t.app.clock.advance(25 * 3_600_000);
    metaOffsetMs += 25 * 3_600_000;
    try {
      const refused = await asAgent("POST", `/api/conversations/${c._id}/messages`, {
        content: "Still there?",
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "REPLY_WINDOW_CLOSED",
        message:
          "More than 24 hours have passed since the customer's last message, so WhatsApp allows only an approved template now.",
      });
      const listed = await asAgent("GET", `/api/conversations/${c._id}/templates`);
      expect(listed.status).toBe(200);
      // Approved ones only, with how many values each takes.
      expect(listed.body).toEqual([
        expect.objectContaining({ name: "follow_up", language: "ar", parameterCount: 2 }),
        expect.objectContaining({ name: "follow_up", language: "en", parameterCount: 2 }),
        expect.objectContaining({ name: "order_ready", language: "en", parameterCount: 1 }),
      ]);
      const wrongCount = await asAgent("POST", `/api/conversations/${c._id}/template`, {
        name: "follow_up",
        language: "en",
        parameters: ["Hamad"],
      });
      expect(wrongCount.status).toBe(400);
      expect(wrongCount.body.error.message).toBe("This template takes 2 values, not 1.");
      const paused = await asAgent("POST", `/api/conversations/${c._id}/template`, {
        name: "spring_offer",
        language: "en",
        parameters: ["x"],
      });
      expect(paused.status).toBe(404);
      const hostile = await asAgent("POST", `/api/conversations/${c._id}/template`, {
        name: "follow_up",
        language: "en",
        parameters: ["Hamad\nBcc: eve", "Ali"],
      });
      expect(hostile.status).toBe(400);
      const sent = await asAgent("POST", `/api/conversations/${c._id}/template`, {
        name: "follow_up",
        language: "en",
        parameters: ["Hamad", "Ali from Kettle Co."],
      });
      expect(sent.status).toBe(201);
      expect(sent.body.contentType).toBe("template");
      await until("the template on the phone", async () => (await toContact(customer)).length > 1, 30_000);
      const [, template] = await toContact(customer);
      expect(template).toMatchObject({
        type: "template",
        text: "Hello Hamad, this is Ali from Kettle Co. following up on your message. Reply to this message to continue the conversation.",
      });
      // Meta's own window: a free-form reply it refuses after accepting it (131047, as a status).
      // The API's clock is moved back inside the window, Meta's is not.
      t.app.clock.advance(-25 * 3_600_000);
      const lateReply = await asAgent("POST", `/api/conversations/${c._id}/messages`, {
        content: "One more thing",
      });
      expect(lateReply.status).toBe(201);
      await until("Meta's refusal on the message", async () =>
        (await conversationOf(customer)).messages.some((m) => m.delivery?.status === "failed"),
      );
      const failed = (await conversationOf(customer)).messages.find((m) => m.delivery?.status === "failed");
      expect(failed?.delivery?.error).toEqual({
        code: 131047,
        message: "Re-engagement message: Re-engagement message",
      });
      t.app.clock.advance(25 * 3_600_000);
    } finally {
      t.app.clock.advance(-25 * 3_600_000);
      metaOffsetMs -= 25 * 3_600_000;
    }
  });

  it("retries Meta's rate limits and outages, then sends; shows a customer who blocked the business", async () => {
    await meta.fault(number.phoneNumberId, "rate_limit");
    await meta.fault(number.phoneNumberId, "server_error");
    const customer = "97333000006";
    await meta.inbound(number.phoneNumberId, {
      from: customer,
      name: "Layla",
      text: "What is the kettle warranty?",
    });
    // Two refusals (429, 503), retried with backoff: the third try goes through.
    await until("the answer after the retries", async () => (await toContact(customer)).length > 0, 60_000);
    await settled();
    expect(await toContact(customer)).toHaveLength(1);
    // Undeliverable: accepted, then failed by status (131026).
    await meta.fault(number.phoneNumberId, "undeliverable");
    await meta.inbound(number.phoneNumberId, {
      from: "97333000007",
      name: "Blocked",
      text: "kettle warranty?",
    });
    await until(
      "the undeliverable status",
      async () => {
        const c = await conversationOf("97333000007").catch(() => undefined);
        return c?.messages.at(-1)?.delivery?.status === "failed";
      },
      30_000,
    );
    const blocked = (await conversationOf("97333000007")).messages.at(-1)?.delivery;
    expect(blocked?.error?.code).toBe(131026);
  });

  it("stops on a revoked token: the channel needs attention, the owner is e-mailed, nothing is retried", async () => {
    await meta.fault(number.phoneNumberId, "revoked");
    const customer = "97333000008";
    await meta.inbound(number.phoneNumberId, { from: customer, name: "Khalid", text: "kettle warranty?" });
    await until(
      "the failed reply",
      async () => {
        const c = await conversationOf(customer).catch(() => undefined);
        return c?.messages.at(-1)?.delivery?.status === "failed";
      },
      30_000,
    );
    const failed = (await conversationOf(customer)).messages.at(-1)?.delivery;
    expect(failed?.error?.code).toBe(190);
    expect(failed?.error?.message).toMatch(/^Not sent: Meta refused the number's access token/);
    const [listed] = (await api.json(owner, "GET", `/api/chatbots/${botId}/channels`)).body as Channel[];
    expect(listed?.status).toBe("needs_attention");
    expect(listed?.statusReason).toMatch(/^Meta refused the access token \(error 190\)/);
    await until(
      "the owner's e-mail",
      async () => {
        // The e-mail goes through the general queue (its worker is not running here: drained by hand).
        await t.app.services.jobs.drain();
        return auth.mails.some((m) => m.topic === "channel_needs_attention");
      },
      30_000,
    );
    const mail = auth.mails.find((m) => m.topic === "channel_needs_attention");
    expect(mail).toMatchObject({ workspaceId: owner.sub, userId: owner.sub });
    expect(mail?.subject).toBe("WhatsApp needs your attention: +973 3300 1234 stopped sending");
    // The customer's next message is kept for the team; the bot's reply is not sent to Meta.
    const before = (await meta.sent(number.phoneNumberId)).length;
    await meta.inbound(number.phoneNumberId, { from: customer, name: "Khalid", text: "hello?" });
    await until(
      "the reply marked failed",
      async () => (await conversationOf(customer)).messages.length === 4,
      30_000,
    );
    await settled();
    expect((await meta.sent(number.phoneNumberId)).length).toBe(before);
    expect((await conversationOf(customer)).messages.at(-1)?.delivery?.error?.message).toMatch(
      /^Not sent: the WhatsApp connection needs attention/,
    );
  });

  it("disconnects: Meta's deliveries are refused from then on", async () => {
    expect((await asAgent("DELETE", `/api/channels/${channel._id}`)).status).toBe(403);
    expect((await api.json(owner, "DELETE", `/api/channels/${channel._id}`)).status).toBe(204);
    expect((await api.json(owner, "GET", `/api/chatbots/${botId}/channels`)).body).toEqual([]);
    const after = await meta.inbound(number.phoneNumberId, { from: "97333000010", text: "anyone?" });
    expect(after.delivered).toEqual([401]);
  });

  it("goes with the account: deleting the user erases their numbers' credentials and receipts", async () => {
    // A number of the other workspace's (whose user then deletes their account).
    const theirNumber = await meta.createNumber();
    const otherBot = await api.createBot(other, { name: "Other kettles", published: true });
    const connected = await api.json(other, "POST", `/api/chatbots/${otherBot._id}/channels/whatsapp`, {
      phoneNumberId: theirNumber.phoneNumberId,
      businessAccountId: theirNumber.businessAccountId,
      accessToken: theirNumber.accessToken,
      appSecret: theirNumber.appSecret,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const theirs = connected.body as Channel;
    await meta.subscribe(theirNumber.phoneNumberId, theirs.callbackUrl, theirs.verifyToken);
    expect(
      (await meta.inbound(theirNumber.phoneNumberId, { from: "97333000011", text: "hello" })).delivered,
    ).toEqual([200]);
    const body = JSON.stringify({
      id: "evt_delete_whatsapp_other",
      type: "user.deleted",
      occurredAt: new Date().toISOString(),
      data: { userId: other.sub, email: other.email },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/internal/auth-events",
      headers: { "content-type": "application/json", ...signWebhook(EVENTS_SECRET, body) },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.db.select().from(channels).where(eq(channels.workspaceId, other.sub))).toEqual([]);
    expect(
      await t.db.db.select().from(channelReceipts).where(eq(channelReceipts.channelId, theirs._id)),
    ).toEqual([]);
    // Meta's next delivery finds no channel: refused, nothing processed.
    expect(
      (await meta.inbound(theirNumber.phoneNumberId, { from: "97333000011", text: "still there?" }))
        .delivered,
    ).toEqual([401]);
  });
});
