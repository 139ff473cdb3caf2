import { planListSchema } from "@parley/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDrivers } from "../../../test/harness";
import { plans } from "../../db/schema";

describe.each(testDrivers("either"))("plans on %s", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => t?.close());

  it("lists the seeded catalogue in the spec's Plan shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    expect(res.statusCode).toBe(200);
    const list = planListSchema.parse(res.json());
    expect(list.map((p) => `${p.name}/${p.billingInterval}`)).toEqual([
      "Free/monthly",
      "Free/yearly",
      "Starter/monthly",
      "Starter/yearly",
      "Pro/monthly",
      "Pro/yearly",
      "Business/monthly",
      "Business/yearly",
    ]);
    for (const plan of list) {
      expect(plan._id).toMatch(/^plan_[A-Za-z0-9]{20}$/);
      expect(plan.isActive).toBe(true);
      expect(plan.price.currency).toBe("BHD");
      const keys = plan.features.flatMap((f) => (typeof f === "string" ? [] : [f.key]));
      expect(keys).toEqual(["chatbots", "messagesPerMonth", "knowledgeSources", "teamMembers"]);
      expect(plan.features.some((f) => typeof f === "string")).toBe(true);
    }
  });

  it("prices yearly below twelve months for every paid plan, in major units from integer minor units", async () => {
    const list = planListSchema.parse((await t.app.inject({ method: "GET", url: "/api/plans" })).json());
    const pro = list.find((p) => p.name === "Pro" && p.billingInterval === "monthly");
    expect(pro?.price.amount).toBe(25);
    const rows = await t.db.db.select().from(plans).where(eq(plans.code, "pro-monthly"));
    expect(rows[0]?.priceMinor).toBe(25_000); // BHD has three decimals: 25.000 = 25000 fils
    for (const name of ["Starter", "Pro", "Business"]) {
      const monthly = list.find((p) => p.name === name && p.billingInterval === "monthly");
      const yearly = list.find((p) => p.name === name && p.billingInterval === "yearly");
      expect(yearly?.price.amount).toBeLessThan((monthly?.price.amount ?? 0) * 12);
    }
  });

  it("seeds idempotently: a second seed keeps ids and adds nothing", async () => {
    const before = await t.db.db.select().from(plans);
    await t.app.services.plans.seed();
    await t.app.services.plans.seed();
    const after = await t.db.db.select().from(plans);
    expect(after).toHaveLength(8);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });

  it("offers active plans only, and a re-seed does not resurrect a retired plan", async () => {
    await t.db.db.update(plans).set({ isActive: false }).where(eq(plans.code, "business-yearly"));
    await t.app.services.plans.seed();
    const list = planListSchema.parse((await t.app.inject({ method: "GET", url: "/api/plans" })).json());
    expect(list).toHaveLength(7);
    expect(list.some((p) => p.name === "Business" && p.billingInterval === "yearly")).toBe(false);
    await t.db.db.update(plans).set({ isActive: true }).where(eq(plans.code, "business-yearly"));
    t.app.services.plans.invalidate();
  });

  it("revalidates by ETag with 304 Not Modified", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/plans" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/plans",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(first.headers["content-type"]).toContain("application/json");
  });

  it("applying the migrations again is harmless", async () => {
    await t.db.migrate();
    await t.db.migrate();
    const res = await t.app.inject({ method: "GET", url: "/api/plans" });
    expect(res.json()).toHaveLength(8);
  });
});
