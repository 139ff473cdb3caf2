import { errorBodySchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, setPlan, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/**
 * Issue #35: one rule for every name and title people see (`nameText` in @parley/contracts). A
 * name made only of invisible characters (zero-width spaces, the Hangul filler U+3164) showed
 * blank, a text source's title (a citation visitors see) and a webhook's description kept a
 * right-to-left override, and a bot's name took line breaks. Each is refused with its field's
 * words; real names (Arabic with a joiner, an emoji) are kept as typed.
 */
const BIDI = "Remove the invisible text-direction override characters (U+202A to U+202E)";
const LINE = "A name or title is one line of text: remove line breaks, tabs and other control characters.";
/** Looks empty on every screen. */
const BLANKS = [
  "\u200B\u200C\u200D",
  "\u3164",
  "\u3164 \u3164",
  "\uFEFF\u2060",
  "\u115F\u1160",
  "\u2800",
  "\u0301",
];
/** A Persian/Arabic name with a zero-width non-joiner, and a name with an emoji sequence. */
const REAL_NAMES = ["\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "Caf\u00E9 \u{1F469}\u200D\u{1F4BB}"];

describe.each(testDrivers("either"))("names and titles people see on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_names_owner", email: "names@example.com", name: "Names" };
  let botId = "";

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    await setPlan(t, owner.sub, "pro-monthly");
    t.app.services.caches.plans.invalidate(owner.sub);
    botId = (await api.createBot(owner, { name: "Names bot" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** The words a refusal gives for its field (the first detail of a VALIDATION_FAILED). */
  const refusal = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const { error } = errorBodySchema.parse(res.body);
    return error.details?.[0]?.message ?? error.message;
  };

  it("keeps real names as typed: Arabic with a joiner, an emoji sequence", async () => {
    for (const name of REAL_NAMES) {
      const bot = await api.json(owner, "POST", "/api/chatbots", { name });
      expect(bot.status, JSON.stringify(bot.body)).toBe(201);
      expect(bot.body.name).toBe(name);
      const source = await api.addSource(owner, botId, { kind: "text", title: name, content: "Open daily." });
      expect(source.status).toBe(201);
      expect(source.body.title).toBe(name);
      const key = await api.json(owner, "POST", "/api/api-keys", { name, scopes: ["read"] });
      expect(key.status, JSON.stringify(key.body)).toBe(201);
      expect(key.body.name).toBe(name);
    }
  });

  it("refuses a bot, a text source and an API key named only with invisible characters", async () => {
    for (const blank of BLANKS) {
      const bot = await api.json(owner, "POST", "/api/chatbots", { name: blank });
      expect(refusal(bot), JSON.stringify(blank)).toBe("Give your chatbot a name");
      const renamed = await api.json(owner, "PATCH", `/api/chatbots/${botId}`, { name: blank });
      expect(refusal(renamed)).toBe("Give your chatbot a name");
      const source = await api.addSource(owner, botId, { kind: "text", title: blank, content: "Text." });
      expect(refusal(source)).toBe("Give the text a title");
      const key = await api.json(owner, "POST", "/api/api-keys", { name: blank, scopes: ["read"] });
      expect(refusal(key)).toBe("Give the key a name");
    }
    const bot = await api.json(owner, "GET", `/api/chatbots/${botId}`);
    expect(bot.body.name).toBe("Names bot");
  });

  it("refuses a line break, a tab or an escape in a bot's name, a source's title and a key's name", async () => {
    for (const name of ["Eve\r\nBcc: all@example.com", "Tab\there", "Bell\u0007", "Next\u2028line"]) {
      expect(refusal(await api.json(owner, "POST", "/api/chatbots", { name }))).toBe(LINE);
      const source = await api.addSource(owner, botId, { kind: "text", title: name, content: "Text." });
      expect(refusal(source)).toBe(LINE);
      expect(refusal(await api.json(owner, "POST", "/api/api-keys", { name, scopes: ["read"] }))).toBe(LINE);
    }
  });

  it("refuses a right-to-left override in a text source's title (a citation visitors see)", async () => {
    const source = await api.addSource(owner, botId, {
      kind: "text",
      title: "Refunds \u202Efdp.exe",
      content: "Refunds within 14 days.",
    });
    expect(refusal(source)).toBe(BIDI);
    const titles = (await api.sources(owner, botId)).map((s) => s.title);
    expect(titles.some((title) => title.includes("\u202E"))).toBe(false);
  });

  it("bounds a title at 200 characters with its own words", async () => {
    const ok = await api.addSource(owner, botId, { kind: "text", title: "t".repeat(200), content: "x" });
    expect(ok.status).toBe(201);
    const long = await api.addSource(owner, botId, { kind: "text", title: "t".repeat(201), content: "x" });
    expect(refusal(long)).toBe("Keep the title under 200 characters");
  });

  it("names an uploaded file that shows nothing 'Document'", async () => {
    const res = await api.upload(
      owner,
      botId,
      "\u200B\u3164.txt",
      Buffer.from("Opening hours: nine to five."),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.title).toBe("Document");
  });

  it("refuses a webhook description with an override or a line break, and stores a blank one empty", async () => {
    const hook = (description: string) =>
      api.json(owner, "POST", "/api/webhooks", {
        url: "http://127.0.0.1:9/parley",
        description,
        events: ["lead.created"],
      });
    expect(refusal(await hook("CRM \u202Eexe.pdf"))).toBe(BIDI);
    expect(refusal(await hook("CRM\nsync"))).toBe("A description is one line");
    const blank = await hook("\u200B\u3164");
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    expect(blank.body.endpoint.description).toBe("");
    const named = await hook("\u0645\u0632\u0627\u0645\u0646\u0629 CRM");
    expect(named.status).toBe(201);
    expect(named.body.endpoint.description).toBe("\u0645\u0632\u0627\u0645\u0646\u0629 CRM");
  });
});
