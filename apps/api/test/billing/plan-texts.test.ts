import { PLAN_LANGUAGES, planListSchema } from "@parley/contracts";
import { createDb, type DbDriver, rowsOf } from "@parley/db";
import { createScratchDatabase, migrationsBefore } from "@parley/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../src/db/schema";
import { migrationsFolder as apiMigrations } from "../../src/env";
import { createPlansRepo } from "../../src/modules/plans/plans.repo";
import { createPlansService } from "../../src/modules/plans/plans.service";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { insertCataloguePlans } from "./old-plans";

/**
 * A plan's name, description and features are stored with it in every language the apps speak
 * (issue #32, "words by key, not by English"): the pricing page reads them from the API, and no
 * plan can be stored without one of the languages.
 */
const ARABIC = /[\u0600-\u06FF]/;

describe.each(testDrivers())("plan texts per language (%s)", (driver: DbDriver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("serves every seeded plan's words in English and Arabic", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    const plans = planListSchema.parse(res.json());
    expect(plans.length).toBe(8);
    for (const plan of plans) {
      expect(Object.keys(plan.texts).sort()).toEqual([...PLAN_LANGUAGES].sort());
      // The spec's fields are the English words.
      expect(plan.texts.en.name).toBe(plan.name);
      expect(plan.texts.en.description).toBe(plan.description);
      expect(plan.texts.en.extras).toEqual(plan.features.filter((f) => typeof f === "string"));
      // The Arabic is Arabic, feature for feature.
      expect(plan.texts.ar.name).toMatch(ARABIC);
      expect(plan.texts.ar.description).toMatch(ARABIC);
      expect(plan.texts.ar.extras).toHaveLength(plan.texts.en.extras.length);
      for (const extra of plan.texts.ar.extras) expect(extra).toMatch(ARABIC);
    }
    expect(plans.find((p) => p.name === "Pro")?.texts.ar.name).toBe("الاحترافية");
  });

  it("refuses to store a plan without one of the languages, or with an empty name in one", async () => {
    const db = t.db.db;
    const [pro] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from plans where code = 'pro-monthly'`),
    );
    if (!pro) throw new Error("no Pro plan");
    const refused = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => "stored",
        (err: Error & { cause?: { message?: string } }) => `${err.message} ${err.cause?.message ?? ""}`,
      );
    expect(await refused(sql`update plans set texts = texts - 'ar' where id = ${pro.id}`)).toContain(
      "plans_texts_every_language",
    );
    expect(
      await refused(sql`update plans set texts = jsonb_set(texts, '{ar,name}', '""') where id = ${pro.id}`),
    ).toContain("plans_texts_every_language");
    expect(
      await refused(sql`update plans set texts = jsonb_set(texts, '{en,name}', '7') where id = ${pro.id}`),
    ).toContain("plans_texts_every_language");
    expect(
      await refused(sql`
        insert into plans (id, code, name, description, tier, billing_interval, price_minor, currency,
                           max_chatbots, max_messages_per_month, max_knowledge_sources, max_team_members, texts)
        values ('plan_en_only', 'en-only-monthly', 'English only', '', 1, 'monthly', 1000, 'BHD', 1, 1, 1, 1,
                '{"en": {"name": "English only", "description": "", "extras": []}}'::jsonb)`),
    ).toContain("plans_texts_every_language");
    // A release from before plan texts (still running beside this one in a rolling update, or booted
    // on a rollback) writes plans without them: allowed, and read as English in every language.
    expect(
      await refused(sql`
        insert into plans (id, code, name, description, tier, billing_interval, price_minor, currency,
                           max_chatbots, max_messages_per_month, max_knowledge_sources, max_team_members,
                           extra_features)
        values ('plan_old_release', 'old-release-monthly', 'Old release', 'Written before texts', 1,
                'monthly', 1000, 'BHD', 1, 1, 1, 1, '["Lead capture"]'::jsonb)`),
    ).toBe("stored");
    t.app.services.plans.invalidate();
    const withOld = planListSchema.parse((await t.app.inject({ url: "/api/plans" })).json());
    const english = { name: "Old release", description: "Written before texts", extras: ["Lead capture"] };
    expect(withOld.find((p) => p._id === "plan_old_release")?.texts).toEqual({ en: english, ar: english });
    await db.execute(sql`delete from plans where id = 'plan_old_release'`);
    // Nothing changed: the Arabic is still there.
    t.app.services.plans.invalidate();
    const plans = planListSchema.parse((await t.app.inject({ url: "/api/plans" })).json());
    expect(plans.find((p) => p._id === pro.id)?.texts.ar.name).toBe("الاحترافية");
  });
});

describe.each(testDrivers("either"))("replies that name a plan (%s)", (driver: DbDriver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("name it in every language: usage, API keys, analytics", async () => {
    const token = await issuer.sign({ sub: "plan_names_owner", email: "owner@example.com" });
    type Named = { planNames: unknown; usage: { planNames: unknown } };
    const get = async (path: string) =>
      (await (
        await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Named;
    const free = { en: "Free", ar: "المجانية" };
    expect((await get("/api/usage")).planNames).toEqual(free);
    expect((await get("/api/api-keys")).planNames).toEqual(free);
    expect((await get("/api/analytics?from=2026-11-01&to=2026-11-30")).usage.planNames).toEqual(free);
    await setPlan(t, "plan_names_owner", "business-yearly");
    expect((await get("/api/usage")).planNames).toEqual({ en: "Business", ar: "الأعمال" });
  });
});

describe.each(testDrivers("either"))("plan texts migration (%s)", (driver: DbDriver) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  it("gives the plans a database already holds their words in every language, then the seed its Arabic", async () => {
    const scratch = await createScratchDatabase(driver, "parley_plan_texts");
    const folder = migrationsBefore(apiMigrations, "0030_plan_texts");
    cleanups.push(
      () => scratch.drop(),
      () => folder.remove(),
    );
    const db = await createDb({
      url: scratch.url,
      schema,
      migrationsFolder: folder.dir,
      migrationsTable: "__api_migrations",
    });
    cleanups.push(() => db.close());
    await insertCataloguePlans(db.db);
    folder.upgrade();
    await db.migrate();
    type Row = { code: string; name: string; texts: { en: { name: string }; ar: { name: string } } };
    const migrated = rowsOf<Row>(await db.db.execute(sql`select code, name, texts from plans order by code`));
    expect(migrated).toHaveLength(8);
    // Until the seed runs, a plan's Arabic is its English: never missing.
    for (const row of migrated) expect([row.texts.en.name, row.texts.ar.name]).toEqual([row.name, row.name]);
    // The boot's seed then writes the catalogue's Arabic over it, keeping each plan's id.
    const ids = await db.db.execute(sql`select id from plans order by code`);
    await createPlansService({ repo: createPlansRepo(db.db), currency: "BHD" }).seed();
    const seeded = rowsOf<Row>(await db.db.execute(sql`select code, name, texts from plans order by code`));
    expect(seeded.map((r) => r.texts.ar.name)).toEqual(
      expect.arrayContaining(["المجانية", "الأساسية", "الاحترافية", "الأعمال"]),
    );
    for (const row of seeded) expect(row.texts.ar.name).toMatch(ARABIC);
    expect(rowsOf(await db.db.execute(sql`select id from plans order by code`))).toEqual(rowsOf(ids));
  });
});
