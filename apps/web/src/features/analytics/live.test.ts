import { createI18n } from "@parley/ui/i18n";
import { describe, expect, it } from "vitest";
import { formatDuration, resolutionSplit } from "./live";

const en = (await createI18n("en")).getFixedT("en", "inbox");
const ar = (await createI18n("ar")).getFixedT("ar", "inbox");
const enDuration = (seconds: number | null) => formatDuration(seconds, en);
const arDuration = (seconds: number | null) => formatDuration(seconds, ar);

describe("formatDuration", () => {
  it("says seconds, then minutes, then hours and minutes, then days and hours (English)", () => {
    expect(enDuration(45)).toBe("45 s");
    expect(enDuration(1)).toBe("1 s");
    expect(enDuration(59.4)).toBe("59 s");
    expect(enDuration(59.6)).toBe("1 min");
    expect(enDuration(180)).toBe("3 min");
    expect(enDuration(89)).toBe("1 min");
    expect(enDuration(90)).toBe("2 min");
    expect(enDuration(3_570)).toBe("1 h");
    expect(enDuration(3_900)).toBe("1 h 5 min");
    expect(enDuration(7_200)).toBe("2 h");
    expect(enDuration(23 * 3600 + 59 * 60 + 40)).toBe("1 d");
    expect(enDuration(27 * 3600)).toBe("1 d 3 h");
    expect(enDuration(2 * 86_400 + 1_200)).toBe("2 d");
  });

  it("reads naturally in Arabic, each unit in its plural form and joined with و", () => {
    expect(arDuration(45)).toBe("45 ثانية");
    expect(arDuration(1)).toBe("ثانية واحدة");
    expect(arDuration(2)).toBe("ثانيتان");
    expect(arDuration(5)).toBe("5 ثوانٍ");
    expect(arDuration(180)).toBe("3 دقائق");
    expect(arDuration(120)).toBe("دقيقتان");
    expect(arDuration(11 * 60)).toBe("11 دقيقة");
    expect(arDuration(3_900)).toBe("ساعة واحدة و5 دقائق");
    expect(arDuration(7_200 + 120)).toBe("ساعتان ودقيقتان");
    expect(arDuration(27 * 3600)).toBe("يوم واحد و3 ساعات");
  });

  it("says so below a second, and shows a dash for no figure or a broken one", () => {
    expect(enDuration(0)).toBe("under 1 s");
    expect(enDuration(0.4)).toBe("under 1 s");
    expect(arDuration(0)).toBe("أقل من ثانية");
    for (const bad of [null, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(enDuration(bad)).toBe("—");
      expect(arDuration(bad)).toBe("—");
    }
  });
});

describe("resolutionSplit", () => {
  it("gives each side's share, adding up to exactly 100 %", () => {
    expect(resolutionSplit(3, 1)).toEqual({ bot: 0.75, person: 0.25 });
    expect(resolutionSplit(2, 1)).toEqual({ bot: 0.667, person: 0.333 });
    expect(resolutionSplit(1, 7)).toEqual({ bot: 0.125, person: 0.875 });
    expect(resolutionSplit(5, 0)).toEqual({ bot: 1, person: 0 });
    expect(resolutionSplit(0, 5)).toEqual({ bot: 0, person: 1 });
  });

  it("never shows a side that resolved something as 0 %", () => {
    expect(resolutionSplit(99_999, 1)).toEqual({ bot: 0.999, person: 0.001 });
    expect(resolutionSplit(1, 99_999)).toEqual({ bot: 0.001, person: 0.999 });
  });

  it("has nothing to split with no conversations, or with nonsense counts", () => {
    expect(resolutionSplit(0, 0)).toBeNull();
    expect(resolutionSplit(-3, 0)).toBeNull();
    expect(resolutionSplit(-3, 2)).toEqual({ bot: 0, person: 1 });
    expect(resolutionSplit(Number.NaN, 2)).toBeNull();
  });
});
