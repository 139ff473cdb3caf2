import { z } from "zod";
import { featureLines, type PlanFormValues } from "../console";
import { reasonField, type ValidationKey } from "./form";

const key = (k: ValidationKey) => k;

const count = (min: number, max: number) =>
  z
    .number({ error: key(min === 1 ? "atLeastOne" : "wholeNumber") })
    .int(key(min === 1 ? "atLeastOne" : "wholeNumber"))
    .min(min, key(min === 1 ? "atLeastOne" : "wholeNumber"))
    .max(max, key("tooBig"));

const features = z
  .string()
  .refine((text) => featureLines(text).length <= 20, key("featuresMax"))
  .refine((text) => featureLines(text).every((line) => line.length <= 200), key("tooLong"));

const name = z.string().trim().min(1, key("nameBoth")).max(60, key("tooLong"));
const description = z.string().trim().max(500, key("tooLong"));

/** The plan form's checks (the API's bounds, so a refusal is rare); the Free plan keeps price 0. */
export function planFormSchema(free: boolean) {
  return z.object({
    price: free
      ? z.number({ error: key("price") })
      : z
          .number({ error: key("price") })
          .gt(0, key("price"))
          .max(100_000, key("tooBig")),
    priceFrom: z.string().refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), key("priceDate")),
    limits: z.object({
      chatbots: count(0, 100_000),
      messagesPerMonth: count(0, 100_000_000),
      knowledgeSources: count(0, 1_000_000),
      teamMembers: count(1, 10_000),
    }),
    name: z.object({ en: name, ar: name }),
    description: z.object({ en: description, ar: description }),
    features: z.object({ en: features, ar: features }),
    isActive: z.boolean(),
    reason: reasonField,
  }) satisfies z.ZodType<PlanFormValues>;
}
