import enApp from "@parley/ui/locales/en/app";
import { describe, expect, it } from "vitest";
import { loadingTaglines, pickTagline } from "./taglines";

describe("loading taglines", () => {
  it("has exactly 18 distinct lines", () => {
    expect(loadingTaglines).toHaveLength(18);
    expect(new Set(loadingTaglines).size).toBe(18);
    const lines = loadingTaglines.map((key) => enApp.splash.taglines[key.split(".")[2] as "t01"]);
    expect(new Set(lines).size).toBe(18);
    expect(Object.keys(enApp.splash.taglines)).toHaveLength(18);
  });

  it("keeps the spec's English lines", () => {
    expect(enApp.splash.taglines.t01).toBe("AI chatbots that answer from your own knowledge.");
    expect(enApp.splash.taglines.t18).toBe("Helpful at 3 a.m., on every page of your site.");
  });

  it("maps the whole random range onto the list", () => {
    expect(pickTagline(() => 0)).toBe(loadingTaglines[0]);
    expect(pickTagline(() => 0.999999)).toBe(loadingTaglines[17]);
    expect(pickTagline(() => 0.5)).toBe(loadingTaglines[9]);
  });
});
