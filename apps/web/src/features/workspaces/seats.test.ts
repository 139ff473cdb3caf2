import type { Plan, WorkspaceSeatStatus } from "@parley/contracts";
import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { downgradeSeatWarning, overSeatsMessage, planSeats } from "./seats";

const status = (s: Partial<WorkspaceSeatStatus>): WorkspaceSeatStatus => {
  const base = {
    planName: "Starter",
    limit: 2,
    members: 3,
    pending: 0,
    ...s,
    planNames: s.planNames ?? {
      en: s.planName ?? "Starter",
      ar:
        ({ Starter: "الأساسية", Free: "المجانية" } as Record<string, string>)[s.planName ?? "Starter"] ?? "",
    },
  };
  const used = base.members + base.pending;
  return { ...base, used, overLimit: used > base.limit, membersOver: Math.max(0, base.members - base.limit) };
};

const plan = (name: string, seats: number | null): Plan => ({
  _id: name,
  name,
  isActive: true,
  description: "",
  price: { amount: 10, currency: "BHD" },
  billingInterval: "monthly",
  tier: 1,
  texts: {
    en: { name, description: "", extras: ["Email support"] },
    ar: {
      name: name === "Starter" ? "الأساسية" : name,
      description: "",
      extras: ["دعم عبر البريد الإلكتروني"],
    },
  },
  features: [
    "Email support",
    { key: "chatbots", name: "Chatbots", value: 3, unit: "chatbots" },
    ...(seats === null
      ? []
      : [{ key: "teamMembers" as const, name: "Team members", value: seats, unit: "members" }]),
  ],
});

describe("overSeatsMessage", () => {
  it("asks the owner to choose who stays when members exceed the seats", () => {
    expect(overSeatsMessage(status({ members: 3 }), "owner")).toBe(
      "Your Starter plan includes 2 seats and the workspace has 3 members. Nobody has been removed. Choose who stays: remove 1 member, or upgrade your plan. Until then no new invitations can be sent.",
    );
  });

  it("names pending invitations, and sends admins to an owner for the upgrade", () => {
    expect(overSeatsMessage(status({ members: 4, pending: 1 }), "admin")).toBe(
      "Your Starter plan includes 2 seats and the workspace has 4 members and 1 pending invitation. Nobody has been removed. Choose who stays: remove 2 members and revoke the pending invitations, or ask an owner to upgrade the plan. Until then no new invitations can be sent.",
    );
  });

  it("only asks to revoke invitations when the members fit", () => {
    expect(overSeatsMessage(status({ planName: "Free", limit: 1, members: 1, pending: 2 }), "owner")).toBe(
      "Your Free plan includes 1 seat and the workspace has 1 member and 2 pending invitations. Nobody has been removed. Revoke 2 pending invitations, or upgrade your plan. Until then no new invitations can be sent.",
    );
  });
});

describe("seat notices in Arabic", () => {
  it("say the same in Arabic words, the plan by its Arabic name", async () => {
    const t = (await createI18n("ar")).getFixedT("ar", "team");
    const text = overSeatsMessage(status({ members: 4, pending: 1 }), "owner", t, "ar");
    expect(text).toContain("الأساسية");
    expect(text).toContain("4 أعضاء");
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(downgradeSeatWarning(plan("Starter", 2), status({ members: 2, pending: 1 }), t, "ar")).toMatch(
      /^تتضمن الباقة «الأساسية»/,
    );
  });
});

describe("downgradeSeatWarning", () => {
  it("warns when the target plan has fewer seats than members and pending invitations", () => {
    expect(downgradeSeatWarning(plan("Starter", 2), status({ members: 2, pending: 1 }))).toMatch(
      /^Starter includes 2 seats and this workspace has 2 members and 1 pending invitation\. Nobody is removed/,
    );
  });

  it("says nothing when everyone fits, or when the plan states no seat limit", () => {
    expect(downgradeSeatWarning(plan("Starter", 2), status({ members: 2 }))).toBeUndefined();
    expect(downgradeSeatWarning(plan("Odd", null), status({ members: 9 }))).toBeUndefined();
    expect(planSeats(plan("Odd", null))).toBeUndefined();
  });
});
