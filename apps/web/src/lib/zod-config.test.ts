import { describe, expect, it } from "vitest";

describe("zod without eval", () => {
  it("zod reads the jitless setting made before it loads", async () => {
    await import("./zod-config");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
