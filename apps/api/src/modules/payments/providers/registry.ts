import type { PaymentMethod } from "@parley/contracts";
import type { Env } from "../../../env";
import { createBenefitProvider } from "./benefit";
import { createMpgsProvider } from "./mpgs";
import type { PaymentProvider, ProviderId } from "./provider";
import { createSandboxProvider } from "./sandbox";

/** 'mastercard' → Mastercard hosted checkout, 'benefit' → BENEFIT; sandbox mode puts the sandbox behind both. */
export function createProviderRegistry(env: Env, ctx: { gatewayUrl: () => string; now: () => Date }) {
  const byId = new Map<ProviderId, PaymentProvider>();
  const byMethod = new Map<PaymentMethod, PaymentProvider>();
  if (env.PAYMENTS_MODE === "sandbox") {
    const sandbox = createSandboxProvider({
      gatewayUrl: ctx.gatewayUrl,
      secret: env.PAYMENTS_SANDBOX_SECRET,
      now: ctx.now,
    });
    byId.set("sandbox", sandbox);
    byMethod.set("mastercard", sandbox);
    byMethod.set("benefit", sandbox);
  } else {
    const benefit = createBenefitProvider({
      tranportalId: env.BENEFIT_TRANPORTAL_ID ?? "",
      tranportalPassword: env.BENEFIT_TRANPORTAL_PASSWORD ?? "",
      resourceKey: env.BENEFIT_RESOURCE_KEY ?? "",
      endpoint: env.BENEFIT_ENDPOINT,
    });
    const mpgs = createMpgsProvider({
      baseUrl: env.MPGS_BASE_URL ?? "",
      merchantId: env.MPGS_MERCHANT_ID ?? "",
      apiPassword: env.MPGS_API_PASSWORD ?? "",
      webhookSecret: env.MPGS_WEBHOOK_SECRET ?? "",
    });
    byId.set("benefit", benefit);
    byId.set("mpgs", mpgs);
    byMethod.set("benefit", benefit);
    byMethod.set("mastercard", mpgs);
  }
  return {
    forMethod(method: PaymentMethod): PaymentProvider {
      const p = byMethod.get(method);
      if (!p) throw new Error(`no payment provider for ${method}`);
      return p;
    },
    byId: (id: ProviderId) => byId.get(id),
  };
}
