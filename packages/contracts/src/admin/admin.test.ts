import { describe, expect, it } from "vitest";
import { adminGrantSchema, adminPlanPatchSchema, isDayOrMoment } from "./admin";

describe("the console's dates", () => {
  it("takes a day or a moment with its offset, and only ones that exist", () => {
    for (const ok of ["2026-11-21", "2028-02-29", "2026-11-21T09:00Z", "2026-11-21T09:00:00.123+03:00"]) {
      expect(isDayOrMoment(ok), ok).toBe(true);
    }
    for (const bad of [
      "2026-02-30",
      "2027-02-29",
      "2026-13-01",
      "0",
      "1e12",
      "tomorrow",
      "2026-11-21T09:00",
      "21/11/2026",
      "",
    ]) {
      expect(isDayOrMoment(bad), bad).toBe(false);
    }
  });
  it("a grant needs a plan, a real date and a reason of a few words", () => {
    expect(
      adminGrantSchema.safeParse({ planId: "plan_1", until: "2026-12-01", reason: "Goodwill" }).success,
    ).toBe(true);
    expect(
      adminGrantSchema.safeParse({ planId: "plan_1", until: "2026-02-30", reason: "Goodwill" }).success,
    ).toBe(false);
    expect(adminGrantSchema.safeParse({ planId: "plan_1", until: "2026-12-01", reason: "  " }).success).toBe(
      false,
    );
    expect(
      adminGrantSchema.safeParse({ planId: "plan_1", until: "2026-12-01", reason: "x".repeat(501) }).success,
    ).toBe(false);
  });
  it("a plan edit names its version and only known fields", () => {
    expect(
      adminPlanPatchSchema.safeParse({ version: 1, reason: "Price", price: { amount: 9.5 } }).success,
    ).toBe(true);
    expect(adminPlanPatchSchema.safeParse({ version: 1, reason: "Price", currency: "USD" }).success).toBe(
      false,
    );
    expect(adminPlanPatchSchema.safeParse({ reason: "Price", price: { amount: 9.5 } }).success).toBe(false);
    expect(
      adminPlanPatchSchema.safeParse({ version: 1, reason: "Price", price: { amount: -1 } }).success,
    ).toBe(false);
    expect(adminPlanPatchSchema.safeParse({ version: 1, reason: "Names", name: { en: "Pro" } }).success).toBe(
      false,
    );
    expect(
      adminPlanPatchSchema.safeParse({
        version: 1,
        reason: "Many",
        features: { en: Array(21).fill("x"), ar: [] },
      }).success,
    ).toBe(false);
  });
});
