import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  analyticsSchema,
  type ConversationPage,
  type ConversationSummary,
  conversationPageSchema,
  transcriptSchema,
} from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids";
import { createConversationsRepo } from "../../src/modules/conversations/conversations.repo";
import { createLiveRepo, type TransitionPlan } from "../../src/modules/conversations/live.repo";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * The auth service as the API sees it: its keys (from the token issuer) and its answer to "is this
 * user a member of that workspace, with which role?" for the members listed here.
 */
async function startAuthStub(issuer: TokenIssuer, members: Map<string, "admin" | "agent">) {
  const server: Server = createServer(async (req, res) => {
    if (req.url === "/jwks") {
      const keys = await (await fetch(`${issuer.url}/jwks`)).text();
      res.writeHead(200, { "content-type": "application/json" }).end(keys);
      return;
    }
    const m = /^\/internal\/workspaces\/([^/]+)\/members\/([^/?]+)/.exec(req.url ?? "");
    const role = m
      ? members.get(`${decodeURIComponent(m[1] ?? "")}/${decodeURIComponent(m[2] ?? "")}`)
      : undefined;
    if (!role) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ role }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Live chat in the inbox: status, assignee and waiting time on every conversation, the status and
 * `assignee=me` filters, waiting conversations first (with a cursor that neither skips nor repeats),
 * search by the customer's name and e-mail, agents' names on their messages, and the live
 * analytics. Conversations are written through the conversations module's repositories, as the
 * widget and live chat write them.
 */
describe.each(testDrivers())("live chat in the inbox and analytics on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let auth: Awaited<ReturnType<typeof startAuthStub>>;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_owner22", email: "owner22@example.com", name: "Huda" };
  const outsider: Owner = { sub: "auth_outsider22", email: "outsider22@example.com", name: "Omar" };
  // Two agents of the owner's workspace (their tokens name it; the auth stub vouches for them).
  const amal = { sub: "auth_amal22", email: "amal22@example.com", name: "Amal" };
  const badr = { sub: "auth_badr22", email: "badr22@example.com", name: "Badr" };
  const members = new Map<string, "admin" | "agent">([
    [`${owner.sub}/${amal.sub}`, "agent"],
    [`${owner.sub}/${badr.sub}`, "agent"],
  ]);

  let botId = "";
  let outsiderBotId = "";
  /** The conversations by name, and the moment the fixture was written. */
  const conv: Record<string, string> = {};
  let base = new Date();

  const asMember = async (who: typeof amal, method: string, p: string) => {
    const token = await issuer.sign({ ...who, workspaceId: owner.sub, workspaceRole: "agent" });
    const res = await fetch(`${t.url}${p}`, { method, headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const list = async (who: Owner | typeof amal, query = ""): Promise<ConversationPage> => {
    const res =
      who === amal || who === badr
        ? await asMember(who, "GET", `/api/conversations${query}`)
        : await api.json(who as Owner, "GET", `/api/conversations${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return conversationPageSchema.parse(res.body);
  };
  const ids = (page: ConversationPage) => page.items.map((c) => c._id);
  /** Ids in ascending order (ties in waiting time), or descending (ties in last message). */
  const asc = (...names: string[]) => names.map((n) => conv[n] ?? "").sort();
  const desc = (...names: string[]) => asc(...names).reverse();
  const at = (seconds: number) => new Date(base.getTime() + seconds * 1000);
  const visitorOf = (name: string) => `visitor_${name}_0000000000`;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    auth = await startAuthStub(issuer, members);
    t = await createTestApp(driver, { AUTH_URL: issuer.url, AUTH_INTERNAL_URL: auth.url }, { listen: true });
    api = builderClient(t, issuer);
    botId = (await api.createBot(owner, { name: "Gift shop", published: true }))._id;
    outsiderBotId = (await api.createBot(outsider, { name: "Other shop", published: true }))._id;

    const conversations = createConversationsRepo(t.db.db);
    const live = createLiveRepo(t.db.db);
    base = new Date(Math.floor(t.app.clock.now().getTime() / 1000) * 1000);
    /** A widget conversation with one visitor question, its last message at `second`. */
    /** Each conversation's workspace: live changes are made as its team. */
    const owners: Record<string, string> = {};
    const start = async (name: string, second: number, bot = botId, workspaceId = owner.sub) => {
      const id = newId("conv");
      conv[name] = id;
      owners[name] = workspaceId;
      await conversations.create({
        id,
        chatbotId: bot,
        workspaceId,
        channel: "widget",
        visitorId: visitorOf(name),
        createdAt: at(second),
        lastMessageAt: at(second),
      });
      await conversations.addMessage(
        {
          id: newId("msg"),
          conversationId: id,
          chatbotId: bot,
          workspaceId,
          role: "user",
          content: `Question from ${name}`,
          createdAt: at(second),
        },
        { touch: true, firstQuestion: `Question from ${name}` },
      );
      return id;
    };
    const change = async (name: string, plan: TransitionPlan) => {
      const done = await live.transition(
        conv[name] ?? "",
        { team: { workspaceId: owners[name] ?? "" } },
        () => ({ ...plan, result: null }),
      );
      expect(done, name).toBeDefined();
    };
    const agentMessage = (name: string, who: typeof amal, second: number) => ({
      id: newId("msg"),
      conversationId: conv[name] ?? "",
      chatbotId: botId,
      workspaceId: owner.sub,
      role: "agent" as const,
      content: `Hello, ${who.name} here.`,
      authorId: who.sub,
      authorName: who.name,
      createdAt: at(second),
    });

    // Visitors' messages at 1..9 s. Waiting: gus longest (since 20 s), then dan and eve since the
    // same moment (25 s, in id order). Claimed: cal by Amal (replied at 60 s), fay by Badr (at
    // 130 s). Hal: Amal replied at 60 s too, then handed it back to the bot. Closed: bea.
    for (const [i, name] of ["ann", "bea", "cal", "dan", "eve", "fay", "gus", "hal", "ivy"].entries())
      await start(name, i + 1);
    await change("gus", { patch: { status: "waiting", waitingSince: at(20), firstHandoffAt: at(20) } });
    for (const name of ["dan", "eve"])
      await change(name, { patch: { status: "waiting", waitingSince: at(25), firstHandoffAt: at(25) } });
    // Cal: asked at 30 s, Amal replied 30 s later. Fay: asked at 40 s, Badr replied 90 s later.
    await change("cal", {
      patch: {
        status: "claimed",
        assigneeId: amal.sub,
        assigneeName: amal.name,
        waitingSince: at(30),
        firstHandoffAt: at(30),
        firstHumanReplyAt: at(60),
      },
      messages: [agentMessage("cal", amal, 60)],
    });
    await change("fay", {
      patch: {
        status: "claimed",
        assigneeId: badr.sub,
        assigneeName: badr.name,
        waitingSince: at(40),
        firstHandoffAt: at(40),
        firstHumanReplyAt: at(130),
      },
      messages: [agentMessage("fay", badr, 130)],
    });
    // Hal: asked at 50 s, Amal replied 10 s later, then handed back to the bot.
    await change("hal", {
      patch: {
        status: "bot",
        assigneeId: null,
        assigneeName: null,
        waitingSince: null,
        firstHandoffAt: at(50),
        firstHumanReplyAt: at(60),
      },
      messages: [agentMessage("hal", amal, 60)],
    });
    await change("bea", { patch: { status: "closed", closedAt: at(70) } });

    // Verified customers label two conversations (as the widget's identity check does).
    await conversations.assignToCustomer(botId, visitorOf("ann"), {
      userId: "cust_1",
      email: "Zainab_K@Example.com",
      name: "Zainab Al-Khalifa",
    });
    await conversations.assignToCustomer(botId, visitorOf("ivy"), {
      userId: "cust_2",
      email: "ali100@example.com",
      name: "Ali Hassan",
    });

    // Another workspace's waiting conversation, with a customer named like the owner's.
    await start("other", 5, outsiderBotId, outsider.sub);
    await change("other", { patch: { status: "waiting", waitingSince: at(10), firstHandoffAt: at(10) } });
    await conversations.assignToCustomer(outsiderBotId, visitorOf("other"), {
      userId: "cust_3",
      email: "zainab@elsewhere.example",
      name: "Zainab Elsewhere",
    });
  });
  afterAll(async () => {
    await t?.close();
    await auth?.close();
    await issuer?.close();
  });

  it("lists waiting conversations first, longest waiting first, then the rest by last message", async () => {
    const page = await list(owner);
    expect(ids(page)).toEqual([
      conv.gus,
      ...asc("dan", "eve"),
      conv.fay,
      ...desc("cal", "hal"),
      conv.ivy,
      conv.bea,
      conv.ann,
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it("shows each conversation's status, who handles it and since when it waits", async () => {
    const byId = new Map((await list(owner)).items.map((c) => [c._id, c]));
    const of = (name: string) => byId.get(conv[name] ?? "") as ConversationSummary;
    expect(of("gus")).toMatchObject({
      status: "waiting",
      assignee: null,
      waitingSince: at(20).toISOString(),
    });
    expect(of("cal")).toMatchObject({
      status: "claimed",
      assignee: { id: amal.sub, name: "Amal" },
      waitingSince: at(30).toISOString(),
    });
    expect(of("fay").assignee).toEqual({ id: badr.sub, name: "Badr" });
    expect(of("bea")).toMatchObject({ status: "closed", assignee: null, waitingSince: null });
    expect(of("hal")).toMatchObject({ status: "bot", assignee: null, waitingSince: null });
    expect(of("ann")).toMatchObject({ status: "bot", customer: { name: "Zainab Al-Khalifa" } });
  });

  it("pages across the waiting block and the rest without skipping or repeating a row", async () => {
    const all = ids(await list(owner, "?limit=100"));
    expect(all).toHaveLength(9);
    for (const limit of [1, 2, 3, 4, 5, 8, 9]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ConversationPage = await list(
          owner,
          `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        expect(page.items.length, `limit ${limit}`).toBeLessThanOrEqual(limit);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen, `limit ${limit}`).toEqual(all);
      expect(pages, `limit ${limit}`).toBe(Math.ceil(all.length / limit));
    }
    // The same within a filter: the waiting block alone, and the rest alone.
    const waiting = await list(owner, "?status=waiting&limit=2");
    const more = await list(owner, `?status=waiting&limit=2&cursor=${waiting.nextCursor}`);
    expect([...ids(waiting), ...ids(more)]).toEqual(all.slice(0, 3));
    expect(more.nextCursor).toBeNull();
  });

  it("a cursor from before the waiting block (last message|id) still continues by last message", async () => {
    const fay = (await list(owner)).items.find((c) => c._id === conv.fay) as ConversationSummary;
    const legacy = Buffer.from(`${fay.lastMessageAt}|${fay._id}`).toString("base64url");
    expect(ids(await list(owner, `?cursor=${legacy}`))).toEqual([
      ...desc("cal", "hal"),
      conv.ivy,
      conv.bea,
      conv.ann,
    ]);
  });

  it("refuses a forged cursor with 400, whatever it holds", async () => {
    const forged = [
      "not-base64-at-all!!",
      Buffer.from("w|yesterday|conv_x").toString("base64url"),
      Buffer.from("x|2026-01-01T00:00:00.000Z|conv_x").toString("base64url"),
      // Dates that do not exist, or that the database would refuse.
      Buffer.from("m|2026-02-31T00:00:00.000Z|conv_x").toString("base64url"),
      Buffer.from("w|2026-01-01T24:00:00.000Z|conv_x").toString("base64url"),
      Buffer.from("m|0000-01-01T00:00:00.000Z|conv_x").toString("base64url"),
      Buffer.from("m|2026-01-01T00:00:00.1234567Z|conv_x").toString("base64url"),
      Buffer.from(`m|2026-01-01T00:00:00.000Z|${"x".repeat(201)}`).toString("base64url"),
      Buffer.from("m|2026-01-01T00:00:00Z'); drop table conversations; --|conv_x").toString("base64url"),
      Buffer.from("m|2026-01-01T00:00:00.000Z|conv\u0000x").toString("base64url"),
      Buffer.from("m|2026-01-01T00:00:00.000Z|a|b").toString("base64url"),
    ];
    for (const cursor of forged) {
      const res = await api.json(owner, "GET", `/api/conversations?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
    }
    // A well-formed cursor naming a conversation that does not exist just continues after its key.
    const odd = Buffer.from(`m|${at(5).toISOString()}|conv_' or 1=1 --`).toString("base64url");
    expect(ids(await list(owner, `?cursor=${odd}`))).toEqual([conv.bea, conv.ann]);
    expect((await list(owner)).items).toHaveLength(9);
  });

  it("filters by status", async () => {
    expect(ids(await list(owner, "?status=waiting"))).toEqual([conv.gus, ...asc("dan", "eve")]);
    expect(ids(await list(owner, "?status=claimed"))).toEqual([conv.fay, conv.cal]);
    expect(ids(await list(owner, "?status=closed"))).toEqual([conv.bea]);
    expect(ids(await list(owner, "?status=bot"))).toEqual([conv.hal, conv.ivy, conv.ann]);
    // Combined with the other filters.
    expect(ids(await list(owner, "?status=waiting&limit=1"))).toEqual([conv.gus]);
    expect(ids(await list(owner, "?status=claimed&q=zainab"))).toEqual([]);
    for (const bad of ["open", "WAITING", "waiting,claimed", ""]) {
      const res = await api.json(owner, "GET", `/api/conversations?status=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it("assignee=me lists the signed-in member's conversations only", async () => {
    expect(ids(await list(amal, "?assignee=me"))).toEqual([conv.cal]);
    expect(ids(await list(badr, "?assignee=me"))).toEqual([conv.fay]);
    expect(ids(await list(amal, "?assignee=me&status=waiting"))).toEqual([]);
    expect(ids(await list(owner, "?assignee=me"))).toEqual([]);
    // Agents see the whole workspace inbox otherwise.
    expect(await list(amal)).toEqual(await list(owner));
    // Only "me": another member's id is not a filter one can pass.
    for (const bad of [badr.sub, "ME", "me ", "%"]) {
      const res = await asMember(amal, "GET", `/api/conversations?assignee=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it("another workspace sees none of these conversations, whatever the filter", async () => {
    expect(ids(await list(outsider, "?status=waiting"))).toEqual([conv.other]);
    expect(ids(await list(outsider, "?status=claimed"))).toEqual([]);
    expect(ids(await list(outsider, "?assignee=me"))).toEqual([]);
    expect(ids(await list(outsider, "?q=zainab"))).toEqual([conv.other]);
    expect(ids(await list(owner, "?status=waiting"))).not.toContain(conv.other);
    expect((await api.json(outsider, "GET", `/api/conversations/${conv.cal}`)).status).toBe(404);
    // A token naming the owner's workspace, held by someone who is not a member of it: refused.
    const token = await issuer.sign({ ...outsider, workspaceId: owner.sub, workspaceRole: "agent" });
    const res = await fetch(`${t.url}/api/conversations?status=waiting`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "NOT_A_MEMBER" } });
  });

  it("search finds the customer's name and e-mail, case-insensitively, besides message text", async () => {
    expect(ids(await list(owner, "?q=zainab"))).toEqual([conv.ann]);
    expect(ids(await list(owner, "?q=AL-KHALIFA"))).toEqual([conv.ann]);
    expect(ids(await list(owner, `?q=${encodeURIComponent("zainab_k@example")}`))).toEqual([conv.ann]);
    expect(ids(await list(owner, "?q=ali100"))).toEqual([conv.ivy]);
    expect(ids(await list(owner, "?q=hassan"))).toEqual([conv.ivy]);
    // Message text still matches (every conversation asked "Question from …").
    expect(ids(await list(owner, "?q=gus"))).toEqual([conv.gus]);
    expect((await list(owner, "?q=question")).items).toHaveLength(9);
    expect(ids(await list(owner, "?q=nobody-by-this-name"))).toEqual([]);
  });

  it("search treats % and _ as themselves, and SQL-like text as text", async () => {
    // `_` matches only a real underscore (Zainab_K), not any one character.
    expect(ids(await list(owner, "?q=_"))).toEqual([conv.ann]);
    expect(ids(await list(owner, `?q=${encodeURIComponent("zainab_k")}`))).toEqual([conv.ann]);
    expect(ids(await list(owner, `?q=${encodeURIComponent("zainabXk")}`))).toEqual([]);
    // `%` matches nothing: no name, e-mail or message holds one.
    for (const q of ["%", "%%", "ali%", "%@%", "\\", "\\%", "a\\", "[a-z]*", "'", '"', "' or '1'='1"])
      expect(ids(await list(owner, `?q=${encodeURIComponent(q)}`)), q).toEqual([]);
    const hostile = "'); delete from conversations; --";
    expect(ids(await list(owner, `?q=${encodeURIComponent(hostile)}`))).toEqual([]);
    expect((await list(owner)).items).toHaveLength(9);
  });

  it("names the member who wrote each agent message in the transcript", async () => {
    const res = await asMember(amal, "GET", `/api/conversations/${conv.cal}`);
    expect(res.status).toBe(200);
    const tr = transcriptSchema.parse(res.body);
    expect(tr).toMatchObject({ status: "claimed", assignee: { id: amal.sub, name: "Amal" } });
    expect(tr.messages.map((m) => [m.role, m.author])).toEqual([
      ["user", null],
      ["agent", { id: amal.sub, name: "Amal" }],
    ]);
    const fay = transcriptSchema.parse((await api.json(owner, "GET", `/api/conversations/${conv.fay}`)).body);
    expect(fay.messages.find((m) => m.role === "agent")?.author).toEqual({ id: badr.sub, name: "Badr" });
    expect((await api.json(outsider, "GET", `/api/conversations/${conv.fay}`)).status).toBe(404);
  });

  it("reports the live analytics: handoff rate, time to the first human reply, resolution", async () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    // The fixture's moments span at most a few minutes from `base`: a three-day range holds them.
    const range = `from=${day(new Date(base.getTime() - 86_400_000))}&to=${day(new Date(base.getTime() + 86_400_000))}`;
    const a = analyticsSchema.parse((await api.json(owner, "GET", `/api/analytics?${range}`)).body);
    // Nine conversations; six asked for a person (gus, dan, eve, cal, fay, hal). Replies by a
    // person after 30 s (cal), 90 s (fay) and 10 s (hal): median 30, p90 = 30 + 0.8 × 60 = 78.
    expect(a.totals.conversations).toBe(9);
    expect(a.live).toMatchObject({ handoffs: 6, resolvedByBot: 6, resolvedByPerson: 3 });
    expect(a.live.handoffRate).toBeCloseTo(6 / 9, 10);
    expect(a.live.firstHumanReplySeconds.median).toBeCloseTo(30, 6);
    expect(a.live.firstHumanReplySeconds.p90).toBeCloseTo(78, 6);
    // One bot: the same; the other workspace: only its own conversation.
    const bot = analyticsSchema.parse(
      (await api.json(owner, "GET", `/api/analytics?${range}&chatbotId=${botId}`)).body,
    );
    expect(bot.live).toEqual(a.live);
    const theirs = analyticsSchema.parse((await api.json(outsider, "GET", `/api/analytics?${range}`)).body);
    expect(theirs.live).toEqual({
      handoffRate: 1,
      handoffs: 1,
      firstHumanReplySeconds: { median: null, p90: null },
      resolvedByBot: 1,
      resolvedByPerson: 0,
    });
    // A period with no conversations: no rate, no times.
    const empty = analyticsSchema.parse(
      (await api.json(owner, "GET", "/api/analytics?from=2020-01-01&to=2020-01-31")).body,
    );
    expect(empty.live).toEqual({
      handoffRate: null,
      handoffs: 0,
      firstHumanReplySeconds: { median: null, p90: null },
      resolvedByBot: 0,
      resolvedByPerson: 0,
    });
  });
});
