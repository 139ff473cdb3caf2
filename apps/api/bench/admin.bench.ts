// The operator's console at 100,000 workspaces (issue #33: "lists are keyset-paginated and stay
// under 100 ms p95 on 100,000 workspaces"). Seeds 100k people (each with a personal workspace and
// its subscription) and 100k payments in SQL, then times the console's reads through its service:
// a search by a whole address, by part of an address, by payment reference; the payments list's
// first page, a page deep in (keyset cursor), and one state. The auth service is not running
// (its part of a search is answered "partial"): this measures the API's own queries.
// One JSON line per driver.
import type { DbDriver } from "@parley/db";
import { rowsOf } from "@parley/db";
import { sql } from "drizzle-orm";
import { encodePageCursor } from "../src/lib/page-cursor";
import { createTestApp } from "../test/harness";

const N = Number(process.env.BENCH_WORKSPACES ?? 100_000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

async function run(driver: DbDriver) {
  // Nothing listens on port 9: the auth service's part of a search fails at once.
  const t = await createTestApp(driver, { AUTH_INTERNAL_URL: "http://127.0.0.1:9" });
  try {
    const seedStart = performance.now();
    const [free] = rowsOf<{ id: string }>(
      await t.db.db.execute(sql`select id from plans where tier = 0 limit 1`),
    );
    const [pro] = rowsOf<{ id: string }>(
      await t.db.db.execute(sql`select id from plans where code = 'pro-monthly' limit 1`),
    );
    await t.db.db.execute(sql`
      insert into platform_users (id, name, email, role)
      select 'usr_b' || g, 'Customer ' || g, 'customer' || g || '@shop' || (g % 997) || '.example.com', 'user'
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`
      insert into subscriptions (id, user_id, plan_id, status, current_period_start, current_period_end)
      select 'sub_b' || g, 'usr_b' || g, case when g % 10 = 0 then ${pro?.id} else ${free?.id} end, 'active',
        now() - interval '10 days', case when g % 10 = 0 then now() + interval '20 days' end
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`
      insert into payments (track_id, user_id, plan_id, method, provider, amount_minor, currency, status,
        provider_ref, expires_at, created_at, captured_at)
      select 'trk_b' || g, 'usr_b' || (1 + g % ${N}), ${pro?.id}, 'mastercard', 'sandbox', 9500, 'BHD',
        (array['captured','captured','captured','failed','expired','pending','amount_mismatch'])[1 + g % 7],
        'gw_' || g, now() + interval '30 minutes', now() - (g || ' minutes')::interval,
        case when g % 7 < 3 then now() - (g || ' minutes')::interval end
      from generate_series(1, ${N}) g`);
    await t.db.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const admin = t.app.services.admin;

    const [deep] = rowsOf<{ stamp: string; track_id: string }>(
      await t.db.db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp, track_id
              from payments order by created_at desc, track_id desc offset ${Math.floor(N / 2)} limit 1`,
      ),
    );
    const deepCursor = encodePageCursor("apay", deep?.stamp ?? "", deep?.track_id ?? "");
    const half = Math.floor(N / 2);
    const cases: Record<string, () => Promise<number>> = {
      searchEmail: async () =>
        (await admin.searchWorkspaces(`customer${half}@shop${half % 997}.example.com`)).items.length,
      searchPartial: async () => (await admin.searchWorkspaces(`customer${half}@`)).items.length,
      searchPayment: async () => (await admin.searchWorkspaces(`trk_b${half}`)).items.length,
      searchWorkspaceId: async () => (await admin.searchWorkspaces(`usr_b${half}`)).items.length,
      paymentsFirst: async () => (await admin.payments({})).items.length,
      paymentsDeep: async () => (await admin.payments({ cursor: deepCursor })).items.length,
      paymentsHeld: async () => (await admin.payments({ state: "amount_mismatch" })).items.length,
      workspace: async () => ((await admin.workspace(`usr_b${half}`)).payments.length >= 0 ? 1 : 0),
    };
    const out: Record<string, number> = {};
    for (const [name, call] of Object.entries(cases)) {
      for (let i = 0; i < 5; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        const n = await call();
        times.push(performance.now() - started);
        if (n === 0) throw new Error(`${name}: nothing found`);
      }
      out[`${name}P95`] = pct(times, 95);
    }
    process.stdout.write(
      `${JSON.stringify({ figure: "admin-lists", driver, workspaces: N, seedSeconds, ...out })}\n`,
    );
  } finally {
    await t.close();
  }
}

const drivers: DbDriver[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
for (const d of drivers) await run(d);
