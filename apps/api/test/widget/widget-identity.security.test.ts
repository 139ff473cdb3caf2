import { createHmac } from "node:crypto";
import {
  conversationPageSchema,
  identitySecretCreatedSchema,
  identitySecretInfoSchema,
  launcherStatusSchema,
  widgetConversationSchema,
  widgetSessionSchema,
} from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbots } from "../../src/db/schema";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

// Verified customers: a business signs its customer's id with the bot's identity secret (on its
// own server) and the widget passes id, e-mail, name and that signature. Everything short of a
// valid signature for this bot leaves the visitor anonymous and reaches no customer's data.

const sign = (secret: string, id: string) => createHmac("sha256", secret).update(id, "utf8").digest("hex");
const header = (customer: unknown) => Buffer.from(JSON.stringify(customer), "utf8").toString("base64url");

const laptop = "laptopVisitorLaptopVisitor";
const phone = "phoneVisitorPhoneVisitor00";
const stranger = "strangerVisitorStranger000";

describe.each(testDrivers("either"))("verified customers on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_idv_owner", email: "owner@shop.example", name: "Olga Owner" };
  const rival: Owner = { sub: "auth_idv_rival", email: "rival@else.example", name: "Rex Rival" };
  let bot = "";
  let other = "";
  let secret = "";
  let otherSecret = "";

  const widget = (
    chatbotId: string,
    method: string,
    p: string,
    opts: { visitor?: string; customer?: string; body?: unknown } = {},
  ) =>
    fetch(`${t.url}/api/widget/${chatbotId}${p}`, {
      method,
      headers: {
        ...(opts.visitor ? { "x-parley-visitor": opts.visitor } : {}),
        ...(opts.customer !== undefined ? { "x-parley-customer": opts.customer } : {}),
        ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  const session = async (chatbotId: string, visitor: string, customer?: string) => {
    const res = await widget(chatbotId, "POST", "/session", { visitor, customer });
    expect(res.status).toBe(200);
    return widgetSessionSchema.parse(await res.json());
  };
  const sara = () =>
    header({ userId: "cust_42", userHash: sign(secret, "cust_42"), email: "sara@x.example", name: "Sara Q" });

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    await api.json(owner, "GET", "/api/chatbots");
    await setPlan(t, owner.sub, "business-monthly");
    bot = (await api.createBot(owner, { name: "Shop", published: true }))._id;
    other = (await api.createBot(owner, { name: "Other shop", published: true }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  describe("the identity secret", () => {
    it("is off until made, shown once when made, and afterwards only hinted at", async () => {
      const before = await api.json(owner, "GET", `/api/chatbots/${bot}/identity`);
      expect(before.status).toBe(200);
      expect(identitySecretInfoSchema.parse(before.body)).toEqual({
        enabled: false,
        hint: null,
        createdAt: null,
        createdBy: null,
        usable: false,
      });

      const made = await api.json(owner, "POST", `/api/chatbots/${bot}/identity/secret`);
      expect(made.status).toBe(201);
      const created = identitySecretCreatedSchema.parse(made.body);
      secret = created.secret;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(created).toMatchObject({
        enabled: true,
        hint: secret.slice(-4),
        usable: true,
        createdBy: { name: "Olga Owner", email: "owner@shop.example" },
      });

      const after = await api.json(owner, "GET", `/api/chatbots/${bot}/identity`);
      expect(after.body).toEqual({ ...created, secret: undefined });
      expect(JSON.stringify(after.body)).not.toContain(secret);
      // Neither the bot's own settings nor the database row give it back.
      expect(JSON.stringify((await api.json(owner, "GET", `/api/chatbots/${bot}`)).body)).not.toContain(
        secret,
      );
      const [row] = await t.db.db.select().from(chatbots).where(eq(chatbots.id, bot));
      expect(row?.identitySecret).toMatch(/^v1\./);
      expect(row?.identitySecret).not.toContain(secret);

      otherSecret = identitySecretCreatedSchema.parse(
        (await api.json(owner, "POST", `/api/chatbots/${other}/identity/secret`)).body,
      ).secret;
      expect(otherSecret).not.toBe(secret);
    });

    it("belongs to the bot's owner only", async () => {
      for (const [method, p] of [
        ["GET", "/identity"],
        ["POST", "/identity/secret"],
        ["DELETE", "/identity/secret"],
      ] as const) {
        const res = await api.json(rival, method, `/api/chatbots/${bot}${p}`);
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain(secret);
      }
      expect((await fetch(`${t.url}/api/chatbots/${bot}/identity`)).status).toBe(401);
      expect((await fetch(`${t.url}/api/chatbots/${bot}/identity/secret`, { method: "POST" })).status).toBe(
        401,
      );
      // The rival's attempts changed nothing.
      expect((await session(bot, laptop, sara())).identity.status).toBe("verified");
    });
  });

  describe("a verified customer", () => {
    it("takes over this browser's anonymous conversation and finds it on another device", async () => {
      // Anonymous first, on the laptop.
      const started = await widget(bot, "POST", "/conversations", { visitor: laptop });
      const conv = widgetConversationSchema.parse(await started.json())._id;
      const asked = await widget(bot, "POST", `/conversations/${conv}/messages`, {
        visitor: laptop,
        body: { content: "Where is my order?" },
      });
      await readSse(asked);
      expect((await session(bot, laptop)).conversation?._id).toBe(conv);

      // Signed in on the shop's site: the same browser's conversation becomes Sara's.
      const verified = await session(bot, laptop, sara());
      expect(verified.identity).toEqual({ status: "verified", message: null });
      expect(verified.conversation?._id).toBe(conv);
      expect(verified.conversation?.messages.map((m) => m.content)[0]).toBe("Where is my order?");

      // Her phone (another visitor id) with the same signed id finds it and can continue it.
      const onPhone = await session(bot, phone, sara());
      expect(onPhone.conversation?._id).toBe(conv);
      const more = await widget(bot, "POST", `/conversations/${conv}/messages`, {
        visitor: phone,
        customer: sara(),
        body: { content: "And the delivery fee?" },
      });
      expect(more.status).toBe(200);
      await readSse(more);

      // The inbox shows who she is.
      const inbox = conversationPageSchema.parse(
        (await api.json(owner, "GET", `/api/conversations?chatbotId=${bot}`)).body,
      );
      expect(inbox.items.find((c) => c._id === conv)?.customer).toEqual({
        id: "cust_42",
        email: "sara@x.example",
        name: "Sara Q",
      });
    });

    it("is never reachable by visitor id alone, even on the browser she used", async () => {
      const conv = (await session(bot, phone, sara())).conversation?._id ?? "";
      expect(conv).not.toBe("");
      // Signed out on the laptop: the next person there sees nothing of hers.
      expect((await session(bot, laptop)).conversation).toBeNull();
      for (const visitor of [laptop, phone, stranger]) {
        expect((await widget(bot, "GET", `/conversations/${conv}`, { visitor })).status).toBe(404);
        expect(
          (await widget(bot, "POST", `/conversations/${conv}/messages`, { visitor, body: { content: "hi" } }))
            .status,
        ).toBe(404);
      }
    });

    it("starts new conversations as hers when signed", async () => {
      const res = await widget(bot, "POST", "/conversations", { visitor: stranger, customer: sara() });
      const conv = widgetConversationSchema.parse(await res.json())._id;
      const page = conversationPageSchema.parse(
        (await api.json(owner, "GET", `/api/conversations?chatbotId=${bot}`)).body,
      );
      expect(page.items.find((c) => c._id === conv)?.customer?.id).toBe("cust_42");
      expect((await widget(bot, "GET", `/conversations/${conv}`, { visitor: stranger })).status).toBe(404);
    });
  });

  describe("refused identities stay anonymous and reach nothing", () => {
    const refusedWith = async (customer: string, visitor = stranger, chatbotId = bot) => {
      const s = await session(chatbotId, visitor, customer);
      expect(s.identity.status).toBe("refused");
      expect(s.conversation).toBeNull();
      return s.identity.message ?? "";
    };
    const saraConversation = async () => (await session(bot, phone, sara())).conversation?._id ?? "";

    it("a forged signature", async () => {
      const forged = header({ userId: "cust_42", userHash: "ab".repeat(32) });
      expect(await refusedWith(forged)).toContain('userHash is not the signature of userId "cust_42"');
      expect(
        (
          await widget(bot, "GET", `/conversations/${await saraConversation()}`, {
            visitor: stranger,
            customer: forged,
          })
        ).status,
      ).toBe(404);
    });

    it("a valid signature of another id", async () => {
      const swapped = header({ userId: "cust_42", userHash: sign(secret, "cust_43") });
      await refusedWith(swapped);
      expect(
        (
          await widget(bot, "GET", `/conversations/${await saraConversation()}`, {
            visitor: stranger,
            customer: swapped,
          })
        ).status,
      ).toBe(404);
    });

    it("a signature made with another bot's secret, and a signed id replayed on another bot", async () => {
      await refusedWith(header({ userId: "cust_42", userHash: sign(otherSecret, "cust_42") }));
      // Sara's header, valid for the shop's bot, means nothing to the other bot.
      expect(await refusedWith(sara(), stranger, other)).toContain(`chatbot ${other}`);
    });

    it("an id the business signed with a secret since rotated", async () => {
      const old = sara();
      const rotated = identitySecretCreatedSchema.parse(
        (await api.json(owner, "POST", `/api/chatbots/${bot}/identity/secret`)).body,
      );
      await refusedWith(old);
      secret = rotated.secret;
      expect((await session(bot, stranger, sara())).identity.status).toBe("verified");
    });

    it("malformed, oversized and NUL-bearing identities", async () => {
      const ok = sign(secret, "cust_42");
      const cases: [string, string][] = [
        [header({ userId: "cust_42" }), "userHash"],
        [header({ userId: "", userHash: sign(secret, "") }), "userId is empty"],
        [
          header({ userId: "x".repeat(257), userHash: sign(secret, "x".repeat(257)) }),
          "userId is longer than 256",
        ],
        [
          header({ userId: "cust\u000042", userHash: sign(secret, "cust\u000042") }),
          "userId contains control characters",
        ],
        [header({ userId: "cust_42", userHash: ok, name: "Sara\u0000" }), "name contains control characters"],
        [header({ userId: "cust_42", userHash: ok, name: "n".repeat(121) }), "name is longer than 120"],
        [header({ userId: "cust_42", userHash: ok, email: "not-an-email" }), "email is not a valid"],
        [header({ userId: "cust_42", userHash: `${ok}00` }), "userHash must be"],
        [header({ userId: 42, userHash: ok }), "userId"],
        [header(["cust_42", ok]), "identity"],
        ["%%%not-base64%%%", "not readable"],
        [Buffer.from("{not json").toString("base64url"), "not readable"],
        ["A".repeat(2049), "too long"],
      ];
      for (const [value, expected] of cases) {
        expect(await refusedWith(value), value.slice(0, 40)).toContain(expected);
      }
      // None of these reads Sara's conversation either.
      const conv = await saraConversation();
      for (const [value] of cases) {
        expect(
          (await widget(bot, "GET", `/conversations/${conv}`, { visitor: stranger, customer: value })).status,
        ).toBe(404);
      }
    });

    it("a bot without identity verification, or whose secret this server can no longer read", async () => {
      const plain = (await api.createBot(owner, { name: "Plain", published: true }))._id;
      expect(
        await refusedWith(header({ userId: "cust_42", userHash: sign(secret, "cust_42") }), stranger, plain),
      ).toContain("identity verification is not set up");
      // A sealed secret copied onto another bot's row does not open there (it is bound to its bot).
      const [row] = await t.db.db.select().from(chatbots).where(eq(chatbots.id, bot));
      await t.db.db
        .update(chatbots)
        .set({ identitySecret: row?.identitySecret })
        .where(eq(chatbots.id, plain));
      // That write went around the chatbots module: the widget's bot cache would see it only when
      // its entry expires, so the test drops the entry as the module's own writes do.
      t.app.services.caches.bots.invalidate(plain);
      expect(
        await refusedWith(header({ userId: "cust_42", userHash: sign(secret, "cust_42") }), stranger, plain),
      ).toContain("can no longer read");
      expect(
        identitySecretInfoSchema.parse((await api.json(owner, "GET", `/api/chatbots/${plain}/identity`)).body)
          .usable,
      ).toBe(false);
    });

    it("after the owner turns verification off", async () => {
      const off = await api.json(owner, "DELETE", `/api/chatbots/${other}/identity/secret`);
      expect(off.body).toMatchObject({ enabled: false, hint: null });
      await refusedWith(
        header({ userId: "cust_42", userHash: sign(otherSecret, "cust_42") }),
        stranger,
        other,
      );
    });
  });

  describe("the loader's one question", () => {
    const launcher = async (chatbotId: string, origin?: string) => {
      const res = await fetch(`${t.url}/api/widget/${chatbotId}/launcher`, {
        headers: origin ? { origin } : {},
      });
      expect(res.status).toBe(200);
      if (origin) expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      return launcherStatusSchema.parse(await res.json());
    };

    it("says yes with the theme on an allowed site, and why not everywhere else", async () => {
      const draft = (await api.createBot(owner, { name: "Draft" }))._id;
      expect(await launcher(draft, "https://shop.example")).toEqual({
        available: false,
        reason: `Chatbot ${draft} is not published. Publish it in the Parley dashboard to show the chat.`,
      });
      expect(await launcher("cb_gone", "https://shop.example")).toEqual({
        available: false,
        reason: "There is no chatbot cb_gone: it was deleted, or the data-chatbot-id is wrong.",
      });
      await api.json(owner, "PATCH", `/api/chatbots/${draft}`, {
        published: true,
        allowedDomains: ["shop.example"],
        theme: { primaryColor: "#0f766e" },
      });
      expect(await launcher(draft, "https://shop.example")).toEqual({
        available: true,
        theme: { primaryColor: "#0f766e", position: "bottom-right", launcherText: "Chat with us" },
        lang: "en",
        dir: "ltr",
        labels: { close: "Close chat", dismiss: "Dismiss greeting", unread: "{n} new", title: "Chat" },
      });
      expect(await launcher(draft, "http://localhost:8080")).toEqual({
        available: false,
        reason: `This chat is not enabled on http://localhost:8080. Add localhost:8080 to the allowed domains of chatbot ${draft} in the Parley dashboard (Embed tab).`,
      });
      // Other public routes keep the visitor-facing wording, which reveals nothing.
      await api.json(owner, "PATCH", `/api/chatbots/${draft}`, { published: false });
      const start = await fetch(`${t.url}/api/widget/${draft}/conversations`, {
        method: "POST",
        headers: { "x-parley-visitor": stranger },
      });
      expect(((await start.json()) as { error: { message: string } }).error.message).toBe(
        "This chat is not available",
      );
    });
  });
});
