import { conversationPageSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduledJobs } from "../../src/jobs";
import { startJobs } from "../../src/lib/jobs";
import { createLifecycleService } from "../../src/modules/inbox/lifecycle.service";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

const DAY = 86_400_000;

/**
 * Retention runs by itself: the server's own job set (what server.ts starts) deletes conversations
 * past their bot's retention days. The data is made through the real API; only the app clock moves.
 */
describe.each(testDrivers())("scheduled retention on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let stopJobs = () => {};
  // Two owners (a Free plan has one bot each): one keeps conversations a day, the other a month.
  const brisk: Owner = { sub: "auth_retention_1", email: "brisk@example.com", name: "Brisk" };
  const keeper: Owner = { sub: "auth_retention_30", email: "keeper@example.com", name: "Keeper" };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
  });
  afterAll(async () => {
    stopJobs();
    await t?.close();
    await issuer?.close();
  });

  const chat = async (botId: string, visitor: string) => {
    const start = await fetch(`${t.url}/api/widget/${botId}/conversations`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor },
    });
    const { _id } = (await start.json()) as { _id: string };
    const res = await fetch(`${t.url}/api/widget/${botId}/conversations/${_id}/messages`, {
      method: "POST",
      headers: { "x-parley-visitor": visitor, "content-type": "application/json" },
      body: JSON.stringify({ content: "Are you open on Fridays?" }),
    });
    await readSse(res);
    return _id;
  };
  const inboxIds = async () => {
    const ids: string[] = [];
    for (const owner of [brisk, keeper]) {
      const res = await fetch(`${t.url}/api/conversations?limit=100`, {
        headers: { authorization: `Bearer ${await issuer.sign(owner)}` },
      });
      ids.push(...conversationPageSchema.parse(await res.json()).items.map((c) => c._id));
    }
    return ids;
  };

  it("deletes expired conversations on schedule, and only those", async () => {
    const api = builderClient(t, issuer);
    const brief = await api.createBot(brisk, { name: "Brief memory", published: true, retentionDays: 1 });
    const long = await api.createBot(keeper, { name: "Long memory", published: true, retentionDays: 30 });
    const expired = await chat(brief._id, "visitorRetention00000001");
    const kept = await chat(long._id, "visitorRetention00000002");

    t.app.clock.advance(2 * DAY);
    const fresh = await chat(brief._id, "visitorRetention00000003");
    expect(await inboxIds()).toEqual(expect.arrayContaining([expired, kept, fresh]));

    stopJobs = startJobs(scheduledJobs(t.app.services, 1000), t.app.log);
    const deadline = Date.now() + 15_000;
    while ((await inboxIds()).includes(expired)) {
      if (Date.now() > deadline)
        throw new Error("the scheduled retention job did not delete the conversation");
      await new Promise((r) => setTimeout(r, 200));
    }
    const left = await inboxIds();
    expect(left).toContain(kept);
    expect(left).toContain(fresh);
    expect(left).not.toContain(expired);
  });

  it("works through a backlog in batches until nothing expired is left", async () => {
    stopJobs();
    t.app.clock.advance(40 * DAY);
    const lifecycle = createLifecycleService({ db: t.db.db, now: t.app.clock.now, retentionBatch: 1 });
    expect(await lifecycle.applyRetention()).toEqual({ deleted: 2 });
    expect(await inboxIds()).toEqual([]);
  });
});
