import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./download";
import { countLabel, customerLabel, formatWhen } from "./format";

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

describe("countLabel", () => {
  it("pluralises and groups digits en-US", () => {
    expect(countLabel(1, "message")).toBe("1 message");
    expect(countLabel(1204, "message")).toBe("1,204 messages");
    expect(countLabel(2, "reply", "replies")).toBe("2 replies");
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
