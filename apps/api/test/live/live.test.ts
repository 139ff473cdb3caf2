import net from "node:net";
import { handoffResultSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationEvents, messages } from "../../src/db/schema";
import { createLiveRepo, type StoredEvent } from "../../src/modules/conversations/live.repo";
import { LIVE_CHANNEL } from "../../src/modules/conversations/live-hub";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse, type SseEvent, sseEvents } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const visitorA = "visitorAAAAAAAAAAAAAAAA";
const visitorB = "visitorBBBBBBBBBBBBBBBB";

type Stream = ReturnType<typeof sseEvents> & { res: Response; seen: SseEvent[] };

/** The next event of `type` (and `match`; others before it are kept in `seen`), or a failure after 5 s. */
async function nextOf(
  stream: Stream,
  type: string,
  match: (data: unknown) => boolean = () => true,
): Promise<SseEvent> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no "${type}" event; saw ${stream.seen.map((e) => e.event).join(", ")}`);
    const e = await Promise.race([
      stream.next(),
      new Promise<"timeout">((r) => setTimeout(() => r("timeout"), left)),
    ]);
    if (e === "timeout" || e === undefined)
      throw new Error(
        `no "${type}" event (${e ?? "ended"}); saw ${stream.seen.map((x) => x.event).join(", ")}`,
      );
    stream.seen.push(e);
    if (e.event === type && match(e.data)) return e;
  }
}

describe.each(testDrivers())("live chat on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_live_owner", email: "owner@shop.example", name: "Mona" };
  const stranger: Owner = { sub: "auth_live_other", email: "other@else.example", name: "Eve" };
  let botId = "";
  const open: Stream[] = [];

  const widget = (
    method: string,
    p: string,
    opts: { visitor?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${t.url}/api/widget/${botId}${p}`, {
      method,
      headers: {
        ...(opts.visitor ? { "x-parley-visitor": opts.visitor } : {}),
        ...(opts.body === undefined ? {} : { "content-type": "application/json" }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  const team = async (who: Owner, method: string, p: string, body?: unknown) =>
    api.json(who, method, p, body);
  const start = async (visitor = visitorA) =>
    widgetConversationSchema.parse(await (await widget("POST", "/conversations", { visitor })).json())._id;
  const handoffOf = async (res: Response) => handoffResultSchema.parse(await res.json());
  const conversationOf = async (res: Response) => widgetConversationSchema.parse(await res.json());
  const stream = async (res: Response): Promise<Stream> => {
    const s = Object.assign(sseEvents(res), { res, seen: [] as SseEvent[] });
    open.push(s);
    return s;
  };
  const visitorStream = async (conv: string, visitor = visitorA, lastEventId?: string) =>
    stream(
      await widget("GET", `/conversations/${conv}/events`, {
        visitor,
        headers: lastEventId ? { "last-event-id": lastEventId } : {},
      }),
    );
  const teamStream = async (who: Owner, lastEventId?: string) =>
    stream(
      await fetch(`${t.url}/api/events`, {
        headers: {
          authorization: `Bearer ${await issuer.sign(who)}`,
          ...(lastEventId ? { "last-event-id": lastEventId } : {}),
        },
      }),
    );
  const ask = async (conv: string, content: string, visitor = visitorA) =>
    readSse(await widget("POST", `/conversations/${conv}/messages`, { visitor, body: { content } }));

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    const bot = await api.createBot(owner, { name: "Shop helper", leadCapture: true });
    botId = bot._id;
    await api.addSource(owner, botId, {
      kind: "text",
      title: "Delivery",
      content: "We deliver across Bahrain within two days. Orders above 20 BHD ship free.",
    });
    await t.app.services.jobs.drain();
    const published = await team(owner, "PATCH", `/api/chatbots/${botId}`, { published: true });
    expect(published.status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.cancel().catch(() => {})));
    await t?.close();
    await issuer?.close();
  });

  it("refuses a handoff while the bot does not offer a person", async () => {
    const conv = await start();
    const res = await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "This chat does not offer a person to talk to.",
    );
    // And "human" is then just a question for the bot.
    const events = await ask(conv, "human");
    expect(events.map((e) => e.event)).not.toContain("handoff");
    expect(events.at(-1)?.data).not.toHaveProperty("held");
  });

  it("hands a conversation to a person and back, live on both sides, each event once", async () => {
    expect(
      (
        await team(owner, "PATCH", `/api/chatbots/${botId}`, {
          handoff: { enabled: true, officeHours: null },
        })
      ).status,
    ).toBe(200);
    const conv = await start();
    const visitor = await visitorStream(conv);
    expect(visitor.res.headers.get("content-type")).toContain("text/event-stream");
    expect((await nextOf(visitor, "ready")).data).toEqual({ resumed: false });
    const desk = await teamStream(owner);
    await nextOf(desk, "ready");

    // The visitor asks for a person: the bot says so, the conversation waits for the team.
    const handoff = await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA });
    expect(handoff.status).toBe(200);
    const result = await handoffOf(handoff);
    expect(result).toMatchObject({ status: "waiting", withinHours: true, offerLead: false });
    expect(result.reply?.content).toContain("connecting you with a member of our team");
    const reply = await nextOf(visitor, "message");
    expect(reply.id).toBe("1");
    expect(reply.data).toMatchObject({ message: { role: "assistant", _id: result.reply?._id } });
    const waiting = await nextOf(visitor, "status");
    expect(waiting.id).toBe("2");
    expect(waiting.data).toMatchObject({ status: "waiting", assignee: null });
    expect((await nextOf(desk, "status")).data).toMatchObject({ conversationId: conv, status: "waiting" });
    // Asking again changes nothing.
    expect(
      await (await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA })).json(),
    ).toMatchObject({
      status: "waiting",
      reply: null,
    });

    // The owner claims it; the visitor sees the name, never the member's id.
    const claim = await team(owner, "POST", `/api/conversations/${conv}/claim`);
    expect(claim.status).toBe(200);
    expect(claim.body).toMatchObject({ status: "claimed", assignee: { id: owner.sub, name: "Mona" } });
    const claimed = await nextOf(visitor, "status");
    expect(claimed.data).toEqual({
      type: "status",
      conversationId: conv,
      status: "claimed",
      assignee: { name: "Mona" },
      waitingSince: expect.any(String),
    });

    // A reply by the member reaches the visitor live, with the name.
    const sent = await team(owner, "POST", `/api/conversations/${conv}/messages`, {
      content: "Hi, Mona here. How can I help?",
    });
    expect(sent.status).toBe(201);
    const agentMessage = await nextOf(visitor, "message");
    expect(agentMessage.data).toMatchObject({
      message: { role: "agent", content: "Hi, Mona here. How can I help?", author: { name: "Mona" } },
    });
    expect(JSON.stringify(agentMessage.data)).not.toContain(owner.sub);

    // The visitor writes: the bot stays silent, the team sees it live.
    const held = await ask(conv, "Where is my order 1234?");
    expect(held.map((e) => e.event)).toEqual(["start", "done"]);
    expect(held[1]?.data).toMatchObject({ held: true, messageId: null });
    // The team's stream carried the member's own reply, then the visitor's message.
    expect((await nextOf(desk, "message")).data).toMatchObject({ message: { role: "agent" } });
    expect((await nextOf(desk, "message")).data).toMatchObject({
      conversationId: conv,
      message: { role: "user", content: "Where is my order 1234?" },
    });

    // A visitor who reconnects after event 1 gets 2, 3, 4, 5 once, in order.
    const resumed = await visitorStream(conv, visitorA, "1");
    expect((await nextOf(resumed, "ready")).data).toEqual({ resumed: true });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const e = await Promise.race([
        resumed.next(),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 3000)),
      ]);
      if (e?.id) ids.push(e.id);
    }
    expect(ids).toEqual(["2", "3", "4", "5"]);

    // The transcript after a reload holds the agent's message and the status.
    const reloaded = await conversationOf(
      await widget("GET", `/conversations/${conv}`, { visitor: visitorA }),
    );
    expect(reloaded.status).toBe("claimed");
    expect(reloaded.agent).toEqual({ name: "Mona" });
    expect(reloaded.lastEventId).toBe(5);
    expect(reloaded.messages.map((m) => m.role)).toEqual(["assistant", "agent", "user"]);

    // Back to the bot: it answers the next question.
    expect((await team(owner, "POST", `/api/conversations/${conv}/release`)).body).toMatchObject({
      status: "bot",
    });
    expect((await nextOf(visitor, "status")).data).toMatchObject({ status: "bot", assignee: null });
    const answer = await ask(conv, "Do you deliver in Bahrain?");
    expect(answer.map((e) => e.event)).toContain("delta");
    expect(answer.at(-1)?.data).toMatchObject({ answered: true });
  });

  it("closes: a member's reply is refused until the visitor writes again", async () => {
    const conv = await start();
    await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA });
    expect((await team(owner, "POST", `/api/conversations/${conv}/close`)).body).toMatchObject({
      status: "closed",
    });
    const refused = await team(owner, "POST", `/api/conversations/${conv}/messages`, {
      content: "Still there?",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "This conversation is closed. It reopens when the visitor writes again.",
    );
    const answer = await ask(conv, "Do you deliver in Bahrain?");
    expect(answer.at(-1)?.data).toMatchObject({ answered: true });
    const after = await conversationOf(await widget("GET", `/conversations/${conv}`, { visitor: visitorA }));
    expect(after.status).toBe("bot");
  });

  it("treats 'talk to a person' as a handoff, and offers a person after a fallback", async () => {
    const conv = await start();
    const events = await ask(conv, "Can I speak to someone please?");
    expect(events.map((e) => e.event)).toEqual(["start", "handoff", "done"]);
    expect(events[1]?.data).toMatchObject({ status: "waiting", withinHours: true });
    const other = await start();
    const fallback = await ask(other, "What is the airspeed of an unladen swallow?");
    expect(fallback.at(-1)?.data).toMatchObject({ answered: false, offerHandoff: true });
  });

  it("outside office hours the bot says so and offers the contact form; nobody is asked", async () => {
    const closedAllWeek = { timeZone: "Asia/Bahrain", days: [null, null, null, null, null, null, null] };
    await team(owner, "PATCH", `/api/chatbots/${botId}`, {
      handoff: { enabled: true, officeHours: closedAllWeek },
    });
    const conv = await start();
    const result = await handoffOf(
      await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA }),
    );
    expect(result).toMatchObject({ status: "bot", withinHours: false, offerLead: true });
    expect(result.reply?.content).toContain("Our team is away right now");
    // An answer the bot cannot give offers no person while nobody is in (the widget shows the form).
    const fallback = await ask(conv, "Do you repair bicycles on Mars?");
    expect(fallback.at(-1)?.data).toMatchObject({ answered: false });
    expect(fallback.at(-1)?.data).not.toHaveProperty("offerHandoff");
    await team(owner, "PATCH", `/api/chatbots/${botId}`, { handoff: { enabled: true, officeHours: null } });
  });

  it("keeps other visitors and other workspaces out", async () => {
    const conv = await start();
    await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorA });
    // Another visitor: the conversation does not exist for them.
    expect((await widget("GET", `/conversations/${conv}/events`, { visitor: visitorB })).status).toBe(404);
    expect((await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorB })).status).toBe(404);
    // No visitor id at all.
    expect((await widget("GET", `/conversations/${conv}/events`)).status).toBe(400);
    // Another workspace's member: not found on every team route.
    for (const p of ["claim", "release", "close", "typing"])
      expect((await team(stranger, "POST", `/api/conversations/${conv}/${p}`)).status).toBe(404);
    expect(
      (await team(stranger, "POST", `/api/conversations/${conv}/messages`, { content: "hi" })).status,
    ).toBe(404);
    // Their event stream never carries this workspace's events.
    const theirs = await teamStream(stranger);
    await nextOf(theirs, "ready");
    const mine = await teamStream(owner);
    await nextOf(mine, "ready");
    await team(owner, "POST", `/api/conversations/${conv}/claim`);
    await nextOf(mine, "status");
    await theirs.cancel();
    expect(theirs.seen.map((e) => e.event)).toEqual(["ready"]);
    // A visitor cannot post as the team: extra fields are ignored, the message is the visitor's.
    await team(owner, "POST", `/api/conversations/${conv}/release`);
    const forged = await widget("POST", `/conversations/${conv}/messages`, {
      visitor: visitorA,
      body: { content: "I am the team", role: "agent", authorName: "Mona" },
    });
    await readSse(forged);
    const rows = await t.db.db.select().from(messages);
    const stored = rows.find((m) => m.content === "I am the team");
    expect(stored).toMatchObject({ role: "user", authorName: null, authorId: null });
    // The playground is not a live conversation.
    const events = await t.db.db.select().from(conversationEvents);
    expect(events.every((e) => e.workspaceId === owner.sub)).toBe(true);
  });

  it("shows the team the visitor typing while a person has the conversation, and only then", async () => {
    expect(
      (
        await team(owner, "PATCH", `/api/chatbots/${botId}`, {
          handoff: { enabled: true, officeHours: null },
        })
      ).status,
    ).toBe(200);
    const visitorC = "visitorCCCCCCCCCCCCCCCC";
    const conv = await start(visitorC);
    const mine = await teamStream(owner);
    await nextOf(mine, "ready");
    // With the bot: accepted, and nobody is told.
    expect((await widget("POST", `/conversations/${conv}/typing`, { visitor: visitorC })).status).toBe(204);
    // Waiting for a person: the team sees it (no name: it is the visitor).
    await widget("POST", `/conversations/${conv}/handoff`, { visitor: visitorC });
    await nextOf(mine, "status", (d) => (d as { conversationId: string }).conversationId === conv);
    expect((await widget("POST", `/conversations/${conv}/typing`, { visitor: visitorC })).status).toBe(204);
    const typing = await nextOf(mine, "typing");
    expect(typing.data).toEqual({ conversationId: conv, name: null });
    // Nothing typed before the handoff reached the team.
    expect(mine.seen.filter((e) => e.event === "typing")).toHaveLength(1);
    // Another visitor, or none: the conversation does not exist for them.
    expect((await widget("POST", `/conversations/${conv}/typing`, { visitor: visitorB })).status).toBe(404);
    expect((await widget("POST", `/conversations/${conv}/typing`)).status).toBe(400);
    // A flood is cut at the team's own typing limit.
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++)
      statuses.push((await widget("POST", `/conversations/${conv}/typing`, { visitor: visitorC })).status);
    expect(statuses).toContain(429);
    await mine.cancel();
  });

  it("refuses a member's message over the visitors' size limit, and an empty one", async () => {
    const conv = await start();
    expect(
      (await team(owner, "POST", `/api/conversations/${conv}/messages`, { content: "x".repeat(5000) }))
        .status,
    ).toBe(400);
    expect(
      (await team(owner, "POST", `/api/conversations/${conv}/messages`, { content: "   " })).status,
    ).toBe(400);
  });

  it("limits open streams per visitor", async () => {
    const conv = await start(visitorB);
    const streams: Stream[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await visitorStream(conv, visitorB);
      await nextOf(s, "ready");
      streams.push(s);
    }
    const refused = await widget("GET", `/conversations/${conv}/events`, { visitor: visitorB });
    expect(refused.status).toBe(429);
    await streams[0]?.cancel();
    // The slot is free once the stream is gone.
    const deadline = Date.now() + 5000;
    let status = 429;
    while (status === 429 && Date.now() < deadline) {
      const res = await widget("GET", `/conversations/${conv}/events`, { visitor: visitorB });
      status = res.status;
      if (status === 200) await stream(res);
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    for (const s of streams) await s.cancel();
  });

  /** Closes every stream the earlier tests left open, and waits until the server has let go of them. */
  const closeOpen = async () => {
    await Promise.all(open.splice(0).map((s) => s.cancel().catch(() => {})));
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const c = t.app.services.liveHub.counts();
      if (c.visitors === 0 && c.team === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("streams still open");
  };

  it("limits open team streams per member", async () => {
    await closeOpen();
    const streams: Stream[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await teamStream(owner);
      await nextOf(s, "ready");
      streams.push(s);
    }
    const refused = await fetch(`${t.url}/api/events`, {
      headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Too many open dashboard tabs. Close one and try again.",
    );
    for (const s of streams) await s.cancel();
  });

  it("disconnects a reader that stops reading instead of holding its events in memory", async () => {
    await closeOpen();
    const conv = await start();
    const { port } = new URL(t.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `GET /api/widget/${botId}/conversations/${conv}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nx-parley-visitor: ${visitorA}\r\n\r\n`,
    );
    // Wait for the stream to open, then stop reading: the kernel's buffers fill, then the server's.
    await new Promise<void>((resolve) => {
      let seen = "";
      const onData = (c: Buffer) => {
        seen += c.toString();
        if (seen.includes("event: ready")) {
          socket.off("data", onData);
          socket.pause();
          resolve();
        }
      };
      socket.on("data", onData);
    });
    expect(t.app.services.liveHub.counts().visitors).toBe(1);
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    // Typing signals with a long name (about 7 KB each, under NOTIFY's limit), sent through the real
    // bus in batches that wait for the bus to deliver them, until the server gives up on this reader.
    const name = "x".repeat(7000);
    let delivered = 0;
    const unsubscribe = t.app.pubsub.subscribe(LIVE_CHANNEL, () => {
      delivered++;
    });
    let sent = 0;
    while (t.app.services.liveHub.counts().visitors > 0 && sent < 5000) {
      for (let i = 0; i < 50; i++) t.app.services.liveHub.typing(owner.sub, conv, name, "visitor");
      sent += 50;
      const deadline = Date.now() + 5000;
      while (delivered < sent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    }
    unsubscribe();
    expect(t.app.services.liveHub.counts().visitors).toBe(0);
    socket.destroy();
    await closed;
  });

  it("sends a team member an event that committed after a later-numbered one (ids are not commit order)", async () => {
    await closeOpen();
    // Two real events in the workspace, one per conversation.
    const [a, b] = [await start(), await start()];
    await widget("POST", `/conversations/${a}/handoff`, { visitor: visitorA });
    await widget("POST", `/conversations/${b}/handoff`, { visitor: visitorA });
    const repo = createLiveRepo(t.db.db);
    const latest = await repo.latestWorkspaceEventId(owner.sub);
    const stored = (await repo.workspaceEventsAfter(owner.sub, latest - 4, 10)).filter(
      (e) => e.event.type === "status",
    );
    const [first, second] = stored;
    expect(first && second && first.id < second.id).toBe(true);
    const desk = await teamStream(owner);
    await nextOf(desk, "ready");
    // As when the lower-numbered transaction commits (and publishes) last: the higher one first.
    await t.app.services.liveHub.publish([second as StoredEvent, first as StoredEvent]);
    expect((await nextOf(desk, "status")).id).toBe(String(second?.id));
    expect((await nextOf(desk, "status")).id).toBe(String(first?.id));
    // A member who resumes after the higher id still gets the lower one (it may have committed
    // after they saw the higher one); the inbox skips ids it has already seen.
    const resumed = await teamStream(owner, String(second?.id));
    expect((await nextOf(resumed, "ready")).data).toEqual({ resumed: true });
    await nextOf(resumed, "status", (d) => (d as { conversationId: string }).conversationId === a);
  });
});
