import { widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../auth/test/flows";
import { setPlan, testDrivers } from "../harness";
import { type SseEvent, sseEvents } from "../sse-client";
import { callApi, type Person, type Services, signUp, startServices } from "./services";

const visitor = "visitorTeamLive000000000";

/**
 * Live chat with a real team (both services over HTTP): two agents claiming at once, and a member
 * removed while their event stream is open.
 */
describe.each(testDrivers())("live chat in a shared workspace on %s", (driver) => {
  let s: Services;
  let owner: Person;
  let agentA: Person;
  let agentB: Person;
  let botId = "";

  async function inviteAndJoin(email: string): Promise<Person> {
    const since = s.smtp.mails.length;
    const res = await owner.browser.post("/organization/invite-member", {
      email,
      role: "agent",
      organizationId: owner.userId,
    });
    expect(res.status, res.body).toBe(200);
    const mail = await s.smtp.waitFor(email, /invited you to/, { since });
    const link = mail.links.find((l) => l.includes("/invitations/")) ?? "";
    const person = await signUp(s, email);
    const invitationId = decodeURIComponent(link.split("/invitations/")[1] ?? "");
    expect((await person.browser.post("/organization/accept-invitation", { invitationId })).status).toBe(200);
    expect(
      (await person.browser.post("/organization/set-active", { organizationId: owner.userId })).status,
    ).toBe(200);
    return person;
  }

  const waitingConversation = async () => {
    const started = await fetch(`${s.api.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    const conv = widgetConversationSchema.parse(await started.json())._id;
    const handoff = await fetch(`${s.api.url}/api/widget/${botId}/conversations/${conv}/handoff`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    expect(handoff.status).toBe(200);
    return conv;
  };

  beforeAll(async () => {
    s = await startServices(driver);
    owner = await signUp(s);
    await setPlan(s.api, owner.userId, "pro-monthly");
    const created = await callApi(s, await owner.token(), "POST", "/api/chatbots", {
      name: "Kettle help",
      published: true,
      handoff: { enabled: true, officeHours: null },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    botId = String(created.json._id);
    agentA = await inviteAndJoin(uniqueEmail("agent-a"));
    agentB = await inviteAndJoin(uniqueEmail("agent-b"));
  });
  afterAll(async () => {
    await s?.close();
  });

  it("two agents claim at once: one wins, the other is told who has it", async () => {
    const conv = await waitingConversation();
    const [tokenA, tokenB] = await Promise.all([agentA.token(), agentB.token()]);
    const results = await Promise.all([
      callApi(s, tokenA, "POST", `/api/conversations/${conv}/claim`),
      callApi(s, tokenB, "POST", `/api/conversations/${conv}/claim`),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)?.json as { assignee: { id: string; name: string } };
    const loser = results.find((r) => r.status === 409);
    expect(loser?.json.error?.message).toBe(`${winner.assignee.name} is already handling this conversation.`);
    const loserToken = winner.assignee.id === agentA.userId ? tokenB : tokenA;
    // The loser cannot reply over the winner either; the owner can hand it back to the bot.
    const refused = await callApi(s, loserToken, "POST", `/api/conversations/${conv}/messages`, {
      content: "Hi",
    });
    expect(refused.status).toBe(409);
    // Nor hand it back or close it under the winner's hands: told who handles it, nothing changes.
    for (const action of ["release", "close"]) {
      const ended = await callApi(s, loserToken, "POST", `/api/conversations/${conv}/${action}`);
      expect(ended.status, action).toBe(403);
      expect(ended.json.error?.message).toBe(
        `${winner.assignee.name} is handling this conversation. Only they, an owner or an admin can hand it back or close it.`,
      );
    }
    const transcript = await callApi(s, await owner.token(), "GET", `/api/conversations/${conv}`);
    expect(transcript.json).toMatchObject({ status: "claimed", assignee: { id: winner.assignee.id } });
    // The owner can hand it back to the bot.
    const released = await callApi(s, await owner.token(), "POST", `/api/conversations/${conv}/release`);
    expect(released.json).toMatchObject({ status: "bot", assignee: null });
  });

  it("the member handling a conversation hands it back and closes it themselves", async () => {
    const conv = await waitingConversation();
    const token = await agentA.token();
    expect((await callApi(s, token, "POST", `/api/conversations/${conv}/claim`)).status).toBe(200);
    const released = await callApi(s, token, "POST", `/api/conversations/${conv}/release`);
    expect(released.json).toMatchObject({ status: "bot", assignee: null });
    // Back with the bot, any member may close it (nobody's hands are on it).
    const closed = await callApi(s, await agentB.token(), "POST", `/api/conversations/${conv}/close`);
    expect(closed.json).toMatchObject({ status: "closed" });
  });

  it("a removed member's open stream stops before the next event, and their calls are refused", async () => {
    const token = await agentB.token();
    const res = await fetch(`${s.api.url}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const stream = sseEvents(res);
    expect((await stream.next())?.event).toBe("ready");
    const removed = await owner.browser.post("/organization/remove-member", {
      memberIdOrEmail: agentB.email,
      organizationId: owner.userId,
    });
    expect(removed.status, removed.body).toBe(200);
    // Something happens in the workspace: the removed member must not see it.
    const conv = await waitingConversation();
    const seen: SseEvent[] = await stream.rest();
    // The stream ends with "gone". Before it, at most the last test's events (a close published a
    // few milliseconds after its call answered), never this conversation's.
    expect(seen.at(-1)?.event, JSON.stringify(seen)).toBe("gone");
    expect(JSON.stringify(seen)).not.toContain(conv);
    const refused = await callApi(s, token, "POST", `/api/conversations/${conv}/claim`);
    expect(refused.status).toBe(403);
    expect(refused.json.error?.code).toBe("NOT_A_MEMBER");
    const again = await fetch(`${s.api.url}/api/events`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(403);
  });
});
