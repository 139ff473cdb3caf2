// Inbox paging at 100,000 conversations (issue: "paging that stays fast at 100,000 conversations").
// Seeds one owner's bot with 100k conversations and 200k messages in SQL, then times the inbox
// list: first page, a page deep in (keyset cursor), a filter, and a text search. One JSON line
// per driver.
import type { DbDriver } from "@parley/db";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { createTestApp, setPlan } from "../test/harness";

const N = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

async function run(driver: DbDriver) {
  const t = await createTestApp(driver);
  try {
    const owner = "bench_inbox_owner";
    await setPlan(t, owner, "business-monthly");
    const bot = await t.app.services.chatbots.create(owner, { name: "Inbox bench" });
    const seedStart = performance.now();
    await t.db.db.execute(sql`
      insert into conversations (id, chatbot_id, owner_id, channel, visitor_id, created_at, last_message_at,
        message_count, first_question, has_lead, unanswered_count, up_count, down_count)
      select 'conv_b' || g, ${bot._id}, ${owner}, 'widget', 'vis_b' || g,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval,
        2, 'Question number ' || g || ' about ' || (array['delivery','refunds','opening hours','gift cards','warranty'])[1 + g % 5],
        g % 50 = 0, case when g % 7 = 0 then 1 else 0 end, case when g % 11 = 0 then 1 else 0 end, case when g % 13 = 0 then 1 else 0 end
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`
      insert into messages (id, conversation_id, chatbot_id, owner_id, role, content, answered, created_at)
      select 'msg_q' || g, 'conv_b' || g, ${bot._id}, ${owner}, 'user',
        'Question number ' || g || ' about ' || (array['delivery','refunds','opening hours','gift cards','warranty'])[1 + g % 5],
        null, now() - (g || ' minutes')::interval
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`
      insert into messages (id, conversation_id, chatbot_id, owner_id, role, content, answered, created_at)
      select 'msg_a' || g, 'conv_b' || g, ${bot._id}, ${owner}, 'assistant',
        case when g % 7 = 0 then 'Sorry, I do not know.' else 'Here is what I found about ' || (array['shipping','returns','hours','vouchers','repairs'])[1 + g % 5] end,
        g % 7 <> 0, now() - (g || ' minutes')::interval + interval '2 seconds'
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const [deep] = rowsOf<{ last_message_at: Date | string; id: string }>(
      await t.db.db.execute(
        sql`select last_message_at, id from conversations where owner_id = ${owner} order by last_message_at desc, id desc offset ${Math.floor(N / 2)} limit 1`,
      ),
    );
    const cursor = Buffer.from(`${new Date(deep?.last_message_at ?? 0).toISOString()}|${deep?.id}`).toString(
      "base64url",
    );
    const cases: Record<string, Parameters<typeof t.app.services.inbox.list>[1]> = {
      firstPage: { limit: 25 },
      deepPage: { limit: 25, cursor },
      unanswered: { limit: 25, unanswered: true },
      hasLead: { limit: 25, hasLead: true },
      search: { limit: 25, q: "gift cards" },
    };
    const out: Record<string, number> = {};
    for (const [name, filters] of Object.entries(cases)) {
      for (let i = 0; i < 5; i++) await t.app.services.inbox.list(owner, filters);
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        const page = await t.app.services.inbox.list(owner, filters);
        times.push(performance.now() - started);
        if (page.items.length === 0) throw new Error(`${name}: empty page`);
      }
      out[`${name}P95`] = pct(times, 95);
    }
    process.stdout.write(
      `${JSON.stringify({ figure: "inbox-paging", driver, conversations: N, seedSeconds, ...out })}\n`,
    );
  } finally {
    await t.close();
  }
}

const drivers: DbDriver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
for (const d of drivers) await run(d);
