import { type Chatbot, chatbotUpdateSchema, DEFAULT_BOT_TEXTS, withinOfficeHours } from "@parley/contracts";
import { describe, expect, it } from "vitest";
import {
  COMMON_TIME_ZONES,
  liveChatValuesFromBot,
  officeHoursOf,
  suggestedDays,
  timeZoneChoices,
} from "./live-chat-form";
import { formPathForServer, formValuesFromBot, settingsFormSchema, toUpdate } from "./settings-form";

const bot = {
  _id: "cb_1",
  name: "Acme",
  instructions: "",
  greeting: "Hi!",
  suggestedQuestions: [],
  fallbackReply: "Sorry, I don't know.",
  handoffReply: DEFAULT_BOT_TEXTS.en.handoffReply,
  offHoursReply: DEFAULT_BOT_TEXTS.en.offHoursReply,
  handoff: { enabled: false, officeHours: null },
  defaultLanguage: "en",
  languages: ["en"],
  translations: {},
  model: {
    provider: "builtin",
    model: null,
    baseUrl: null,
    temperature: 0.3,
    maxAnswerTokens: 600,
    caution: "balanced",
    hasApiKey: false,
    apiKeyLast4: null,
  },
  embeddings: { model: null, baseUrl: null, hasApiKey: false },
  theme: { primaryColor: "#4f46e5", position: "bottom-right", launcherText: "Chat with us" },
  greetingBubble: { enabled: false, text: "", delaySeconds: 5 },
  allowedDomains: [],
  leadCapture: true,
  retentionDays: 90,
  published: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
} satisfies Chatbot;

const nine = { open: "09:00", close: "17:00" };
const withHours: Chatbot = {
  ...bot,
  handoff: {
    enabled: true,
    officeHours: {
      timeZone: "Asia/Riyadh",
      days: [nine, nine, nine, nine, { open: "10:00", close: "14:00" }, null, null],
    },
  },
};

describe("the settings form's live chat", () => {
  it("reads a bot that never set it: off, always, the browser's zone with its working week suggested", () => {
    expect(liveChatValuesFromBot(bot, "Asia/Bahrain")).toMatchObject({
      handoffEnabled: false,
      handoffHours: "always",
      handoffTimeZone: "Asia/Bahrain",
      handoffReply: DEFAULT_BOT_TEXTS.en.handoffReply,
    });
    // Sunday to Thursday in Bahrain; Monday to Friday in London.
    expect(suggestedDays("Asia/Bahrain").map((d) => d.open)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(suggestedDays("Europe/London").map((d) => d.open)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    // An API from before live chat: no `handoff`, no texts.
    const old = { ...bot, defaultLanguage: "ar" } as Partial<Chatbot>;
    delete old.handoff;
    delete old.handoffReply;
    delete old.offHoursReply;
    expect(liveChatValuesFromBot(old as Chatbot, "UTC")).toMatchObject({
      handoffEnabled: false,
      handoffHours: "always",
      handoffReply: DEFAULT_BOT_TEXTS.ar.handoffReply,
      offHoursReply: DEFAULT_BOT_TEXTS.ar.offHoursReply,
    });
  });

  it("round-trips office hours into the body the API accepts, and means the same hours", () => {
    const values = formValuesFromBot(withHours);
    expect(values.handoffHours).toBe("hours");
    expect(values.handoffDays[4]).toEqual({ open: true, from: "10:00", to: "14:00" });
    // A closed day keeps suggested times for when it is ticked again.
    expect(values.handoffDays[5]).toEqual({ open: false, from: "09:00", to: "17:00" });
    expect(officeHoursOf(values)).toEqual(withHours.handoff.officeHours);
    const update = toUpdate(values, { handoffDays: [{ open: true }] });
    expect(update).toEqual({ handoff: { officeHours: withHours.handoff.officeHours } });
    expect(chatbotUpdateSchema.safeParse(update).success).toBe(true);
    // Thursday 2026-01-01 at 12:00 in Riyadh (09:00 UTC) is open; 15:00 there is not.
    const hours = officeHoursOf(values);
    expect(withinOfficeHours(hours, new Date("2026-01-01T09:00:00Z"))).toBe(true);
    expect(withinOfficeHours(hours, new Date("2026-01-01T12:00:00Z"))).toBe(false);
  });

  it("sends only what changed: the switch alone, 'Always' as null, the texts trimmed", () => {
    const values = formValuesFromBot(withHours);
    expect(toUpdate(values, { name: true })).not.toHaveProperty("handoff");
    expect(toUpdate({ ...values, handoffEnabled: false }, { handoffEnabled: true })).toEqual({
      handoff: { enabled: false },
    });
    expect(toUpdate({ ...values, handoffHours: "always" }, { handoffHours: true })).toEqual({
      handoff: { officeHours: null },
    });
    const texts = toUpdate(
      { ...values, handoffReply: "  Hold on!  ", offHoursReply: " Closed. " },
      { handoffReply: true, offHoursReply: true },
    );
    expect(texts).toEqual({ handoffReply: "Hold on!", offHoursReply: "Closed." });
    // The wait before the contact form: 60 s unless set; sent when changed, and the API takes it.
    expect(values.handoffWaitSeconds).toBe(60);
    const wait = toUpdate({ ...values, handoffWaitSeconds: 120 }, { handoffWaitSeconds: true });
    expect(wait).toEqual({ handoff: { waitSeconds: 120 } });
    expect(chatbotUpdateSchema.safeParse(wait).success).toBe(true);
    for (const bad of [5, 3601, 1.5])
      expect(chatbotUpdateSchema.safeParse({ handoff: { waitSeconds: bad } }).success, String(bad)).toBe(
        false,
      );
    const on = toUpdate(
      {
        ...formValuesFromBot(bot),
        handoffEnabled: true,
        handoffHours: "hours",
        handoffTimeZone: "Asia/Dubai",
      },
      { handoffEnabled: true, handoffHours: true },
    );
    expect(on.handoff).toMatchObject({ enabled: true, officeHours: { timeZone: "Asia/Dubai" } });
    expect(chatbotUpdateSchema.safeParse(on).success).toBe(true);
  });

  it("checks office hours only when they are in use, with the server's words", () => {
    const values = formValuesFromBot(withHours);
    const days = values.handoffDays.map((d) => ({ ...d }));
    days[0] = { open: true, from: "17:00", to: "09:00" };
    days[1] = { open: true, from: "09:00", to: "09:00" };
    days[2] = { open: true, from: "9", to: "17:00" };
    days[5] = { open: false, from: "", to: "" }; // closed: its times do not matter
    const bad = settingsFormSchema.safeParse({
      ...values,
      handoffTimeZone: "Mars/Olympus",
      handoffDays: days,
      handoffReply: " ",
      offHoursReply: "x".repeat(501),
    });
    const issues = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(issues).toEqual({
      handoffTimeZone: "Choose a time zone from the list",
      "handoffDays.0.to": "Closing time must be after opening time",
      "handoffDays.1.to": "Closing time must be after opening time",
      "handoffDays.2.from": "Use a time like 09:00",
      handoffReply: "Write what the bot says when it hands over",
      offHoursReply: "Keep it under 500 characters",
    });
    // "Always": the hours are not sent, so not checked.
    expect(
      settingsFormSchema.safeParse({
        ...values,
        handoffHours: "always",
        handoffTimeZone: "",
        handoffDays: days,
      }).success,
    ).toBe(true);
    // Eight days never leave the form.
    expect(
      settingsFormSchema.safeParse({ ...values, handoffDays: [...values.handoffDays, days[0]] }).success,
    ).toBe(false);
  });

  it("shows the server's messages next to their fields", () => {
    expect(formPathForServer("body.handoff.officeHours.timeZone")).toBe("handoffTimeZone");
    expect(formPathForServer("body.handoff.officeHours.days.3.close")).toBe("handoffDays.3.to");
    expect(formPathForServer("body.handoff.officeHours.days.6.open")).toBe("handoffDays.6.from");
    expect(formPathForServer("body.handoff.officeHours.days.7.open")).toBeNull();
    expect(formPathForServer("body.handoff.officeHours.days")).toBeNull();
    expect(formPathForServer("body.handoff.enabled")).toBe("handoffEnabled");
    expect(formPathForServer("body.handoff.waitSeconds")).toBe("handoffWaitSeconds");
    expect(formPathForServer("body.handoffReply")).toBe("handoffReply");
    expect(formPathForServer("body.offHoursReply")).toBe("offHoursReply");
  });

  it("offers the Gulf zones first, every other zone after, and keeps a stored zone the list lacks", () => {
    const { common, others } = timeZoneChoices(["Asia/Calcutta", "Asia/Riyadh"]);
    expect(common).toEqual([...COMMON_TIME_ZONES]);
    for (const zone of [
      "Asia/Bahrain",
      "Asia/Riyadh",
      "Asia/Dubai",
      "Asia/Kuwait",
      "Asia/Qatar",
      "Africa/Cairo",
    ])
      expect(common).toContain(zone);
    expect(others).toContain("Asia/Calcutta");
    expect(others).not.toContain("Asia/Riyadh");
    expect(new Set([...common, ...others]).size).toBe(common.length + others.length);
    if (typeof Intl.supportedValuesOf === "function") expect(others).toContain("America/New_York");
  });
});
