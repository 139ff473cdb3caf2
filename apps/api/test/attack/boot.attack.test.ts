import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectBootRefused,
  type ProdApi,
  productionDrivers,
  productionSecrets,
  startProdApi,
} from "./prod-api";

describe("production boot", () => {
  it("refuses the test clock in production", async () => {
    const { code, output } = await expectBootRefused({ ...productionSecrets(), TEST_CLOCK: "true" });
    expect(code).toBe(1);
    expect(output).toMatch(/TEST_CLOCK/);
  });

  describe.each(productionDrivers())("on %s", (driver) => {
    let api: ProdApi;
    beforeAll(async () => {
      api = await startProdApi(driver);
    });
    afterAll(async () => api?.stop());

    it("serves the API and refuses an unsigned caller", async () => {
      expect((await api.fetch("/api/health")).status).toBe(200);
      const res = await api.fetch("/api/chatbots");
      expect(res.status).toBe(401);
      const token = await api.token("usr_attack_boot");
      expect((await api.fetch("/api/chatbots", { token })).status).toBe(200);
    });
  });
});
