import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Chatbot, DEFAULT_BOT_TEXTS, type OfficeHours, type WidgetConfig } from "@parley/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatbots } from "../../src/db/schema";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";
import { builderClient, type Owner } from "./client";

const EN = DEFAULT_BOT_TEXTS.en;
const AR = DEFAULT_BOT_TEXTS.ar;
const closed = null;
const nineToFive = { open: "09:00", close: "17:00" };
/** Sunday to Thursday, 9 to 5 (a Gulf week). */
const gulfWeek: OfficeHours = {
  timeZone: "Asia/Bahrain",
  days: [nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, closed, closed],
};

/**
 * The auth service's side the API calls (a stand-in): its key set (the token issuer's) and the
 * membership check, which says `agent` for the one member of the shop's workspace.
 */
async function startAuthStandIn(issuer: TokenIssuer, members: Map<string, "agent" | "admin">) {
  const server: Server = createServer(async (req, res) => {
    if (req.url === "/jwks") {
      const keys = await (await fetch(`${issuer.url}/jwks`)).text();
      res.writeHead(200, { "content-type": "application/json" }).end(keys);
      return;
    }
    const m = /^\/internal\/workspaces\/([^/]+)\/members\/([^/]+)$/.exec(req.url ?? "");
    const role = m
      ? members.get(`${decodeURIComponent(m[1] ?? "")}/${decodeURIComponent(m[2] ?? "")}`)
      : null;
    if (role) res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ role }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(testDrivers("either"))("a bot's live-chat settings on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let authStandIn: Awaited<ReturnType<typeof startAuthStandIn>>;
  let api: ReturnType<typeof builderClient>;
  // The free plan holds one bot per workspace: one owner per bot.
  const shop: Owner = { sub: "auth_live_shop", email: "live@example.com", name: "Live shop" };
  const arabicShop: Owner = { sub: "auth_live_ar", email: "live-ar@example.com", name: "متجر" };
  const swapShop: Owner = { sub: "auth_live_swap", email: "live-swap@example.com", name: "Swap" };
  const agent = { sub: "auth_live_agent", email: "agent@example.com", name: "Sara" };
  let bot = ""; // English default, speaks Arabic too
  let arabicBot = "";

  const patch = (body: unknown, who: Owner = shop, id = bot) =>
    api.json(who, "PATCH", `/api/chatbots/${id}`, body);
  const read = async (who: Owner = shop, id = bot) =>
    (await api.json(who, "GET", `/api/chatbots/${id}`)).body as Chatbot;
  const config = async (id = bot): Promise<WidgetConfig> => {
    const res = await fetch(`${t.url}/api/widget/${id}/config`, {
      headers: { "x-parley-visitor": "visitorLiveLiveLiveLive1" },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as WidgetConfig;
  };

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    authStandIn = await startAuthStandIn(issuer, new Map([[`${shop.sub}/${agent.sub}`, "agent"]]));
    t = await createTestApp(
      driver,
      { AUTH_URL: issuer.url, AUTH_INTERNAL_URL: authStandIn.url },
      { listen: true },
    );
    api = builderClient(t, issuer);
    bot = (await api.createBot(shop, { name: "Live shop", languages: ["en", "ar"] }))._id;
    arabicBot = (await api.createBot(arabicShop, { name: "متجر", defaultLanguage: "ar" }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await authStandIn?.close();
    await issuer?.close();
  });

  it("shows the language's defaults to a bot that never set them (English and Arabic bots)", async () => {
    const en = await read();
    expect(en).toMatchObject({
      handoff: { enabled: false, officeHours: null },
      handoffReply: EN.handoffReply,
      offHoursReply: EN.offHoursReply,
    });
    expect(en.translations.ar).toMatchObject({
      handoffReply: AR.handoffReply,
      offHoursReply: AR.offHoursReply,
    });

    const ar = await read(arabicShop, arabicBot);
    expect(ar).toMatchObject({
      defaultLanguage: "ar",
      handoff: { enabled: false, officeHours: null },
      handoffReply: AR.handoffReply,
      offHoursReply: AR.offHoursReply,
    });
    expect(AR.handoffReply).toMatch(/[\u0600-\u06FF]/);

    // A bot saved before live chat existed: empty columns and translations without the two texts.
    const [row] = await t.db.db.select().from(chatbots).where(eq(chatbots.id, bot));
    const { handoffReply: _h, offHoursReply: _o, ...oldArabic } = row?.translations.ar ?? AR;
    await t.db.db
      .update(chatbots)
      .set({
        handoffReply: "",
        offHoursReply: "",
        translations: { ar: oldArabic as typeof AR },
        handoff: sql`'{"enabled":false,"officeHours":null}'::jsonb`,
      })
      .where(eq(chatbots.id, bot));
    const old = await read();
    expect(old).toMatchObject({ handoffReply: EN.handoffReply, offHoursReply: EN.offHoursReply });
    expect(old.translations.ar).toEqual(AR);
  });

  it("saves the settings and both languages' texts, and reads them back", async () => {
    const res = await patch({
      handoff: { enabled: true, officeHours: gulfWeek },
      handoffReply: "Connecting you with our team now.",
      offHoursReply: "We're closed. Leave your e-mail and we'll write back.",
      translations: { ar: { handoffReply: "سأحوّلك إلى فريقنا الآن.", offHoursReply: "نحن مغلقون الآن." } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await read();
    // A bot that never set the wait before the contact form has the default, 60 s.
    expect(saved.handoff).toEqual({ enabled: true, officeHours: gulfWeek, waitSeconds: 60 });
    expect(saved.handoffReply).toBe("Connecting you with our team now.");
    expect(saved.offHoursReply).toBe("We're closed. Leave your e-mail and we'll write back.");
    expect(saved.translations.ar).toMatchObject({
      handoffReply: "سأحوّلك إلى فريقنا الآن.",
      offHoursReply: "نحن مغلقون الآن.",
      greeting: AR.greeting,
    });
    // The list says the same.
    const list = (await api.json(shop, "GET", "/api/chatbots")).body as Chatbot[];
    expect(list[0]?.handoff).toEqual(saved.handoff);

    // `handoff` is partial: turning it off keeps the office hours for when it is turned on again…
    expect((await patch({ handoff: { enabled: false } })).body.handoff).toEqual({
      enabled: false,
      officeHours: gulfWeek,
      waitSeconds: 60,
    });
    // …and null office hours mean "always".
    expect((await patch({ handoff: { enabled: true, officeHours: null } })).body.handoff).toEqual({
      enabled: true,
      officeHours: null,
      waitSeconds: 60,
    });
    // The wait is the bot's to choose, and kept through other changes.
    expect((await patch({ handoff: { waitSeconds: 90 } })).body.handoff).toEqual({
      enabled: true,
      officeHours: null,
      waitSeconds: 90,
    });
    // Other edits leave them alone.
    expect((await patch({ name: "Live shop 2" })).body).toMatchObject({
      handoff: { enabled: true, officeHours: null, waitSeconds: 90 },
      handoffReply: "Connecting you with our team now.",
    });
  });

  it("tells the widget at once whether a person can be asked for now (office hours, server clock)", async () => {
    expect((await patch({ published: true })).status).toBe(200);
    expect((await config()).handoff).toEqual({ enabled: true, withinHours: true, waitSeconds: 90 });
    // The widget's bot cache is dropped on every change: no stale answer within its TTL.
    await patch({ handoff: { enabled: false, waitSeconds: 60 } });
    expect((await config()).handoff).toEqual({ enabled: false, withinHours: false, waitSeconds: 60 });

    // Closed every day: never within hours.
    await patch({
      handoff: { enabled: true, officeHours: { timeZone: "Asia/Riyadh", days: Array(7).fill(null) } },
    });
    expect((await config()).handoff).toEqual({ enabled: true, withinHours: false, waitSeconds: 60 });

    // Open all day today only, in Riyadh's wall clock (23:59 is the last minute: step over it).
    const riyadh = () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: "Asia/Riyadh",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).formatToParts(t.app.clock.now());
    if (riyadh().find((p) => p.type === "hour")?.value === "23") t.app.clock.advance(61 * 60_000);
    const weekday = riyadh().find((p) => p.type === "weekday")?.value ?? "";
    const today = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(weekday);
    const days = Array.from({ length: 7 }, (_, i) =>
      i === today ? { open: "00:00", close: "23:59" } : null,
    );
    await patch({ handoff: { officeHours: { timeZone: "Asia/Riyadh", days } } });
    expect((await config()).handoff).toEqual({ enabled: true, withinHours: true, waitSeconds: 60 });
    // The same hours, shifted to tomorrow: outside.
    await patch({
      handoff: { officeHours: { timeZone: "Asia/Riyadh", days: [...days.slice(6), ...days.slice(0, 6)] } },
    });
    expect((await config()).handoff).toEqual({ enabled: true, withinHours: false, waitSeconds: 60 });
  });

  it("swaps the live-chat texts with the default language, so no text changes language", async () => {
    const id = (
      await api.createBot(swapShop, { name: "Swap", languages: ["en", "ar"], handoffReply: "Hold on!" })
    )._id;
    const res = await patch({ defaultLanguage: "ar" }, swapShop, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      defaultLanguage: "ar",
      handoffReply: AR.handoffReply,
      offHoursReply: AR.offHoursReply,
    });
    expect(res.body.translations.en).toMatchObject({
      handoffReply: "Hold on!",
      offHoursReply: EN.offHoursReply,
    });
    const back = await patch({ defaultLanguage: "en" }, swapShop, id);
    expect(back.body).toMatchObject({ handoffReply: "Hold on!", offHoursReply: EN.offHoursReply });
    expect(back.body.translations.ar).toMatchObject({ handoffReply: AR.handoffReply });
  });

  it("refuses settings and texts it would not store, with the field's message, changing nothing", async () => {
    const before = await read();
    const refused = async (body: unknown) => {
      const res = await patch(body);
      expect([400, 413], JSON.stringify(body).slice(0, 160)).toContain(res.status);
      return res.body as { error: { code: string; details?: { path: string; message: string }[] } };
    };
    const hours = (patch: Partial<OfficeHours>) => ({ handoff: { officeHours: { ...gulfWeek, ...patch } } });

    const tz = await refused(hours({ timeZone: "Mars/Olympus_Mons" }));
    expect(tz.error.details?.[0]).toMatchObject({
      path: "body.handoff.officeHours.timeZone",
      message: "Choose a time zone from the list",
    });
    await refused(hours({ timeZone: "" }));
    await refused(hours({ timeZone: "../../etc/passwd" }));
    await refused(hours({ timeZone: `Asia/${"B".repeat(100)}` }));
    await refused(hours({ timeZone: "Asia/Bahrain\u0000" }));

    const same = await refused(
      hours({ days: [{ open: "09:00", close: "09:00" }, ...gulfWeek.days.slice(1)] }),
    );
    expect(same.error.details?.[0]).toMatchObject({
      path: "body.handoff.officeHours.days.0.close",
      message: "Closing time must be after opening time",
    });
    await refused(hours({ days: [...gulfWeek.days.slice(0, 6), { open: "18:00", close: "09:00" }] }));
    await refused(hours({ days: [{ open: "09:00", close: "24:00" }, ...gulfWeek.days.slice(1)] }));
    await refused(hours({ days: [{ open: "9am", close: "5pm" }, ...gulfWeek.days.slice(1)] }));
    await refused(hours({ days: [...gulfWeek.days, nineToFive] })); // 8 days
    await refused(hours({ days: gulfWeek.days.slice(1) })); // 6
    await refused({ handoff: { enabled: "yes" } });
    const short = await refused({ handoff: { waitSeconds: 5 } });
    expect(short.error.details?.[0]).toMatchObject({
      path: "body.handoff.waitSeconds",
      message: "Wait at least 15 seconds before offering the contact form",
    });
    await refused({ handoff: { waitSeconds: 3601 } });
    await refused({ handoff: { waitSeconds: 30.5 } });
    await refused({ handoff: { waitSeconds: "60" } });
    await refused({ handoff: { waitSeconds: -60 } });
    await refused({ handoff: { officeHours: "always" } });

    // A right-to-left override would show a disguised address; refused in both languages' texts.
    const disguised = "Write to \u202Emoc.knab-ruoy\u202C now";
    await refused({ handoffReply: disguised });
    await refused({ offHoursReply: disguised });
    await refused({ translations: { ar: { handoffReply: `اكتب إلى ${disguised}` } } });
    await refused({ translations: { ar: { offHoursReply: "\u202Bمغلق" } } });
    const long = await refused({ handoffReply: "x".repeat(501) });
    expect(long.error.details?.[0]).toMatchObject({
      path: "body.handoffReply",
      message: "Keep it under 500 characters",
    });
    await refused({ offHoursReply: "م".repeat(501) });
    await refused({ translations: { ar: { handoffReply: "م".repeat(501) } } });
    await refused({ translations: { ar: { offHoursReply: "x".repeat(1_000_000) } } });
    await refused({ handoffReply: "   " });
    await refused({ offHoursReply: "Closed\u0000" });

    expect(await read()).toEqual(before);
    // Exactly 500 is fine.
    expect((await patch({ offHoursReply: "ي".repeat(500) })).status).toBe(200);
    await patch({ offHoursReply: before.offHoursReply });
  });

  it("lets an agent read the settings but not change them (bots:write)", async () => {
    const token = await issuer.sign({ ...agent, workspaceId: shop.sub, workspaceRole: "agent" });
    const call = async (method: string, body?: unknown) => {
      const res = await fetch(`${t.url}/api/chatbots/${bot}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return {
        status: res.status,
        body: (await res.json()) as Partial<Chatbot> & { error?: { code: string } },
      };
    };
    const before = await read();
    const seen = await call("GET");
    expect(seen.status).toBe(200);
    expect(seen.body.handoff).toEqual(before.handoff);
    for (const body of [
      { handoff: { enabled: false } },
      { handoff: { officeHours: gulfWeek } },
      { handoffReply: "Hijacked" },
      { translations: { ar: { offHoursReply: "مخترق" } } },
    ]) {
      const res = await call("PATCH", body);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe("FORBIDDEN");
    }
    expect(await read()).toEqual(before);
  });
});
