import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { type ChannelRow, chatbots } from "../../db/schema";
import { createHotCache } from "../../lib/hot-cache";
import { createChannelsRepo } from "./channels.repo";

/**
 * A deleted account's channels leave the cache only once the deletion committed. A webhook delivery
 * read between the cache's drop and the commit would otherwise cache the old row again, and the
 * deleted channel would keep taking deliveries (and fail storing them) for the cache's TTL.
 * Postgres only: PGlite has one connection, so nothing can read beside an open transaction there.
 */
describe.skipIf(!process.env.DATABASE_URL)("channels repository on postgres", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it("drops a deleted workspace's channels from the cache after the commit, not before", async () => {
    const cache = createHotCache<ChannelRow>("channel-test", { ttlMs: 60_000 });
    const repo = createChannelsRepo(t.db.db, cache);
    await t.db.db.insert(chatbots).values({
      id: "bot_gone",
      workspaceId: "user_gone",
      name: "Kettles",
      instructions: "",
      greeting: "Hi",
      fallbackReply: "Sorry",
      theme: { primaryColor: "#2563eb", position: "bottom-right", launcherText: "Chat" },
    });
    const row = await repo.insert({
      id: "ch_gone",
      workspaceId: "user_gone",
      chatbotId: "bot_gone",
      kind: "whatsapp",
      phoneNumberId: "100200300",
      businessAccountId: "400500600",
      accessTokenSealed: "sealed",
      appSecretSealed: "sealed",
      verifyTokenSealed: "sealed",
    });
    expect((await repo.byId(row.id))?.id).toBe(row.id);

    let afterCommit: (() => void) | undefined;
    await t.db.db.transaction(async (tx) => {
      afterCommit = await repo.eraseWorkspace(tx, "user_gone");
      // A delivery beside the deletion, before it commits: it still sees the channel (and caches it).
      expect((await repo.byId(row.id))?.id).toBe(row.id);
    });
    // Committed, but the step after the commit has not run: the cache still holds the old row.
    expect((await repo.byId(row.id))?.id).toBe(row.id);
    afterCommit?.();
    expect(await repo.byId(row.id)).toBeUndefined();
  });
});
