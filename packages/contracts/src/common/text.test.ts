import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { accessTokenClaimsSchema, authEventSchema } from "../auth/events";
import { paymentCreateRequestSchema, paymentInitiateRequestSchema } from "../billing/payment";
import { checkAndCancelRequestSchema, downgradeRequestSchema } from "../billing/subscription";
import { askSchema } from "../chatbots/chat";
import { chatbotCreateSchema, chatbotUpdateSchema } from "../chatbots/chatbot";
import { sourceCreateSchema } from "../chatbots/knowledge";
import { contactRequestSchema } from "../contact/contact";
import { analyticsQuerySchema, conversationFiltersSchema } from "../inbox/inbox";
import { userByEmailQuerySchema } from "../users/platform-user";
import { feedbackSchema, leadSchema, visitorIdSchema, widgetAskSchema } from "../widget/widget";
import { hasNoBidiOverride, isoDay, NUL_MESSAGE, stripBidiControls } from "./text";

/**
 * Every request schema with a valid sample that sets every text field it has. The test poisons
 * each string of the sample in turn: a schema that lets any of them through has a field that is
 * not parsed with `safeText`/`idText`/`withoutNul`.
 */
const samples: [string, z.ZodType, unknown][] = [
  [
    "chatbot create",
    chatbotCreateSchema,
    {
      name: "Shop helper",
      instructions: "Be brief.",
      greeting: "Hi!",
      suggestedQuestions: ["Do you deliver?"],
      fallbackReply: "Sorry, I don't know.",
      model: {
        provider: "openai-compatible",
        model: "gpt-4o-mini",
        baseUrl: "https://llm.example.com/v1",
        apiKey: "sk-1",
      },
      theme: { primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat" },
      allowedDomains: ["example.com"],
      leadCapture: true,
      retentionDays: 30,
      published: true,
    },
  ],
  [
    "chatbot update",
    chatbotUpdateSchema,
    { name: "Shop", greeting: "Hello", model: { model: "m", apiKey: "k" } },
  ],
  ["text source", sourceCreateSchema, { kind: "text", title: "Policy", content: "We ship in two days." }],
  ["Q&A source", sourceCreateSchema, { kind: "qa", question: "Do you ship?", answer: "Yes." }],
  ["website source", sourceCreateSchema, { kind: "website", url: "https://example.com/docs" }],
  ["question", askSchema, { content: "Do you deliver?", history: [{ role: "user", content: "Hi" }] }],
  ["lead", leadSchema, { email: "lead@example.com", name: "Lea" }],
  [
    "contact",
    contactRequestSchema,
    { name: "Al", email: "al@example.com", company: "Acme", message: "Hello there, friends." },
  ],
  [
    "inbox filters",
    conversationFiltersSchema,
    { chatbotId: "cb_1", from: "2026-01-01", to: "2026-01-31", q: "ship", cursor: "abc" },
  ],
  ["analytics query", analyticsQuerySchema, { chatbotId: "cb_1", from: "2026-01-01", to: "2026-01-31" }],
  [
    "payment initiate",
    paymentInitiateRequestSchema,
    { payment_provider: "benefit", amount: 10, planId: "plan_1" },
  ],
  [
    "payment record",
    paymentCreateRequestSchema,
    { userId: "u1", planId: "plan_1", trackId: "trk_1", amount: 10, username: "Al", planName: "Pro" },
  ],
  [
    "downgrade",
    downgradeRequestSchema,
    { track_id: "trk_1", userId: "u1", newPlanExists: { _id: "plan_1" }, isYearly: false },
  ],
  ["check and cancel", checkAndCancelRequestSchema, { userId: "u1" }],
  ["user by e-mail", userByEmailQuerySchema, { email: "al@example.com" }],
  ["feedback", feedbackSchema, { value: "up" }],
  [
    "auth event",
    authEventSchema,
    {
      id: "evt_1",
      type: "user.deleted",
      occurredAt: "2026-01-01T00:00:00Z",
      data: { userId: "u1", email: "a@b.c" },
    },
  ],
];

/** Every path in `value` that holds a string. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function poisoned(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path.at(-1) ?? "";
  const s = String(at[last]);
  // Mid-text, where trimming cannot remove it.
  at[last] = `${s.slice(0, 1)}\u0000${s.slice(1)}`;
  return copy;
}

describe("request contracts refuse the NUL character in every text field", () => {
  // Fields that are fixed enums or literals: a NUL there fails anyway, nothing to learn.
  const enumLike = new Set([
    "kind",
    "role",
    "topic",
    "type",
    "provider",
    "position",
    "primaryColor",
    "value",
  ]);
  for (const [name, schema, sample] of samples) {
    it(`${name}: the sample is valid`, () => {
      expect(schema.safeParse(sample).error?.issues).toBeUndefined();
    });
    for (const path of stringPaths(sample).filter((p) => !enumLike.has(String(p.at(-1))))) {
      it(`${name}: ${path.join(".")}`, () => {
        const result = schema.safeParse(poisoned(sample, path));
        expect(result.success).toBe(false);
      });
    }
  }

  it("says why, in words", () => {
    const result = contactRequestSchema.safeParse({
      name: "A\u0000l",
      email: "a@b.co",
      message: "Hello there, friends.",
    });
    expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
  });

  it("refuses a NUL in the visitor id header value", () => {
    expect(visitorIdSchema.safeParse("visitorAAAAAAAA\u0000AAAAAA").success).toBe(false);
  });

  it("drops a stray NUL from display claims of our own tokens instead of refusing the user", () => {
    const claims = accessTokenClaimsSchema.parse({ sub: "u1", email: "a@b.c", name: "A\u0000l" });
    expect(claims.name).toBe("Al");
    expect(accessTokenClaimsSchema.safeParse({ sub: "u\u00001", email: "a@b.c" }).success).toBe(false);
  });

  it("accepts only calendar days that exist", () => {
    expect(isoDay.safeParse("2024-02-29").success).toBe(true);
    for (const bad of ["2026-02-29", "2026-02-31", "2026-13-01", "2026-00-10", "2026-1-1"])
      expect(isoDay.safeParse(bad).success, bad).toBe(false);
  });
});

describe("direction controls (issue #21)", () => {
  it("strips the embeddings, overrides and isolates and keeps RLM/LRM and everything else", () => {
    expect(stripBidiControls("a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069j")).toBe(
      "abcdefghij",
    );
    expect(stripBidiControls("\u0633\u0627\u0631\u0629 \u200fSara\u200e")).toBe(
      "\u0633\u0627\u0631\u0629 \u200fSara\u200e",
    );
    // The global pattern keeps no state between calls.
    expect(stripBidiControls("x\u202Ey")).toBe("xy");
    expect(stripBidiControls("x\u202Ey")).toBe("xy");
  });

  it("tells a typed name holding an embedding or override apart from one with only marks", () => {
    expect(hasNoBidiOverride("Support \u202Etxt.exe")).toBe(false);
    expect(hasNoBidiOverride("\u202BTeam")).toBe(false);
    expect(hasNoBidiOverride("\u062F\u0639\u0645 \u200fParley")).toBe(true);
  });

  it("cleans a visitor's message and a lead's name in the widget contracts, refusing what is left empty", () => {
    expect(widgetAskSchema.parse({ content: " Is \u202Efdp.exe safe? " }).content).toBe("Is fdp.exe safe?");
    expect(widgetAskSchema.safeParse({ content: "\u202E \u2066" }).success).toBe(false);
    expect(leadSchema.parse({ email: "a@example.com", name: "Ali \u202Egnp.exe" }).name).toBe("Ali gnp.exe");
  });
});
