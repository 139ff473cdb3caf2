import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { DEV_AUTH_EVENTS_SECRET, DEV_PAYMENTS_SANDBOX_SECRET } from "../../src/env";
import { expectBootRefused, type ProdApi, productionSecrets, startProdApi } from "./prod-api";

/**
 * Production refuses development defaults at boot: an unnamed or sandbox payments mode (anyone
 * could approve their own payment), development and placeholder secrets, and trusting every
 * client's forwarding header. A staging site may run the sandbox, loudly.
 */
describe("production boot refuses development defaults", () => {
  const random = () => randomBytes(32).toString("hex");
  const withoutPayments = () => {
    const { PAYMENTS_MODE: _m, PAYMENTS_SANDBOX_IN_PRODUCTION: _f, ...rest } = productionSecrets();
    return rest;
  };

  it.each<[string, Record<string, string>, RegExp]>([
    [
      "no PAYMENTS_MODE (it used to default to the sandbox)",
      withoutPayments(),
      /PAYMENTS_MODE: is required in production/,
    ],
    [
      "the sandbox gateway without the staging flag",
      { ...withoutPayments(), PAYMENTS_MODE: "sandbox" },
      /PAYMENTS_MODE: must not be sandbox in production/,
    ],
    [
      "the public sandbox gateway secret",
      { ...productionSecrets(), PAYMENTS_SANDBOX_SECRET: DEV_PAYMENTS_SANDBOX_SECRET },
      /PAYMENTS_SANDBOX_SECRET: is a development default or a placeholder/,
    ],
    [
      "the development auth-events secret",
      { ...productionSecrets(), AUTH_EVENTS_SECRET: DEV_AUTH_EVENTS_SECRET },
      /AUTH_EVENTS_SECRET: is a development default or a placeholder/,
    ],
    [
      "the secret docker-compose.yml used to ship",
      { ...productionSecrets(), AUTH_EVENTS_SECRET: "change-me-to-another-long-random-secret-0123" },
      /AUTH_EVENTS_SECRET: is a development default or a placeholder/,
    ],
    [
      "trusting every client's X-Forwarded-For",
      { ...productionSecrets(), TRUST_PROXY: "true" },
      /TRUST_PROXY: must not be true in production/,
    ],
  ])("refuses %s", async (_name, env, message) => {
    const { code, output } = await expectBootRefused(env);
    expect(code).toBe(1);
    expect(output).toMatch(message);
    // The refusal names the variable without printing the secret.
    if (env.AUTH_EVENTS_SECRET) expect(output).not.toContain(env.AUTH_EVENTS_SECRET);
  });

  describe("a staging site that allows the sandbox", () => {
    let api: ProdApi;
    afterAll(async () => api?.stop());

    it("boots, warns at boot, and shows the test-mode banner on the pay page", async () => {
      api = await startProdApi("pglite", {
        PAYMENTS_MODE: "sandbox",
        PAYMENTS_SANDBOX_IN_PRODUCTION: "true",
        PAYMENTS_SANDBOX_SECRET: random(),
      });
      expect(api.output()).toMatch(/PAYMENTS_MODE=sandbox in production.*staging site/);
      const token = await api.token("usr_staging");
      const plans = (await (await api.fetch("/api/plans")).json()) as {
        _id: string;
        name: string;
        price: { amount: number };
      }[];
      const pro = plans.find((p) => p.name === "Pro");
      const started = await api.fetch("/api/payments/initiate", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ planId: pro?._id, amount: pro?.price.amount, payment_provider: "benefit" }),
      });
      expect(started.status).toBe(200);
      const { payment_url } = (await started.json()) as { payment_url: string };
      const page = await (await fetch(payment_url)).text();
      expect(page).toContain('data-testid="test-mode-banner"');
      expect(page).toContain("Test mode.");
    });
  });
});
