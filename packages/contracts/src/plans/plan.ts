import { z } from "zod";

export const billingIntervalSchema = z.enum(["monthly", "yearly"]);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** ISO 4217 code. BHD is the default currency (three decimal places). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, "Currency must be an ISO 4217 code");

/**
 * Money as shown to clients: `amount` is in major units (e.g. 9.5 BHD), derived on the server
 * from the integer minor units stored in the database. Never do arithmetic on it in the client.
 */
export const moneySchema = z.object({
  amount: z.number().nonnegative(),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;

/** The numeric limits a plan grants; the entitlements service enforces these by `key`. */
export const planLimitKeySchema = z.enum(["chatbots", "messagesPerMonth", "knowledgeSources", "teamMembers"]);
export type PlanLimitKey = z.infer<typeof planLimitKeySchema>;

export const planFeatureObjectSchema = z.object({
  name: z.string(),
  value: z.number(),
  unit: z.string(),
  /** Stable machine key for enforced limits; plain marketing features have none. */
  key: planLimitKeySchema.optional(),
});
export const planFeatureSchema = z.union([z.string(), planFeatureObjectSchema]);
export type PlanFeature = z.infer<typeof planFeatureSchema>;
export type PlanFeatureObject = z.infer<typeof planFeatureObjectSchema>;

/** A plan's words in one language: its name, description and marketing features. */
export const planTextsSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  extras: z.array(z.string()),
});
export type PlanTexts = z.infer<typeof planTextsSchema>;

/**
 * The languages every plan's words are stored in (the apps' languages): each plan keeps its own
 * words per language, so editing one language never loses another.
 */
export const PLAN_LANGUAGES = ["en", "ar"] as const;
export type PlanLanguage = (typeof PLAN_LANGUAGES)[number];
export const planTextsByLanguageSchema = z.object({ en: planTextsSchema, ar: planTextsSchema });
export type PlanTextsByLanguage = z.infer<typeof planTextsByLanguageSchema>;

/** A plan's name in every language, for replies that name a plan without sending it whole. */
export const planNamesSchema = z.object({ en: z.string(), ar: z.string() });
export type PlanNames = z.infer<typeof planNamesSchema>;

export const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  description: z.string(),
  price: moneySchema,
  billingInterval: billingIntervalSchema,
  features: z.array(planFeatureSchema),
  /** Position in the ladder (Free 0 … Business 3); decides upgrade versus downgrade. */
  tier: z.number().int().nonnegative(),
  /** The plan's name, description and marketing features in each language, as stored with it. */
  texts: planTextsByLanguageSchema,
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.array(planSchema);
export type PlanList = z.infer<typeof planListSchema>;
