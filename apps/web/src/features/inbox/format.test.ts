import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "../../lib/download";
import { customerLabel, dayBreaks, formatWhen as formatWhenIn, type InboxWords } from "./format";

const i18n = await createI18n("en");
const words: InboxWords = { language: "en", t: i18n.getFixedT("en", "inbox") };
const formatWhen = (iso: string, now: Date) => formatWhenIn(iso, now, words);

describe("formatWhen", () => {
  // Local-time constructors, so the expectations hold in any time zone.
  const now = new Date(2026, 2, 10, 15, 30);
  const at = (...args: [number, number, number, number, number]) => new Date(...args).toISOString();

  it("is relative within the hour", () => {
    expect(formatWhen(at(2026, 2, 10, 15, 30), now)).toBe("Just now");
    expect(formatWhen(at(2026, 2, 10, 15, 18), now)).toBe("12 min ago");
  });

  it("gives the time earlier today, then Yesterday, then the date", () => {
    expect(formatWhen(at(2026, 2, 10, 9, 5), now)).toBe("9:05 AM");
    expect(formatWhen(at(2026, 2, 9, 23, 59), now)).toBe("Yesterday");
    expect(formatWhen(at(2026, 2, 4, 12, 0), now)).toBe("Mar 4");
    expect(formatWhen(at(2025, 11, 31, 12, 0), now)).toBe("Dec 31, 2025");
  });

  it("shows nothing for a broken date", () => {
    expect(formatWhen("not a date", now)).toBe("");
  });
});

describe("counts", () => {
  it("pluralises and groups digits en-US", () => {
    expect(words.t("list.messages", { count: 1 })).toBe("1 message");
    expect(words.t("list.messages", { count: 1204 })).toBe("1,204 messages");
    expect(words.t("unanswered.fallbacks", { count: 2 })).toBe("2 fallback replies");
  });
});

describe("filenameFromDisposition", () => {
  it("takes the quoted or bare filename", () => {
    expect(filenameFromDisposition('attachment; filename="parley-leads-2026-03-10.csv"', "x.csv")).toBe(
      "parley-leads-2026-03-10.csv",
    );
    expect(filenameFromDisposition("attachment; filename=export.json", "x")).toBe("export.json");
  });

  it("prefers the RFC 5987 filename* form", () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="fallback.csv"; filename*=UTF-8''caf%C3%A9%20leads.csv`,
        "x",
      ),
    ).toBe("café leads.csv");
  });

  it("never returns a path or an empty name", () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', "x")).toBe("-..-etc-passwd");
    expect(filenameFromDisposition("attachment", "fallback.json")).toBe("fallback.json");
    expect(filenameFromDisposition(null, "fallback.json")).toBe("fallback.json");
    expect(filenameFromDisposition('attachment; filename=""', "fallback.json")).toBe("fallback.json");
  });
});

describe("customerLabel", () => {
  it("names a verified customer by name, else e-mail, else id", () => {
    expect(customerLabel({ id: "42", email: "s@x.example", name: "Sara" })).toBe("Sara");
    expect(customerLabel({ id: "42", email: "s@x.example", name: null })).toBe("s@x.example");
    expect(customerLabel({ id: "42", email: null, name: "" })).toBe("42");
  });
});

describe("dayBreaks", () => {
  const at = (y: number, m: number, d: number, h: number) => ({
    createdAt: new Date(y, m - 1, d, h).toISOString(),
  });
  it("marks nothing in a conversation of one day", () => {
    expect(dayBreaks([at(2026, 3, 4, 9), at(2026, 3, 4, 23)])).toEqual(new Set());
    expect(dayBreaks([])).toEqual(new Set());
  });
  it("marks the first message of each day (local time) when a conversation spans days", () => {
    expect(dayBreaks([at(2026, 3, 4, 9), at(2026, 3, 4, 10), at(2026, 3, 5, 8), at(2026, 3, 7, 1)])).toEqual(
      new Set([0, 2, 3]),
    );
  });
});
