import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "../../lib/download";
import { analyticsPath } from "./paths";

const en = (await createI18n("en")).getFixedT("en", "inbox");
const ar = (await createI18n("ar")).getFixedT("ar", "inbox");

describe("Export CSV on the analytics page", () => {
  it("asks for the figures shown: the same range and bot as the page's query", () => {
    const shown = { from: "2026-01-01", to: "2026-01-31", chatbotId: "cb_shop" };
    expect(analyticsPath(shown)).toBe("/api/analytics?from=2026-01-01&to=2026-01-31&chatbotId=cb_shop");
    expect(analyticsPath(shown, "csv")).toBe(
      "/api/analytics.csv?from=2026-01-01&to=2026-01-31&chatbotId=cb_shop",
    );
    // All bots: no chatbotId at all.
    expect(analyticsPath({ from: "2026-01-01", to: "2026-01-07" }, "csv")).toBe(
      "/api/analytics.csv?from=2026-01-01&to=2026-01-07",
    );
  });

  it("keeps a bot id from smuggling in another range (hostile)", () => {
    const path = analyticsPath(
      { from: "2026-01-01", to: "2026-01-31", chatbotId: "cb_x&from=2000-01-01#" },
      "csv",
    );
    const params = new URL(path, "https://app.example").searchParams;
    expect(params.getAll("from")).toEqual(["2026-01-01"]);
    expect(params.get("chatbotId")).toBe("cb_x&from=2000-01-01#");
  });

  it("saves the file under the name the API gives (its range), else the range's own", () => {
    const header = 'attachment; filename="parley-analytics-2026-01-01-to-2026-01-31.csv"';
    expect(filenameFromDisposition(header, "fallback.csv")).toBe(
      "parley-analytics-2026-01-01-to-2026-01-31.csv",
    );
    expect(filenameFromDisposition(null, "parley-analytics-2026-01-01-to-2026-01-31.csv")).toBe(
      "parley-analytics-2026-01-01-to-2026-01-31.csv",
    );
  });

  it("labels the button in English and Arabic", () => {
    expect(en("analytics.export.button")).toBe("Export CSV");
    expect(en("analytics.export.preparing")).toBe("Preparing…");
    expect(ar("analytics.export.button")).toBe("تصدير CSV");
    expect(ar("analytics.export.preparing")).toMatch(/[\u0600-\u06FF]/);
  });
});
